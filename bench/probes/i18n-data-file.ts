// What a translation costs the function (FO-I18N), in fresh processes:
//   node bench/probes/i18n-data-file.ts [runs] [content folder]
// Writes the content's data file twice, with its translations and with the main language alone (the
// file as it was before translations went in), prints both files' sizes, then for each runs fresh
// `node` processes that read the data file and answer a first search in the main language, then a
// first search in the first translation (its index is loaded on that first ask). Medians, in ms.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN_QUERY = 'robots';
const TRANSLATION_QUERY = 'mapping';

if (process.argv[2] === '--one') {
  const t0 = performance.now();
  const { readDataFile } = await import('../../src/search/data-file.ts');
  const { searchRecords } = await import('../../src/search/rank.ts');
  const { dataIn } = await import('../../src/server/language.ts');
  const t1 = performance.now();
  const data = readDataFile(process.argv[3]!);
  const t2 = performance.now();
  searchRecords(data, MAIN_QUERY, { limit: 10 });
  const t3 = performance.now();
  const lang = data.translation ? data.site.languages[1]?.lang : undefined;
  if (lang) searchRecords(dataIn(data, lang), TRANSLATION_QUERY, { limit: 10 });
  const t4 = performance.now();
  console.log(JSON.stringify({ import: t1 - t0, read: t2 - t1, firstSearch: t3 - t2, firstTranslationSearch: lang ? t4 - t3 : null }));
} else {
  const runs = Number(process.argv[2] ?? 9);
  const content = process.argv[3] ?? 'tests/fixtures/bilingual-site/content';
  const { loadLanguages } = await import('../../src/records/load.ts');
  const { recordTwins } = await import('../../src/discovery/twin.ts');
  const { writeDataFile } = await import('../../src/builder/data-file.ts');
  const { DATA_FILE, textsPathOf } = await import('../../src/search/data-file.ts');
  const [main, ...translations] = loadLanguages(content, { drafts: false });
  const dir = mkdtempSync(join(tmpdir(), 'folio-i18n-probe-'));
  try {
    for (const [name, others] of [
      ['main language only', []],
      ['with translations', translations],
    ] as const) {
      const root = join(dir, name.replace(/\W+/g, '-'));
      const twins = Object.assign({}, ...(await Promise.all([main!, ...others].map(recordTwins))));
      await writeDataFile(main!, twins, root, {}, others);
      const path = join(root, DATA_FILE);
      const samples = Array.from(
        { length: runs },
        () => JSON.parse(execFileSync(process.execPath, [import.meta.filename, '--one', path], { encoding: 'utf8' })) as Record<string, number | null>,
      );
      const median = (key: string) => {
        const values = samples
          .map((s) => s[key])
          .filter((v): v is number => typeof v === 'number')
          .sort((a, b) => a - b);
        return values.length ? values[values.length >> 1]!.toFixed(2) : '-';
      };
      console.log(
        `${name}: JSON ${statSync(path).size} B, texts ${statSync(textsPathOf(path)).size} B; ` +
          `median of ${runs}: import ${median('import')} ms, read ${median('read')} ms, first search ${median('firstSearch')} ms, ` +
          `first search in a translation ${median('firstTranslationSearch')} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
