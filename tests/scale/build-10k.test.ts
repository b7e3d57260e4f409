// The scale test (`npm run test:scale`, run when build code changes; CI runs the 1,000-record guard,
// owner-scale.test.ts, instead): generate the
// 10,000-record corpus (bench/corpus.ts, seeded) in a throwaway copy of the project, build it with
// the project's own `npm run build`, and check that every record got its page and its Markdown twin
// and that the function's data file holds them all. It takes minutes (bench/RESULTS.md has the
// build time); it must never take hours again, which is what per-page O(N) work did before the
// build-scale fixes.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.ts';
import { copyProject, projectBuild, removeDir, tempDir } from '../../bench/site.ts';
import { readDataFile } from '../../src/search/data-file.ts';

const RECORDS = 10_000;

describe('FO-SCALE: a build of 10,000 records succeeds (docs/architecture.md § Shape: one content folder in, every surface out)', () => {
  let root = '';
  afterAll(() => root && removeDir(root));

  it(
    'npm run build succeeds; every project and page has its HTML page and .md twin; the data file and index hold all 10,000',
    async () => {
      root = copyProject(tempDir('build-10k'));
      const corpus = generateCorpus(root, { records: RECORDS });
      expect(corpus.projects.length + corpus.pages.length).toBe(RECORDS);
      const build = await projectBuild(root, { FOLIO_SITE_URL: 'http://127.0.0.1:4321', FOLIO_CONTENT: '' });
      expect(build.ok, build.tail).toBe(true);
      console.log(`10,000-record build: ${(build.ms / 1000).toFixed(0)} s`);

      const dist = join(root, 'dist');
      const projectFiles = new Set(readdirSync(join(dist, 'projects')));
      const missingPages = corpus.projects.filter((s) => !projectFiles.has(`${s}.html`));
      const missingTwins = corpus.projects.filter((s) => !projectFiles.has(`${s}.md`));
      expect(missingPages, 'projects without an HTML page').toEqual([]);
      expect(missingTwins, 'projects without a Markdown twin').toEqual([]);
      expect([...projectFiles].filter((f) => f.endsWith('.html')).length).toBe(corpus.projects.length);
      for (const slug of corpus.pages) {
        expect(existsSync(join(dist, `${slug}.html`)), `/${slug}`).toBe(true);
        expect(existsSync(join(dist, `${slug}.md`)), `/${slug}.md`).toBe(true);
      }
      for (const file of ['index.html', 'projects.html', 'llms.txt', 'llms-full.txt']) expect(existsSync(join(dist, file)), file).toBe(true);

      const data = readDataFile(join(root, 'generated/folio-data.json'));
      expect(data.projects.length).toBe(corpus.projects.length);
      expect(data.pages.length).toBe(corpus.pages.length);
      expect(data.index.documentCount).toBe(RECORDS);
    },
    45 * 60_000,
  );
});
