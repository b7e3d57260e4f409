// `npm start`: build when the build is missing or stale, then serve dist/ exactly as Vercel would:
// the same vercel.json (redirects, headers, rewrites), the same middleware, the same function.
// PORT (4321) and HOST (localhost) choose the address; FOLIO_SITE_URL the site's absolute URLs
// (default: this server's address).
import { readFileSync } from 'node:fs';
import { build, staleReason } from './lib/build.ts';
import { distFiles } from './lib/dist-files.ts';
import { banner, listen } from './lib/node-server.ts';
import { createVercelRouter } from './lib/vercel-router.ts';
import { recordExchanges } from '../src/server/record.ts';

const port = Number(process.env.PORT || 4321);
const hostname = process.env.HOST || 'localhost';
const base = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
const siteUrl = process.env.FOLIO_SITE_URL?.replace(/\/+$/, '') || base;

const reason = staleReason(siteUrl);
if (reason) {
  console.log(`Building (${reason})…`);
  build(siteUrl);
}

// Imported after the build: the middleware and the function read what it wrote.
const config = JSON.parse(readFileSync('vercel.json', 'utf8'));
const middleware = await import('../middleware.ts');
const { default: fn } = await import('../api/index.ts');

// FOLIO_RECORD_FILE (set by `npm test` only): log the function's answers for the contract test.
const route = createVercelRouter({ config, middleware, files: distFiles('dist'), fn: { fetch: recordExchanges(fn.fetch) } });
await listen({ port, hostname, handler: route });
console.log(banner(base, siteUrl !== base ? `Absolute URLs point at ${siteUrl} (FOLIO_SITE_URL).` : undefined));
