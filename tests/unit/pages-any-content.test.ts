// FO-ANY-CONTENT: the promise "whatever your content is" over the content model, not examples of it.
// Sites generated from the content schemas (tests/support/generated-site.ts: every kind of file,
// every field, every link kind, an image in every place, a translation) are written as an owner
// writes them, rendered as a build renders them and served as `npm start` serves a build, with no
// build (tests/support/rendered-site.ts), and held to `npm run check`'s site checks: every page,
// twin and link answers, every record is found, fetched and listed, every surface states what REST
// does, the documents parse. On top, every image path any file or the data file names is one the
// build writes. tests/integration/content-model-sites.test.ts builds the first of these sites whole
// and runs `npm run check` on it, so the files named here are proven written too.
//
// Seeded and bounded: FOLIO_GEN_SEED and FOLIO_GEN_RUNS explore more. A failing site's folder and
// seed are printed, to be rerun with FOLIO_CONTENT=<folder> npm run check.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { namedImages } from '../../src/images/images.ts';
import { GENERATED_TODAY, generatedSite, writeSite } from '../support/generated-site.ts';
import { fixtureSite } from '../support/render-page.ts';
import { checkRendered } from '../support/rendered-site.ts';
import { fixtureDataFile } from '../support/site-data.ts';
import { tempDir } from '../support/temp-dir.ts';

const SEED = Number(process.env.FOLIO_GEN_SEED ?? 20_261_127);
const RUNS = Number(process.env.FOLIO_GEN_RUNS ?? 3);

// The generated sites are dated as of one day (FO-SCHEDULED: a post after it is scheduled).
const savedNow = process.env.FOLIO_NOW;
beforeAll(() => {
  process.env.FOLIO_NOW = GENERATED_TODAY;
});
afterAll(() => {
  if (savedNow === undefined) delete process.env.FOLIO_NOW;
  else process.env.FOLIO_NOW = savedNow;
});

test(
  'FO-ANY-CONTENT: sites generated from the content model render, serve and pass npm run check’s site checks, and every image any file names is one the build writes',
  async () => {
    const root = tempDir('folio-generated-', 'file');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(generatedSite, async (generated) => {
        const dir = join(root, `site-${n++}`, 'content');
        await writeSite(generated, dir);
        const site = fixtureSite(dir);
        const report = await checkRendered(site);
        expect(report.problems, `${dir} (seed ${SEED})`).toEqual([]);
        const { projects, posts, pages, resume } = generated.counts;
        expect(report.counted.records, `${dir} (seed ${SEED})`).toBe(projects + posts + pages + (resume ? 1 : 0));

        // What no request of the check reads (the data file, JSON, the feed) names only images the
        // build writes: the files named as they were made (FO-IMAGES-NAMED, what write-images.ts writes).
        const texts = [JSON.stringify(await fixtureDataFile(dir))];
        for (const path of await site.paths()) if (!path.startsWith('/og/') && (await site.has(path))) texts.push(await site.text(path));
        const written = namedImages();
        const missing = new Set(
          texts.flatMap((text) => [...text.matchAll(/\/_images\/[\w-]+\.(?:avif|webp|svg)/g)].map((m) => m[0]).filter((path) => !written.has(path))),
        );
        expect([...missing], `${dir} (seed ${SEED})`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  },
  RUNS * 60_000,
);
