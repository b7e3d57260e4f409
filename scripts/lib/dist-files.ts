// The file-system phase of Vercel's routing over a build output directory (dist/): with
// cleanUrls, /about is about.html (or about/index.html) and / is index.html. Media types by
// extension, as a static host sends them; vercel.json's header rules refine them afterwards.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { StaticFiles } from './vercel-router.ts';

export const MEDIA_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export function distFiles(dir: string): StaticFiles {
  const root = resolve(dir);
  const read = async (candidate: string): Promise<Response | undefined> => {
    const file = join(root, candidate);
    // `..` can arrive percent-encoded; whatever it says, nothing outside the output is served.
    if (file !== root && !file.startsWith(root + sep)) return undefined;
    try {
      if (!(await stat(file)).isFile()) return undefined;
      const body = await readFile(file);
      return new Response(body, { headers: { 'Content-Type': MEDIA_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' } });
    } catch {
      return undefined;
    }
  };
  return {
    async get(path) {
      if (path.includes('\0')) return undefined;
      const candidates = path === '/' ? ['index.html'] : [path, `${path}.html`, `${path}/index.html`];
      for (const candidate of candidates) {
        const found = await read(candidate);
        if (found) return found;
      }
      return undefined;
    },
  };
}
