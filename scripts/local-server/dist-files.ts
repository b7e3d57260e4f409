// The file-system phase of Vercel's routing over a build output directory (dist/): a path names the
// file of that exact name, and / is index.html (a page's path reaches its .html file through a
// rewrite in vercel.json's routes, as on Vercel). Media types by
// extension, as a static host sends them; vercel.json's header rules refine them afterwards.
import { createHash } from 'node:crypto';
import { readFile as fsReadFile, stat } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { extname, join, resolve, sep } from 'node:path';
import type { StaticFile, StaticFiles } from './vercel-router.ts';
import { HTML, JSON_TYPE, MARKDOWN, TEXT } from '../../src/http/media-types.ts';

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
 * What the memory of lookups may hold, in bytes: file bodies and the paths asked for, misses
 * included, so a flood of long, distinct misses cannot grow it (FO-BOUNDED: without that, 50,000
 * misses of 15 KB paths kept 719 MB). `npm start` builds before it listens and never while it
 * serves, so dist/ does not change under it: a remembered file is read from disk once, and a page
 * load does not queue a file-system round trip per asset. Least recently used lookups go first.
 */
export const CACHE_BYTES = 64 * 2 ** 20;
export const CACHE_ENTRIES = 50_000;
/** A lookup's cost beyond its path and body: the entry, its result object and the media type. */
const ENTRY_OVERHEAD = 200;
/** The lookup found nothing (lru-cache keeps no `null`). */
const MISS = false;

export interface DistFilesOptions {
  /** Bytes the memory of lookups may hold (CACHE_BYTES); tests make it small. */
  maxBytes?: number;
  /** Reads a file's bytes (fs.readFile); tests count the reads. */
  readFile?: (file: string) => Promise<Uint8Array<ArrayBuffer>>;
}

export interface DistFiles extends StaticFiles {
  /** How much the memory of lookups holds now. */
  cached(): { entries: number; bytes: number };
}

export function distFiles(dir: string, { maxBytes = CACHE_BYTES, readFile = readFileFromDisk }: DistFilesOptions = {}): DistFiles {
  const root = resolve(dir);
  /** What each asked-for path resolved to, so a repeat costs one lookup. */
  const known = new LRUCache<string, StaticFile | typeof MISS>({
    max: CACHE_ENTRIES,
    maxSize: maxBytes,
    // Strings cost up to two bytes a character; a file bigger than the whole budget is not kept.
    sizeCalculation: (found, path) => ENTRY_OVERHEAD + 2 * path.length + (found ? (found.body as Uint8Array).byteLength : 0),
  });
  /**
   * Lookups under way: concurrent requests for a cold file share one read (FO-BOUNDED: else 3,000
   * pipelined requests for openapi.json read it 3,000 times, RSS 366 → 1,013 MB).
   */
  const pending = new Map<string, Promise<StaticFile | typeof MISS>>();
  const read = async (candidate: string): Promise<StaticFile | null> => {
    const file = join(root, candidate);
    // `..` can arrive percent-encoded; whatever it says, nothing outside the output is served.
    if (file !== root && !file.startsWith(root + sep)) return null;
    try {
      if (!(await stat(file)).isFile()) return null;
      const body = await readFile(file);
      // A validator on every file, as Vercel sends one (RFC 9110 § 8.8.3): clients revalidate with If-None-Match.
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      return { headers: { 'content-type': MEDIA_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream', etag }, body };
    } catch {
      return null;
    }
  };
  const lookUp = async (path: string): Promise<StaticFile | typeof MISS> => (await read(path === '/' ? 'index.html' : path)) ?? MISS;
  return {
    async get(path) {
      if (path.includes('\0')) return undefined;
      let found = known.get(path) ?? pending.get(path);
      if (found === undefined) {
        const lookup = lookUp(path);
        pending.set(path, lookup);
        try {
          found = await lookup;
          known.set(path, found);
        } finally {
          pending.delete(path);
        }
      }
      return (await found) || undefined;
    },
    cached: () => ({ entries: known.size, bytes: known.calculatedSize }),
  };
}

const readFileFromDisk = (file: string) => fsReadFile(file) as Promise<Uint8Array<ArrayBuffer>>;
