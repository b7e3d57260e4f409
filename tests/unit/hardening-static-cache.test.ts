// The local server's static files are read from disk once (bench/RESULTS.md: per-request fs calls
// held static throughput under a tenth of a plain server's). What the memory holds must be exactly
// what the disk held, misses included, and the output directory's boundary still holds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distFiles } from '../../scripts/local-server/dist-files.ts';
import type { StaticFile } from '../../scripts/local-server/vercel-router.ts';

const root = mkdtempSync(join(tmpdir(), 'folio-static-'));
const dist = join(root, 'dist');
mkdirSync(join(dist, 'projects'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<h1>home</h1>');
writeFileSync(join(dist, 'projects', 'quarry.html'), '<h1>quarry</h1>');
writeFileSync(join(dist, 'projects', 'quarry.md'), '# Quarry\n\nCafé ☕');
writeFileSync(join(root, 'secret.txt'), 'secret');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const req = new Request('http://127.0.0.1/');
const text = (file: StaticFile | undefined) => new TextDecoder().decode(file!.body as Uint8Array);

describe('hardening: static files served from memory after the first read (docs/architecture.md § Shape: npm start serves dist/ as Vercel would)', () => {
  it('each answer carries the bytes and media type on disk, on the first and every later read', async () => {
    const files = distFiles(dist);
    for (let i = 0; i < 3; i++) {
      const md = (await files.get('/projects/quarry.md', req))!;
      expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(text(md)).toBe('# Quarry\n\nCafé ☕');
      expect(text(await files.get('/projects/quarry.html', req))).toBe('<h1>quarry</h1>');
      expect(text(await files.get('/', req))).toBe('<h1>home</h1>');
    }
  });

  it('a body can be read by many answers at once (one cached buffer, independent responses)', async () => {
    const files = distFiles(dist);
    const answers = await Promise.all(Array.from({ length: 20 }, () => files.get('/projects/quarry.md', req)));
    expect(new Set(await Promise.all(answers.map((a) => new Response(a!.body).text())))).toEqual(new Set(['# Quarry\n\nCafé ☕']));
  });

  it('FO-LOCAL-GUARDS: misses stay misses, and nothing outside dist/ is served however the path is spelled', async () => {
    const files = distFiles(dist);
    for (let i = 0; i < 2; i++) {
      expect(await files.get('/projects/nope', req)).toBeUndefined();
      expect(await files.get('/../secret.txt', req)).toBeUndefined();
      expect(await files.get('/projects/../../secret.txt', req)).toBeUndefined();
      expect(await files.get('/projects\0.md', req)).toBeUndefined();
    }
  });
});
