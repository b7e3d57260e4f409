// PROVISIONAL local server (the serving issue replaces it): serves dist/ and sends dynamic paths to the function.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve } from '@hono/node-server';

if (!existsSync('dist/index.html') || process.env.FOLIO_SITE_URL) {
  const r = spawnSync('node_modules/.bin/astro', ['build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const { default: fn } = await import('../api/index.ts');
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.md': 'text/markdown; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.json': 'application/json', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.png': 'image/png', '.xml': 'application/xml' };
const port = Number(process.env.PORT ?? 4321);
const hostname = process.env.HOST ?? 'localhost';
serve({ port, hostname, fetch: (req: Request) => {
  const url = new URL(req.url);
  const p = decodeURIComponent(url.pathname);
  for (const candidate of [p, `${p}.html`, join(p, 'index.html')]) {
    const file = join('dist', candidate);
    if (!candidate.includes('..') && existsSync(file) && statSync(file).isFile()) {
      return new Response(readFileSync(file), { headers: { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' } });
    }
  }
  return fn.fetch(req);
} }, () => console.log(`Folio on http://${hostname}:${port}`));
