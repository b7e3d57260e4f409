// The one Vercel function: every dynamic path is rewritten here (see vercel.json).
import { createApp } from '../src/server/app.ts';

const app = createApp();

export default { fetch: app.fetch };
