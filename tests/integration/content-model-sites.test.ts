// FO-ANY-CONTENT: the promise "whatever your content is" is tested over the content model, not over
// examples of it. Sites generated from the content schemas (tests/support/generated-site.ts: every
// kind of file, every field, every link kind, an image in every place) are rendered, served and held
// to `npm run check`'s site checks with no build in tests/unit/pages-any-content.test.ts (three
// sites by default). Here the first of them (the same seed) is built whole, served and checked by
// `npm run check` in a throwaway copy of the repository: the build itself takes any content, and
// every image path any built file names is a file of the build. The site built is one with a
// translation whose records show covers and body images of their own, one of them in a file no
// main-language record names (FO-IMAGES-NAMED: the build writes the images its outputs name, in
// every language); the check asks for every image a page, twin or llms file names, and REST's.
//
// Seeded and bounded (each site is a whole build): FOLIO_GEN_SEED and FOLIO_GEN_BUILDS build more
// by hand. A failing site is kept, and its folder and seed are printed, to be rerun with
// FOLIO_CONTENT=<folder> npm run check.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { repoCopy } from '../../scripts/lib/repo-copy.ts';
import { cleanEnv } from '../e2e/serve-support.ts';
import { GENERATED_TODAY, translatedSite, writeSite } from '../support/generated-site.ts';

const SEED = Number(process.env.FOLIO_GEN_SEED ?? 20_261_127);
const RUNS = Number(process.env.FOLIO_GEN_BUILDS ?? 1);

let copy = '';
let port = 0;
let failed = false;

beforeAll(async () => {
  copy = repoCopy('folio-generated-');
  port = await freePort();
});

afterAll(() => {
  if (copy && !failed) rmSync(copy, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it. */
function* filesIn(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesIn(dir, path);
    else yield path;
  }
}

test(
  'FO-ANY-CONTENT, FO-IMAGES-NAMED: sites generated from the content model, in two languages, build, serve and pass npm run check, and every image any output names in either language is built and answers 200',
  async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(translatedSite, async (site) => {
        const content = join(copy, 'generated', `site-${n++}`, 'content');
        await writeSite(site, content);
        const run = spawnSync(process.execPath, ['scripts/check.ts'], {
          cwd: copy,
          // A build cache of this copy's own: the sites follow each other through it (a rebuild of another site), and no other suite's build shares it.
          env: cleanEnv({ FOLIO_CONTENT: content, PORT: String(port), FOLIO_CACHE_DIR: join(copy, 'build-cache'), FOLIO_NOW: GENERATED_TODAY }),
          encoding: 'utf8',
          timeout: 300_000,
        });
        const out = `${run.stdout}${run.stderr}`;
        failed = run.status !== 0;
        expect(run.status, `${content} (seed ${SEED}):\n${out}`).toBe(0);
        expect(out).toContain('No problems');
        expect(out).toContain(`${site.counts.projects + site.counts.posts + site.counts.pages + (site.counts.resume ? 1 : 0)} records (search, REST, MCP)`);

        // What no request of the check reads (the data file, JSON, the feed) names only images that were built.
        const dist = join(copy, 'dist');
        const missing = new Set<string>();
        for (const file of filesIn(dist)) {
          if (!/\.(html|md|txt|json|xml)$/.test(file)) continue;
          for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/\/_images\/[\w-]+\.(?:avif|webp|svg)/g))
            if (!existsSync(join(dist, m[0]))) missing.add(`${m[0]} (named by ${file})`);
        }
        failed ||= missing.size > 0;
        expect([...missing], `${content} (seed ${SEED})`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  },
  RUNS * 360_000,
);
