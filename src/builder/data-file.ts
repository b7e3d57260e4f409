// Writing the data file (src/search/data-file.ts reads it): the records, the site config, each
// project's related projects, the serialized MiniSearch index, and the texts file beside it.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import MiniSearch from 'minisearch';
import { Catalog } from '../records/catalog.ts';
import { type JsonResume, resumeDocument, resumeSearchText } from '../records/resume.ts';
import type { Content } from '../records/schema.ts';
import {
  type BodyRecord,
  DATA_FILE,
  type DataFile,
  recordType,
  searchRecordsOf,
  type Span,
  type Stored,
  type StoredFile,
  type StoredTranslation,
  textsHeader,
  type TranslationData,
  textsPathOf,
} from '../search/data-file.ts';
import { isContentImage, servedImage } from '../images/images.ts';
import { INDEX_FORMAT, indexOptions, normalize, optionsHash, type IndexedDocument } from '../search/options.ts';

/** Every project's related projects' slugs, as DataFile.related holds them: the catalog's, which a build scored or kept already. */
const relatedSlugs = (catalog: Catalog) => Object.fromEntries(catalog.content.projects.map((p) => [p.slug, catalog.related(p).map((r) => r.slug)]));

/**
 * What the build derives from the résumé with src/records/resume.ts, which reads Markdown: made
 * once, here, so the function answers the document as stored and loads no Markdown parser.
 */
export interface ResumeParts {
  /** resumeSearchText: what search finds the résumé by (FO-RESUME: organisation, position, skill). */
  searchText: string;
  /** resumeDocument: the JSON Resume document REST and MCP answer. */
  document: JsonResume;
}

/** The résumé's parts, for a site with a résumé. */
export function resumeParts(content: Pick<Content, 'site' | 'resume' | 'projects'>): ResumeParts | undefined {
  if (!content.resume) return undefined;
  return { searchText: resumeSearchText(content.resume), document: resumeDocument(content.site, content.resume, content.projects) };
}

/** An index already serialized by indexJson, carried into the data file as its text. */
export class IndexText {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/**
 * The index of these documents as the data file holds it (ASCII JSON). A build makes it on a thread
 * of its own while the pages render (src/builder/index-worker.ts): it needs only the records.
 */
export const indexJson = (documents: IndexedDocument[], locale: string) => asciiJson(searchIndex(documents, locale));

function searchIndex(documents: IndexedDocument[], locale: string): MiniSearch<IndexedDocument> {
  // processTerm is pure and a corpus repeats its words: each distinct word is processed once
  // (10,000 records: ~1 s of the index's ~5 s). The index is the same; a loaded index (and every
  // query) uses indexOptions(locale) as they are: the site's language stems its words (FO-STEMMING).
  const options = indexOptions(locale);
  const processed = new Map<string, string | null>();
  const processTerm = (term: string) => {
    let known = processed.get(term);
    if (known === undefined) processed.set(term, (known = options.processTerm(term)));
    return known;
  };
  const index = new MiniSearch<IndexedDocument>({ ...options, processTerm });
  index.addAll(documents);
  return index;
}

/**
 * A translation's data (FO-I18N) from its language's catalog (load.ts loadLanguages): its records,
 * related lists and its own index, made as the main language's (searchIndex) in its language's
 * terms (its stemmer, the same accent folding). Its twins go into the main `twins`.
 */
export function translationData(catalog: Catalog): TranslationData {
  const { content } = catalog;
  const resume = resumeParts(content);
  return {
    // A translation's locale is its folder's tag (load.ts).
    lang: content.site.locale,
    optionsHash: optionsHash(content.site.locale),
    site: content.site,
    projects: content.projects,
    pages: content.pages,
    posts: content.posts,
    ...(content.resume && { resume: content.resume, resumeDocument: resume?.document }),
    related: relatedSlugs(catalog),
    index: searchIndex(searchDocuments(content, resume?.searchText), content.site.locale).toJSON(),
  };
}

/**
 * `twins` come from src/discovery/twin.ts at build time; the function never renders Markdown. `index`, if given, is indexJson of the same records.
 * `translations` are the site's other languages (translationData, FO-I18N); a one-language site has none, and its file is as before.
 */
export function buildDataFile(
  content: Content,
  twins: Record<string, string>,
  index?: IndexText,
  code?: string,
  resume?: ResumeParts,
  related: Record<string, string[]> = relatedSlugs(new Catalog(content)),
  translations: readonly TranslationData[] = [],
): DataFile {
  // FO-DRAFTS: a build loads without drafts; a draft reaching the data file would publish it on REST, MCP and search.
  const draft = [content, ...translations].flatMap((c) => c.posts).find((p) => p.draft);
  if (draft) throw new Error(`${draft.source}: a draft post cannot go into the data file; the build loads content without drafts.`);
  if (content.resume && !resume) throw new Error('buildDataFile: a site with a résumé needs its parts (resumeParts).');
  // The id names the records and the index options, and in a build the code too (code-hash.ts
  // codeHash): a change to either may change a response, so its ETag changes with it.
  const records = JSON.stringify([content.site, content.projects, content.pages, content.posts, content.resume ?? null]);
  const hash = createHash('sha256')
    .update(optionsHash(content.site.locale))
    .update(code ?? '')
    .update(records);
  // A translation's records and options name the build too; a one-language site's id is as before.
  for (const t of translations) hash.update(JSON.stringify([t.lang, t.optionsHash, t.site, t.projects, t.pages, t.posts, t.resume ?? null]));
  const buildId = hash.digest('base64url').slice(0, 20);
  return {
    format: INDEX_FORMAT,
    optionsHash: optionsHash(content.site.locale),
    buildId,
    site: content.site,
    projects: content.projects,
    pages: content.pages,
    posts: content.posts,
    ...(content.resume && { resume: content.resume, resumeDocument: resume?.document }),
    twins,
    related,
    ...(translations.length > 0 && { translations: [...translations] }),
    index: index ?? searchIndex(searchDocuments(content, resume?.searchText), content.site.locale).toJSON(),
  };
}

/**
 * What a build makes ahead of the data file, off the main thread: the index (indexJson, on a thread
 * of its own: it may still be in the making, or have failed), and texts already compressed (compressTexts).
 */
export interface Prepared {
  index?: IndexText | Promise<IndexText | undefined>;
  compressed?: ReadonlyMap<string, Buffer>;
  /** A digest of the code that made the data file (code-hash.ts codeHash), for the build id. */
  code?: string;
}

export async function writeDataFile(
  catalog: Catalog,
  twins: Record<string, string>,
  root = process.cwd(),
  prepared: Prepared = {},
  translations: readonly Catalog[] = [],
): Promise<DataFile> {
  const { content } = catalog;
  // All but the index is serialized first, while the index may still be in the making: the index
  // goes last in the JSON (serializeDataFile), so it is appended once it is there.
  const resume = resumeParts(content);
  const data = buildDataFile(content, twins, new IndexText(''), prepared.code, resume, relatedSlugs(catalog), translations.map(translationData));
  const path = join(root, DATA_FILE);
  mkdirSync(dirname(path), { recursive: true });
  const { json: withoutIndex, texts } = serializeDataFile(data, prepared.compressed);
  data.index = (await prepared.index) ?? new IndexText(indexJson(searchDocuments(content, resume?.searchText), content.site.locale));
  const json = `${withoutIndex.slice(0, -1)}${(data.index as IndexText).json}}`;
  // Each file is replaced whole (written aside, then renamed), the texts first: a dev server that
  // reloads when the JSON changes finds the new texts in place, and a loaded instance keeps reading
  // the texts it opened (readDataFile), so no request sees half of a rebuild.
  replaceFile(textsPathOf(path), texts);
  replaceFile(path, json);
  return data;
}

/** rename(2) replaces a file atomically: a reader opens the old file or the new one, never a partial one. */
function replaceFile(path: string, data: string | Buffer) {
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, data);
  renameSync(aside, path);
}

/**
 * Each text as the texts file stores it (raw DEFLATE), one buffer for all and each one's length.
 * Synchronous: a build runs it on the index's thread (index-worker.ts), where it waits for nobody;
 * libuv's asynchronous compression (a stream per text) cost twice the CPU for the same bytes.
 */
export function compressTexts(texts: readonly string[]): { bytes: Buffer; lengths: number[] } {
  const chunks = texts.map((text) => deflateRawSync(text));
  return { bytes: Buffer.concat(chunks), lengths: chunks.map((c) => c.length) };
}

/**
 * The JSON, and the texts file's bytes: its header line, then each text compressed, in the order
 * stored. `compressed` holds texts compressed ahead (compressTexts); the others are compressed here.
 */
export function serializeDataFile(data: DataFile, compressed?: ReadonlyMap<string, Buffer>): { json: string; texts: Buffer } {
  const chunks: Buffer[] = [textsHeader(data.buildId)];
  let offset = chunks[0]!.length;
  const store = (text: string): Span => {
    const chunk = compressed?.get(text) ?? deflateRawSync(text);
    chunks.push(chunk);
    offset += chunk.length;
    const span: Span = [offset - chunk.length, chunk.length];
    spans.set(text, span);
    return span;
  };
  const spans = new Map<string, Span>();
  const stored = <T extends BodyRecord>(r: T): Stored<T> => ({ ...r, body: store(r.body) });
  // A record not translated holds the main language's text (FO-I18N): its translation points at the same bytes.
  const storedOnce = <T extends BodyRecord>(r: T): Stored<T> => ({ ...r, body: spans.get(r.body) ?? store(r.body) });
  // Properties are evaluated in order: the bodies, then the twins, then where each twin sits.
  const { translations, ...main } = data;
  const file: StoredFile = {
    ...main,
    projects: data.projects.map(stored),
    pages: data.pages.map(stored),
    posts: data.posts.map(stored),
    resume: data.resume && stored(data.resume),
    twins: store(JSON.stringify(Object.fromEntries(Object.entries(data.twins).map(([path, markdown]) => [path, store(markdown)])))),
    related: store(JSON.stringify(data.related)),
    titleKeys: searchRecordsOf(data).map((r) => normalize(r.title)),
    ...(translations && {
      translations: translations.map(
        (t): StoredTranslation => ({
          ...t,
          projects: t.projects.map(storedOnce),
          pages: t.pages.map(storedOnce),
          posts: t.posts.map(storedOnce),
          resume: t.resume && storedOnce(t.resume),
          related: store(JSON.stringify(t.related)),
          titleKeys: searchRecordsOf(t).map((r) => normalize(r.title)),
        }),
      ),
    }),
  };
  // The index goes last, as it is when it was serialized apart.
  const { index, ...rest } = file;
  const json = index instanceof IndexText ? `${asciiJson(rest, namesCarried).slice(0, -1)},"index":${index.json}}` : asciiJson(file, namesCarried);
  return { json, texts: Buffer.concat(chunks) };
}

/**
 * FO-IMAGES-NAMED: the function names the images the data file carries at request time (through
 * servedImage, wherever it carries them: a cover, an avatar, a translation's own), so the file
 * names them as it is written, and the build writes what the function will name.
 */
export const namesCarried = (_key: string, value: unknown) => {
  if (isContentImage(value)) servedImage(value);
  return value;
};

/**
 * JSON with every non-ASCII character escaped (`\u00e9`). The function reads the file into one
 * string before parsing it; V8 stores a string with any character above U+00FF at two bytes per
 * character, so one "Łódź" in the content would double the largest transient allocation of a cold
 * start (bench/RESULTS.md: about 60 MB at 10,000 records). Parsed values are unchanged.
 */
export const asciiJson = (value: unknown, replacer?: (key: string, value: unknown) => unknown) =>
  JSON.stringify(value, replacer).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const documentOf = (r: BodyRecord, resumeText = ''): IndexedDocument => ({
  id: `${r.kind}:${r.slug}`,
  title: r.title,
  summary: r.summary,
  tags: r.tags.join(' '),
  type: recordType(r),
  category: r.kind === 'project' ? r.category : '',
  // The résumé is found by what it lists (FO-RESUME: organisation, position, skill), not only by its summary.
  body: r.kind === 'resume' && resumeText ? `${r.body}\n\n${resumeText}` : r.body,
});

/** The documents the index holds, one per record (searchRecordsOf); `resumeText` is ResumeParts.searchText. */
export const searchDocuments = (content: Pick<Content, 'projects' | 'posts' | 'pages' | 'resume'>, resumeText?: string) =>
  searchRecordsOf(content).map((r) => documentOf(r, resumeText));
