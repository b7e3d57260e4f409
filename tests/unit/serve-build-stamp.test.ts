// npm start builds when the build is missing or stale: the stamp logic.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { staleReason, writeStamp } from '../../scripts/lib/build.ts';
import { codeHash, contentHash } from '../../src/builder/code-hash.ts';
import { folio } from '../../src/builder/integration.ts';
import { DATA_FILE } from '../../src/search/data-file.ts';

const root = mkdtempSync(join(tmpdir(), 'folio-stamp-'));
// This project's own content/ folder, whatever the test run's FOLIO_CONTENT says.
vi.stubEnv('FOLIO_CONTENT', '');
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
write('content/site.md', 'site');
write('src/a.ts', 'a');
write('astro.config.ts', 'config');
write('package-lock.json', '{}');
const stamp = (siteUrl: string) => writeStamp(siteUrl, root);

const LOCAL = 'http://localhost:4321';

describe('npm start: build when missing or stale', () => {
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

  test('a change to the content → stale, and npm start says so', () => {
    stamp(LOCAL);
    write('content/site.md', 'changed');
    expect(staleReason(LOCAL, root)).toBe('content changed in content/');
    stamp(LOCAL);
    write('content/projects/new.md', 'new');
    expect(staleReason(LOCAL, root)).toBe('content changed in content/');
  });

  test('another content folder (FOLIO_CONTENT) → stale, although content/ did not change', () => {
    write('other/site.md', 'site');
    stamp(LOCAL);
    vi.stubEnv('FOLIO_CONTENT', 'other');
    expect(staleReason(LOCAL, root)).toBe('content changed in other/');
    vi.stubEnv('FOLIO_CONTENT', '');
  });

  test("a change to Folio's source, config or the lockfile → stale", () => {
    for (const file of ['src/a.ts', 'astro.config.ts', 'package-lock.json']) {
      stamp(LOCAL);
      write(file, `changed ${file}`);
      expect(staleReason(LOCAL, root), file).toBe("Folio's code, config or dependencies changed");
    }
  });

  test('a data file rewritten after the build (npm run dev writes its own) → stale', () => {
    stamp('http://localhost:4321');
    write('generated/folio-data.json', '{"dev":true}');
    expect(staleReason(LOCAL, root)).toMatch(/data file was rewritten/);
  });

  test('FO-SCHEDULED: the day a scheduled post comes due → stale, though no file changed; not before, not after', () => {
    write('content/posts/later.md', '---\ntitle: Later\nsummary: S\ndate: 2030-06-01\n---\n\nText.\n');
    write('content/posts/earlier.md', '---\ntitle: Earlier\nsummary: S\ndate: "2030-01-01"\n---\n\nText.\n');
    vi.stubEnv('FOLIO_NOW', '2030-05-30');
    stamp(LOCAL);
    vi.stubEnv('FOLIO_NOW', '2030-05-31');
    expect(staleReason(LOCAL, root)).toBeUndefined();
    vi.stubEnv('FOLIO_NOW', '2030-06-01');
    expect(staleReason(LOCAL, root)).toBe('content changed in content/');
    stamp(LOCAL);
    vi.stubEnv('FOLIO_NOW', '2030-06-02');
    expect(staleReason(LOCAL, root)).toBeUndefined();
    vi.stubEnv('FOLIO_NOW', '');
    rmSync(join(root, 'content/posts'), { recursive: true });
  });

  test('the hash covers names as well as contents (a rename is a change)', () => {
    const [code, content] = [codeHash(root), contentHash(root)];
    cpSync(join(root, 'src/a.ts'), join(root, 'src/b.ts'));
    rmSync(join(root, 'src/a.ts'));
    expect(codeHash(root)).not.toBe(code);
    cpSync(join(root, 'content/site.md'), join(root, 'content/site2.md'));
    rmSync(join(root, 'content/site.md'));
    expect(contentHash(root)).not.toBe(content);
  });
});

describe('only a build and astro dev write the data file', () => {
  type Setup = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;
  test('astro check (its sync) and astro preview leave a build’s data file alone, so the build stays fresh', async () => {
    const setup = folio().hooks['astro:config:setup'] as Setup;
    const data = join(root, DATA_FILE);
    const read = () => (existsSync(data) ? readFileSync(data, 'utf8') : 'no data file');
    const before = read();
    for (const command of ['sync', 'preview'] as const) {
      const options = { config: { root: pathToFileURL(`${root}/`) }, command, logger: { info() {}, warn() {} } };
      await setup(options as unknown as Parameters<Setup>[0]);
      expect(read(), command).toBe(before);
    }
  });
});
