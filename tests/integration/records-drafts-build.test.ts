// FO-DRAFTS: the sample fixture site has a draft post; `npm run test:all` builds that site before this suite
// runs (tests/support/build-setup.ts). Nothing the build wrote may carry it: no page, twin, feed,
// sitemap, llms.txt or discovery file in dist/, and no record, body, twin or index entry in the
// function's data file (whose texts are compressed, so they are read back through its reader).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import { readDataFile } from '../../src/search/data-file.ts';

const SAMPLE = join(import.meta.dirname, '..', 'fixtures', 'sample-site', 'content');
const draft = loadContent(SAMPLE, { drafts: true }).posts.find((p) => p.draft)!;
/** What would give the draft away: its slug, its title, a sentence of its body. */
const traces = [draft.slug, draft.title, draft.body.split('\n')[0]!.slice(0, 40)];

const TEXT = /\.(html|md|txt|xml|json|svg)$|\/api-catalog$/;
const files = readdirSync('dist', { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && TEXT.test(join(e.parentPath, e.name)))
  .map((e) => join(e.parentPath, e.name));

describe('FO-DRAFTS: the built sample site holds no trace of its draft post', () => {
  test('the fixture has a draft, and the build has text files to search', () => {
    expect(draft.draft).toBe(true);
    // The build is the sample's: each of its published posts has its twin there.
    for (const post of loadContent(SAMPLE).posts) expect(files).toContain(join('dist', post.twin));
  });

  test('no file in dist/ names the draft', () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return traces.filter((t) => text.includes(t)).map((t) => `${file}: ${t}`);
    });
    expect(found).toEqual([]);
  });

  test('the data file holds no draft record, body, twin or search entry', () => {
    const data = readDataFile();
    expect(data.posts.map((p) => p.slug)).not.toContain(draft.slug);
    expect(data.posts.length).toBeGreaterThan(0);
    expect(data.twinPaths().filter((path) => path.includes(draft.slug))).toEqual([]);
    const twins = data.twinPaths().map((path) => data.twinOf(path) ?? '');
    expect(twins.filter((t) => traces.some((trace) => t.includes(trace)))).toEqual([]);
    expect(data.index.search(draft.title).map((hit) => hit.id)).not.toContain(`post:${draft.slug}`);
    expect(readFileSync('generated/folio-data.json', 'utf8')).not.toContain(draft.slug);
  });
});
