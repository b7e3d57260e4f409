// The built site served as Vercel serves it: vercel.json's redirects, headers and rewrites, the
// routing middleware, static files from dist/ and the one function. `npm start` and `npm run check`
// both serve through it, after the build.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { distFiles } from './dist-files.ts';
import { listen } from './node-server.ts';
import { createVercelRouter } from './vercel-router.ts';
import { recordExchanges } from './record-exchanges.ts';

export async function serveBuild({ port, hostname, allowedHosts }: { port: number; hostname: string; allowedHosts: string[] }): Promise<Server> {
  // Imported here, after the build: the middleware and the function read what it wrote.
  const config = JSON.parse(readFileSync('vercel.json', 'utf8'));
  const middleware = await import('../../middleware.ts');
  const fn = await functionOrExit();
  // FOLIO_RECORD_FILE (set by scripts/test.ts only): log the function's answers for the contract test,
  // each against this site's own description.
  const route = createVercelRouter({ config, middleware, files: distFiles('dist'), fn: { fetch: recordExchanges(fn.fetch, undefined, 'dist/openapi.json') } });
  return listen({ port, hostname, handler: route, allowedHosts });
}

/**
 * The function, or its start-up error's message and exit 1 (FO-CONFIG-STARTUP): uncaught, Node would
 * print the bundle's minified source line, hundreds of kilobytes, before the message that matters.
 * FOLIO_DEBUG=1 prints the whole error.
 */
async function functionOrExit() {
  try {
    return (await import('../../api/index.ts')).default;
  } catch (error) {
    console.error(process.env.FOLIO_DEBUG ? error : error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
