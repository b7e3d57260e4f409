// The function's data for a fixture site, made in memory from its content with the calls the build
// makes (src/builder/integration.ts writeSiteData: loadCatalog without drafts, recordTwins,
// buildDataFile), so the unit tier runs over the records, twins, related lists and index a build's
// data file holds, without building a site.
import { resolve } from 'node:path';
import MiniSearch from 'minisearch';
import type { DataFile, SiteData } from '../../src/search/data-file.ts';
import { siteDataOf } from '../../src/search/data-file.ts';
import { indexOptions, type IndexedDocument } from '../../src/search/options.ts';
import { SAMPLE_SITE_CONTENT } from './sites.ts';

/** Each content folder's data file, made once per process. */
const made = new Map<string, Promise<DataFile>>();

/**
 * The data file a build of the content folder `dir` (relative to the project root) writes, but for
 * its code digest (its buildId names the records and the index options only). The generators are
 * imported here, on first use: a test file that only reads the data pays for none of them.
 */
export function fixtureDataFile(dir = SAMPLE_SITE_CONTENT): Promise<DataFile> {
  const path = resolve(dir);
  let file = made.get(path);
  if (!file) {
    file = (async () => {
      const [{ loadCatalog, loadLanguages }, { recordTwins }, { buildDataFile, namesCarried, resumeParts, translationData }] = await Promise.all([
        import('../../src/records/load.ts'),
        import('../../src/discovery/twin.ts'),
        import('../../src/builder/data-file.ts'),
      ]);
      // FO-DRAFTS: as the build, without drafts.
      const catalog = loadCatalog(path, { drafts: false });
      const twins = await recordTwins(catalog);
      const related = Object.fromEntries(catalog.content.projects.map((p) => [p.slug, catalog.related(p).map((r) => r.slug)]));
      // Through JSON, as the function reads it: plain data (the index as its toJSON), and no object shared with a caller.
      // FO-I18N: each translation too, as the build adds it (integration.ts writeSiteData); a one-language site has none.
      const translations = loadLanguages(path, { drafts: false }).slice(1);
      for (const t of translations) Object.assign(twins, await recordTwins(t));
      return JSON.parse(
        // The images it carries are named as a build's writing of it names them (FO-IMAGES-NAMED).
        JSON.stringify(
          buildDataFile(catalog.content, twins, undefined, undefined, resumeParts(catalog.content), related, translations.map(translationData)),
          namesCarried,
        ),
      ) as DataFile;
    })();
    made.set(path, file);
  }
  return file;
}

/**
 * The function's data (what src/server/data.ts reads from the data file) over a data file held in
 * memory: a fresh SiteData each call, its `kept` empty as a new load's is.
 */
export function siteDataOfFile(file: DataFile): SiteData {
  const { format: _format, optionsHash: _options, index, translations, ...rest } = file;
  const load = (json: unknown, locale: string) => MiniSearch.loadJS<IndexedDocument>(json as never, indexOptions(locale));
  return siteDataOf({
    ...rest,
    index: load(index, rest.site.locale),
    ...(translations && { translations: translations.map((t) => ({ ...t, index: load(t.index, t.site.locale) })) }),
  });
}

/** The function's data for the content folder `dir`, made in memory (fixtureDataFile, siteDataOfFile). */
export const fixtureSiteData = async (dir = SAMPLE_SITE_CONTENT): Promise<SiteData> => siteDataOfFile(await fixtureDataFile(dir));
