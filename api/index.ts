// The one Vercel function: every dynamic path is rewritten here (vercel.json, generated from the
// route table), and the app routes on the original URL the function receives. Vercel needs an
// object with `fetch` (or the Hono app itself): a bare `app.fetch` is taken for a Node (req, res)
// handler and the request hangs.
import { createApp } from '../src/server/app.ts';

const app = createApp();

export default { fetch: app.fetch };
