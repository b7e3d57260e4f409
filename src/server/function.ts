// The function: the app behind every dynamic path (vercel.json, generated from the route table
// rewrites them to /api), routing on the original URL it receives. The build bundles this module
// into generated/function/ (src/builder/function-bundle.ts), which api/index.ts loads; `npm run dev`
// and the unit tests import it as source. Vercel needs an object with `fetch` (or the Hono app
// itself): a bare `app.fetch` is taken for a Node (req, res) handler and the request hangs.
import { createApp } from './app.ts';

const app = createApp();

export default { fetch: app.fetch };
