// The file-system phase of Vercel's routing over a build output directory (dist/): with
// cleanUrls, /about is about.html (or about/index.html) and / is index.html. Media types by
// extension, as a static host sends them; vercel.json's header rules refine them afterwards.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { StaticFile, StaticFiles } from './vercel-router.ts';
import { HTML, JSON_TYPE, MARKDOWN, TEXT } from '../../src/server/media-types.ts';

export const MEDIA_TYPES: Record<string, string> = {
  '.html': HTML,
  '.md': MARKDOWN,
  '.txt': TEXT,
  '.json': JSON_TYPE,
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': JSON_TYPE,
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

/**
 * Bytes of file bodies kept in memory, and lookups remembered (hits and misses). `npm start` builds
 * before it listens and never while it serves, so dist/ does not change under it: each file is read
 * from disk once, and a page load does not queue a file-system round trip per asset.
 */
export const CACHE_BYTES = 64 * 2 ** 20;
export const CACHE_ENTRIES = 50_000;

export function distFiles(dir: string): StaticFiles {
  const root = resolve(dir);
  /** What each asked-for path resolved to (a file, or `null` for a miss), so a repeat costs one lookup. */
  const known = new Map<string, StaticFile | null>();
  let cachedBytes = 0;
  const read = async (candidate: string): Promise<StaticFile | null> => {
    const file = join(root, candidate);
    // `..` can arrive percent-encoded; whatever it says, nothing outside the output is served.
    if (file !== root && !file.startsWith(root + sep)) return null;
    try {
      if (!(await stat(file)).isFile()) return null;
      return { headers: { 'content-type': MEDIA_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' }, body: await readFile(file) };
    } catch {
      return null;
    }
  };
  return {
    async get(path) {
      if (path.includes('\0')) return undefined;
      const seen = known.get(path);
      if (seen !== undefined) return seen ?? undefined;
      let found: StaticFile | null = null;
      for (const candidate of path === '/' ? ['index.html'] : [path, `${path}.html`, `${path}/index.html`]) {
        if ((found = await read(candidate))) break;
      }
      // Remembered within bounds; past them, files are simply read from disk each time.
      const bytes = (found?.body as Uint8Array | undefined)?.byteLength ?? 0;
      if (known.size < CACHE_ENTRIES && cachedBytes + bytes <= CACHE_BYTES) {
        known.set(path, found);
        cachedBytes += bytes;
      }
      return found ?? undefined;
    },
  };
}
