// npm start builds when the build is missing or stale: the stamp logic.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inputsHash, staleReason, STAMP_FILE } from '../../scripts/lib/build.ts';

const root = mkdtempSync(join(tmpdir(), 'folio-stamp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
write('content/site.md', 'site');
write('src/a.ts', 'a');
write('astro.config.ts', 'config');
write('package-lock.json', '{}');
const dataHash = () => createHash('sha256').update(readFileSync(join(root, 'generated/folio-data.json'))).digest('base64url');
const stamp = (siteUrl: string) => write(STAMP_FILE, JSON.stringify({ inputs: inputsHash(root), data: dataHash(), siteUrl }));

const LOCAL = 'http://localhost:4321';

describe('serve issue § 4: build when missing or stale', () => {
  test('missing outputs → build', () => {
    expect(staleReason(LOCAL, root)).toBe('dist/index.html is missing');
    write('dist/index.html', '<h1>');
    write('generated/folio-data.json', '{}');
    expect(staleReason(LOCAL, root)).toBe('generated/pages-manifest.json is missing');
    write('generated/pages-manifest.json', '{}');
    expect(staleReason(LOCAL, root)).toBe('the build has no stamp');
  });

  test('a matching stamp → fresh; a build made for another site URL → stale', () => {
    stamp(LOCAL);
    expect(staleReason(LOCAL, root)).toBeUndefined();
    expect(staleReason('http://127.0.0.1:9999', root)).toBe('it was built for http://localhost:4321');
  });

  test('a change to content, source, config or the lockfile → stale', () => {
    for (const file of ['content/site.md', 'src/a.ts', 'astro.config.ts', 'package-lock.json']) {
      stamp('http://localhost:4321');
      write(file, `changed ${file}`);
      expect(staleReason(LOCAL, root), file).toBe('content, source or dependencies changed');
    }
    stamp('http://localhost:4321');
    write('content/projects/new.md', 'new');
    expect(staleReason(LOCAL, root)).toBe('content, source or dependencies changed');
  });

  test('a data file rewritten after the build (npm run dev writes its own) → stale', () => {
    stamp('http://localhost:4321');
    write('generated/folio-data.json', '{"dev":true}');
    expect(staleReason(LOCAL, root)).toMatch(/data file was rewritten/);
  });

  test('the hash covers names as well as contents (a rename is a change)', () => {
    const before = inputsHash(root);
    cpSync(join(root, 'src/a.ts'), join(root, 'src/b.ts'));
    rmSync(join(root, 'src/a.ts'));
    expect(inputsHash(root)).not.toBe(before);
  });
});
