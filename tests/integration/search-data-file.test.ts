// The serialized index: built at build time, stamped with format and options hash, loaded once;
// a missing, corrupt or mismatched index fails with one clear message.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import MiniSearch from 'minisearch';
import { asciiJson, buildDataFile, indexJson, serializeDataFile, writeDataFile } from '../../src/builder/data-file.ts';
import { DATA_FILE, readDataFile, searchRecordsOf, textsPathOf } from '../../src/search/data-file.ts';
import { INDEX_FORMAT, indexOptions, normalize, OPTIONS_HASH } from '../../src/search/options.ts';
import { searchRecords } from '../../src/search/rank.ts';
import { project, testSite } from '../support/search-fixtures.ts';
import { tempDir } from '../support/temp-dir.ts';
import { Catalog } from '../../src/records/catalog.ts';

const content = { site: testSite, projects: [project('lantern', { title: 'Lantern' }), project('harbour', { title: 'Harbour' })], pages: [], posts: [] };
const dir = tempDir('folio-data-', 'file');
const { json, texts } = serializeDataFile(buildDataFile(content, {}));
/** Writes `data` as a data file, with the good texts file beside it. */
const file = (name: string, data: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  writeFileSync(textsPathOf(path), texts);
  return path;
};
const good = () => JSON.parse(json) as Record<string, unknown>;

describe('the data file: the index built at build time, loaded once, failing loudly', () => {
  it('round-trips: what the build writes, the function reads and searches', async () => {
    await writeDataFile(new Catalog(content), {}, dir);
    const data = readDataFile(join(dir, DATA_FILE));
    expect(data.projects.map((p) => p.slug)).toEqual(['lantern', 'harbour']);
    expect(searchRecords(data, 'lantern')[0]).toMatchObject({ record: { slug: 'lantern' }, match: 'title' });
  });

  it('stamps the format version and the options hash', () => {
    expect(good()).toMatchObject({ format: INDEX_FORMAT, optionsHash: OPTIONS_HASH });
    expect(OPTIONS_HASH).toMatch(/^[0-9a-f]{16}$/);
  });

  it('missing → "Folio index missing" naming the path and the command to run', () => {
    const path = join(dir, 'nope.json');
    expect(() => readDataFile(path)).toThrow(`Folio index missing: ${path} does not exist. Run \`npm run build\` first.`);
  });

  it('unreadable (a directory) → "Folio index unreadable" with the reason', () => {
    const path = join(dir, 'a-directory');
    mkdirSync(path, { recursive: true });
    expect(() => readDataFile(path)).toThrow(/^Folio index unreadable: .*a-directory cannot be read \(EISDIR\)\.$/);
  });

  it('not JSON → "Folio index corrupt ... not valid JSON"', () => {
    expect(() => readDataFile(file('truncated.json', JSON.stringify(good()).slice(0, 100)))).toThrow(
      /^Folio index corrupt: .* is not valid JSON\. Run `npm run build` again\.$/,
    );
  });

  it('JSON that is not an object → "Folio index corrupt ... does not hold a Folio data file"', () => {
    for (const value of ['null', '[]', '42']) {
      expect(() => readDataFile(file('scalar.json', value))).toThrow(/^Folio index corrupt: .* does not hold a Folio data file\./);
    }
  });

  it('another format version → "Folio index mismatch" with both formats', () => {
    expect(() => readDataFile(file('old-format.json', { ...good(), format: INDEX_FORMAT + 1 }))).toThrow(
      new RegExp(
        `^Folio index mismatch: .* has format ${INDEX_FORMAT + 1} and options ${OPTIONS_HASH}, this code expects format ${INDEX_FORMAT} and options ${OPTIONS_HASH}\\. Run \`npm run build\` again\\.$`,
      ),
    );
  });

  it('other index options → "Folio index mismatch" with both hashes', () => {
    expect(() => readDataFile(file('old-options.json', { ...good(), optionsHash: '0123456789abcdef' }))).toThrow(
      new RegExp(`^Folio index mismatch: .* has format ${INDEX_FORMAT} and options 0123456789abcdef, this code expects`),
    );
  });

  it('records missing → "Folio index corrupt ... lacks" the fields', () => {
    const { projects: _p, index: _i, ...rest } = good();
    expect(() => readDataFile(file('partial.json', rest))).toThrow(/^Folio index corrupt: .* lacks projects, index\./);
  });

  it('an index MiniSearch cannot load → "Folio index corrupt ... MiniSearch cannot load"', () => {
    expect(() => readDataFile(file('bad-index.json', { ...good(), index: { serializationVersion: 99 } }))).toThrow(
      /^Folio index corrupt: .* holds an index MiniSearch cannot load/,
    );
  });

  it('an index that does not match the records → "Folio index corrupt ... indexes N documents for M records"', () => {
    const other = buildDataFile({ ...content, projects: content.projects.slice(0, 1) }, {});
    expect(() => readDataFile(file('stale-index.json', { ...good(), index: other.index }))).toThrow(/indexes 1 documents for 2 records/);
  });
});

describe('the texts file (bodies and twins, beside the data file: bench fix for the cold start)', () => {
  const twins = { '/projects/lantern.md': '# Lantern\n\nŁódź café 😀\n', '/projects/harbour.md': '# Harbour\n' };
  const written = async (name: string) => {
    const root = join(dir, name);
    await writeDataFile(new Catalog(content), twins, root);
    return join(root, DATA_FILE);
  };

  it('sits beside the data file, named after it', () => {
    expect(textsPathOf('/site/generated/folio-data.json')).toBe('/site/generated/folio-data.texts');
  });

  it('bodies and twins read back exactly, on every read; none is in the JSON', async () => {
    const path = await written('round-trip');
    const data = readDataFile(path);
    expect(data.projects.map((p) => data.bodyOf(p))).toEqual(content.projects.map((p) => p.body));
    expect(Object.fromEntries(data.twinPaths().map((p) => [p, data.twinOf(p)]))).toEqual(twins);
    expect(data.twinOf('/projects/lantern.md')).toBe(twins['/projects/lantern.md']);
    expect(data.twinOf('/no/such.md')).toBeUndefined();
    const onDisk = JSON.parse(readFileSync(path, 'utf8'));
    expect(onDisk.projects[0].body).toEqual([expect.any(Number), expect.any(Number)]);
    // The twins' places and the related lists are texts too: a cold start parses neither.
    expect(onDisk.twins).toEqual([expect.any(Number), expect.any(Number)]);
    expect(onDisk.related).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('related lists read back from the texts file as written; the search titles are the normalized titles, in search order', async () => {
    const path = await written('related-and-titles');
    const data = readDataFile(path);
    const catalog = new Catalog(content);
    for (const p of content.projects) expect(data.relatedOf(p.slug)).toEqual(catalog.related(p).map((r) => r.slug));
    expect(data.relatedOf('no-such-project')).toEqual([]);
    expect(data.titleKeys).toEqual(searchRecordsOf(data).map((r) => normalize(r.title)));
  });

  it('a data file whose search titles do not match its records → "Folio index corrupt"', async () => {
    const path = await written('titles');
    const onDisk = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...onDisk, titleKeys: onDisk.titleKeys.slice(1) }));
    expect(() => readDataFile(path)).toThrow(/^Folio index corrupt: .* holds \d+ search titles for \d+ records\. Run `npm run build` again\.$/);
  });

  it('missing → "Folio index missing" naming the texts file, when the data loads', async () => {
    const path = await written('no-texts');
    rmSync(textsPathOf(path));
    expect(() => readDataFile(path)).toThrow(`Folio index missing: ${textsPathOf(path)} does not exist. Run \`npm run build\` again.`);
  });

  it('from another build → "Folio index mismatch", when the data loads', async () => {
    const path = await written('other-build');
    const other = serializeDataFile(buildDataFile({ ...content, projects: content.projects.slice(0, 1) }, {}));
    writeFileSync(textsPathOf(path), other.texts);
    expect(() => readDataFile(path)).toThrow(
      `Folio index mismatch: ${textsPathOf(path)} belongs to another build than its data file. Run \`npm run build\` again.`,
    );
  });

  it('PF-DEPLOY-DATA: a rebuild never changes what loaded data reads; the next load reads the new build', async () => {
    const path = await written('rebuild');
    const before = readDataFile(path);
    const changed = { ...content, projects: [project('lantern', { title: 'Lantern', body: 'Rewritten body.' })] };
    await writeDataFile(new Catalog(changed), { '/projects/lantern.md': '# Lantern, rewritten\n' }, join(dir, 'rebuild'));
    expect(before.bodyOf(before.projects[0]!)).toBe(content.projects[0]!.body);
    expect(before.twinOf('/projects/lantern.md')).toBe(twins['/projects/lantern.md']);
    const after = readDataFile(path);
    expect(after.bodyOf(after.projects[0]!)).toBe('Rewritten body.');
    expect(after.twinOf('/projects/lantern.md')).toBe('# Lantern, rewritten\n');
  });

  it('truncated → "Folio index corrupt ... is truncated" on the read that runs past its end', async () => {
    const path = await written('truncated');
    const data = readDataFile(path);
    const full = readFileSync(textsPathOf(path));
    writeFileSync(textsPathOf(path), full.subarray(0, full.indexOf('\n') + 1)); // the header alone
    expect(() => data.twinOf('/projects/harbour.md')).toThrow(`Folio index corrupt: ${textsPathOf(path)} is truncated. Run \`npm run build\` again.`);
  });
});

describe('the options hash', () => {
  it('is the same under Node type stripping (npm start, the function) as under Vite (the build, these tests)', () => {
    // The hash once covered functions' source text, which each transpiler prints differently: the
    // index the build wrote could never load at run time. Compare with a plain Node process.
    const underNode = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('./src/search/options.ts'); console.log(m.OPTIONS_HASH)"],
      {
        encoding: 'utf8',
      },
    ).trim();
    expect(underNode).toBe(OPTIONS_HASH);
  });
});

describe("the build's index", () => {
  it.each(['en', 'fr', 'de'])(
    'processing each distinct word once (a build-time memo) makes the index MiniSearch makes with indexOptions(%s), byte for byte',
    (locale) => {
      const words = 'Café CAFÉ cafe naïve Naive Straße ﬁnal Ｑｕａｒｒｙ full-text C++ 2024/05 Ångström "quoted" self‑hosted Łódź 北海道 😀 \t tab';
      const documents = Array.from({ length: 30 }, (_, i) => ({
        id: `project:p${i}`,
        title: `${words.split(' ')[i % 10]} ${i}`,
        summary: words,
        tags: 'rust web-performance',
        type: 'library',
        category: 'data',
        body: `${words} ${words.split(' ').reverse().join(' ')} ${i}`,
      }));
      const plain = new MiniSearch(indexOptions(locale));
      plain.addAll(documents);
      expect(indexJson(documents, locale)).toBe(asciiJson(plain));
    },
  );
});
