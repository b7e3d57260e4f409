// The file the build writes and the function reads: the records, the site config and the
// serialized MiniSearch index, stamped with the format version and the options hash.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import MiniSearch from 'minisearch';
import type { Content, Page, Post, Project, Resume, Site } from '../records/schema.ts';
import { relatedProjects } from '../records/collections.ts';
import type { JsonResume } from '../records/resume.ts';
import { INDEX_FORMAT, INDEX_OPTIONS, OPTIONS_HASH, type IndexedDocument } from './options.ts';

/** Relative to the project root locally, and to the function's root (its cwd) on Vercel. */
export const DATA_FILE = 'generated/folio-data.json';

export interface DataFile {
  format: number;
  optionsHash: string;
  /** Hash of the records: changes exactly when the published content changes. Used for ETags. */
  buildId: string;
  site: Site;
  projects: Project[];
  pages: Page[];
  /** Published posts, newest first: never a draft (FO-DRAFTS; buildDataFile refuses one). */
  posts: Post[];
  /** The résumé, when the site has one (FO-RESUME). */
  resume?: Resume;
  /**
   * The résumé as its JSON Resume document (src/records/resume.ts resumeDocument), made at build: it
   * reads the body's Markdown, and the function loads no Markdown parser.
   */
  resumeDocument?: JsonResume;
  /** Each record's Markdown twin by its site path, links absolute (MCP serves them as resources). */
  twins: Record<string, string>;
  /**
   * Each project's related projects by slug, best first, as the record core scores them for its page
   * and twin (src/records/collections.ts relatedProjects): scored once, at build, so REST and MCP
   * list the same projects as the page and the twin.
   */
  related: Record<string, string[]>;
  /** The serialized MiniSearch index (its toJSON), or that index's JSON text (IndexText). */
  index: unknown;
}

/** A record as the function holds it: everything but its body, which is read on request. */
export type ProjectRecord = Omit<Project, 'body'>;
export type PageRecord = Omit<Page, 'body'>;
export type PostRecord = Omit<Post, 'body'>;
export type ResumeRecord = Omit<Resume, 'body'>;
export type SiteRecord = ProjectRecord | PageRecord | PostRecord | ResumeRecord;
/** What every record of the data file has a body of. */
type BodyRecord = Project | Page | Post | Resume;

/** The function's data: records and index in memory; bodies and twins read through explicit calls. */
export interface SiteData {
  buildId: string;
  site: Site;
  projects: ProjectRecord[];
  pages: PageRecord[];
  /** Published posts, newest first. */
  posts: PostRecord[];
  resume?: ResumeRecord;
  /** DataFile.resumeDocument: present exactly when `resume` is. */
  resumeDocument?: JsonResume;
  index: MiniSearch<IndexedDocument>;
  /** A record's Markdown body (read from the texts file on each call). */
  bodyOf(record: SiteRecord): string;
  /** The Markdown twin at a site path, links absolute; `undefined` when no record has that twin. */
  twinOf(path: string): string | undefined;
  /** Every twin's site path. */
  twinPaths(): string[];
  /** A project's related projects' slugs, best first (DataFile.related); none for an unknown slug. */
  relatedOf(slug: string): readonly string[];
}

/** SiteData over content held in memory (tests, and the dev server's fixtures): the same calls. */
export function siteDataOf(
  data: Omit<DataFile, 'index' | 'format' | 'optionsHash' | 'posts'> & { posts?: Post[]; index: MiniSearch<IndexedDocument> },
): SiteData {
  const { twins, related, posts = [], ...rest } = data;
  return {
    ...rest,
    posts,
    bodyOf: (record) => (record as BodyRecord).body,
    twinOf: (path) => (Object.hasOwn(twins, path) ? twins[path] : undefined),
    twinPaths: () => Object.keys(twins),
    relatedOf: relatedReader(related),
  };
}

const relatedReader = (related: Record<string, string[]>) => (slug: string) => (Object.hasOwn(related, slug) ? related[slug]! : []);

/** Every project's related projects' slugs, as DataFile.related holds them. */
const relatedSlugs = (content: Content) => Object.fromEntries(content.projects.map((p) => [p.slug, relatedProjects(p, content).map((r) => r.slug)]));

/** The type a record is indexed and filtered by (search's `type`): a project's type, else its kind. */
export const recordType = (r: SiteRecord) => (r.kind === 'project' ? r.type : r.kind);

/**
 * What the build derives from the résumé with src/records/resume.ts, which reads Markdown: passed in
 * by the build (resumeParts), so this module, which the function loads, never imports it.
 */
export interface ResumeParts {
  /** resumeSearchText: what search finds the résumé by (FO-RESUME: organisation, position, skill). */
  searchText: string;
  /** resumeDocument: the JSON Resume document REST and MCP answer. */
  document: JsonResume;
}

/** The résumé's parts, made with src/records/resume.ts (loaded here only, and only for a site with a résumé); the build passes its own (Prepared.resume). */
export async function resumeParts(content: Pick<Content, 'site' | 'resume' | 'projects'>): Promise<ResumeParts | undefined> {
  if (!content.resume) return undefined;
  const { resumeDocument, resumeSearchText } = await import('../records/resume.ts');
  return { searchText: resumeSearchText(content.resume), document: resumeDocument(content.site, content.resume, content.projects) };
}

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

/** Every record search finds, in the data file's order: projects, posts, pages, then the résumé. */
export const searchRecordsOf = <P, W, G, R>({ projects, posts, pages, resume }: { projects: P[]; posts: W[]; pages: G[]; resume?: R }): (P | W | G | R)[] => [
  ...projects,
  ...posts,
  ...pages,
  ...(resume ? [resume] : []),
];

/** The documents the index holds, one per record (searchRecordsOf); `resumeText` is ResumeParts.searchText. */
export const searchDocuments = (content: Pick<Content, 'projects' | 'posts' | 'pages' | 'resume'>, resumeText?: string) =>
  searchRecordsOf(content).map((r) => documentOf(r, resumeText));

/** An index already serialized by indexJson, carried into the data file as its text. */
export class IndexText {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/**
 * The index of these documents as the data file holds it (ASCII JSON). A build makes it on a thread
 * of its own while the pages render (src/build/index-worker.ts): it needs only the records.
 */
export const indexJson = (documents: IndexedDocument[]) => asciiJson(searchIndex(documents));

function searchIndex(documents: IndexedDocument[]): MiniSearch<IndexedDocument> {
  // processTerm is pure and a corpus repeats its words: each distinct word is processed once
  // (10,000 records: ~1 s of the index's ~5 s). The index is the same; a loaded index (and every
  // query) uses INDEX_OPTIONS as they are.
  const processed = new Map<string, string | null>();
  const processTerm = (term: string) => {
    let known = processed.get(term);
    if (known === undefined) processed.set(term, (known = INDEX_OPTIONS.processTerm(term)));
    return known;
  };
  const index = new MiniSearch<IndexedDocument>({ ...INDEX_OPTIONS, processTerm });
  index.addAll(documents);
  return index;
}

/** `twins` come from src/build/twin.ts at build time; the function never renders Markdown. `index`, if given, is indexJson of the same records. */
export function buildDataFile(content: Content, twins: Record<string, string>, index?: IndexText, contentDigest?: string, resume?: ResumeParts): DataFile {
  // FO-DRAFTS: a build loads without drafts; a draft reaching the data file would publish it on REST, MCP and search.
  const draft = content.posts.find((p) => p.draft);
  if (draft) throw new Error(`${draft.source}: a draft post cannot go into the data file; the build loads content without drafts.`);
  if (content.resume && !resume) throw new Error('buildDataFile: a site with a résumé needs its parts (resumeParts).');
  // The id names the records and the index options; a build that has a digest of the content
  // already (src/build/page-cache.ts) names them by it instead of serializing them all once more.
  const records = contentDigest ?? JSON.stringify([content.site, content.projects, content.pages, content.posts, content.resume ?? null]);
  const buildId = createHash('sha256').update(OPTIONS_HASH).update(records).digest('base64url').slice(0, 20);
  return {
    format: INDEX_FORMAT,
    optionsHash: OPTIONS_HASH,
    buildId,
    site: content.site,
    projects: content.projects,
    pages: content.pages,
    posts: content.posts,
    ...(content.resume && { resume: content.resume, resumeDocument: resume?.document }),
    twins,
    related: relatedSlugs(content),
    index: index ?? searchIndex(searchDocuments(content, resume?.searchText)).toJSON(),
  };
}

/**
 * What a build makes ahead of the data file, off the main thread: the index (indexJson, on a thread
 * of its own: it may still be in the making, or have failed), and texts already compressed (compressTexts).
 */
export interface Prepared {
  index?: IndexText | Promise<IndexText | undefined>;
  compressed?: ReadonlyMap<string, Buffer>;
  /** A digest of the content and of the code that made the twins, for the build id. */
  contentDigest?: string;
  /** The résumé's parts, made by the build (a dynamic import cannot run inside Astro's build hooks). */
  resume?: ResumeParts;
}

export async function writeDataFile(content: Content, twins: Record<string, string>, root = process.cwd(), prepared: Prepared = {}): Promise<DataFile> {
  // All but the index is serialized first, while the index may still be in the making: the index
  // goes last in the JSON (serializeDataFile), so it is appended once it is there.
  const resume = prepared.resume ?? (await resumeParts(content));
  const data = buildDataFile(content, twins, new IndexText(''), prepared.contentDigest, resume);
  const path = join(root, DATA_FILE);
  mkdirSync(dirname(path), { recursive: true });
  const { json: withoutIndex, texts } = serializeDataFile(data, prepared.compressed);
  data.index = (await prepared.index) ?? new IndexText(indexJson(searchDocuments(content, resume?.searchText)));
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
 * Record bodies and twins are most of the data (at 10,000 records 29 M + 46 M characters) and a
 * request reads at most one of them. They live in a second file beside the JSON, each raw-DEFLATE
 * compressed at its own byte range, and the JSON holds the range: so the cold start reads only the
 * records and the index (at 10,000 records 30 MB of JSON instead of 77 MB; bench/RESULTS.md), and
 * an instance keeps none of the text in memory. The data opens the texts file once, after checking
 * it belongs to the same build, and a read takes its range and inflates it: tens of µs, on a
 * project's detail or an MCP resource. `format` (INDEX_FORMAT) marks the layout, so an older reader refuses the files.
 */
export const textsPathOf = (dataPath: string) => dataPath.replace(/(\.json)?$/, '.texts');

/** Where one text sits in the texts file: byte offset and length. */
type Span = [offset: number, length: number];

interface StoredFile extends Omit<DataFile, 'projects' | 'pages' | 'posts' | 'resume' | 'twins'> {
  projects: Stored<Project>[];
  pages: Stored<Page>[];
  posts: Stored<Post>[];
  resume?: Stored<Resume>;
  twins: Record<string, Span>;
}
type Stored<T extends BodyRecord> = Omit<T, 'body'> & { body: Span };

/** The texts file opens with this line, so a reader can tell it belongs to the data file's build. */
const textsHeader = (buildId: string) => Buffer.from(`folio-texts ${buildId}\n`, 'latin1');

/**
 * Each text as the texts file stores it (raw DEFLATE), compressed on libuv's threads, four at a
 * time (its pool's size; each compressor in flight holds ~256 KB of zlib state).
 */
export async function compressTexts(texts: Iterable<string>): Promise<Map<string, Buffer>> {
  const unique = [...new Set(texts)];
  const compressed: Buffer[] = [];
  let next = 0;
  const lane = async () => {
    while (next < unique.length) {
      const i = next++;
      compressed[i] = await deflateRawAsync(unique[i]!);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return new Map(unique.map((text, i) => [text, compressed[i]!]));
}
const deflateRawAsync = promisify(deflateRaw);

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
    return [offset - chunk.length, chunk.length];
  };
  const stored = <T extends BodyRecord>(r: T): Stored<T> => ({ ...r, body: store(r.body) });
  const file: StoredFile = {
    ...data,
    projects: data.projects.map(stored),
    pages: data.pages.map(stored),
    posts: data.posts.map(stored),
    resume: data.resume && stored(data.resume),
    twins: Object.fromEntries(Object.entries(data.twins).map(([path, markdown]) => [path, store(markdown)])),
  };
  // The index goes last, as it is when it was serialized apart.
  const { index, ...rest } = file;
  const json = index instanceof IndexText ? `${asciiJson(rest).slice(0, -1)},"index":${index.json}}` : asciiJson(file);
  return { json, texts: Buffer.concat(chunks) };
}

/** Opens the texts file after checking it starts with `header` (its build's; a rebuild rewrites both files). */
function openTexts(path: string, header: Buffer): number {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `Folio index ${code === 'ENOENT' ? `missing: ${path} does not exist` : `unreadable: ${path} cannot be read (${code})`}. Run \`npm run build\` again.`,
    );
  }
  const head = Buffer.alloc(header.length);
  if (readSync(fd, head, 0, head.length, 0) !== head.length || !head.equals(header)) {
    closeSync(fd);
    throw new Error(`Folio index mismatch: ${path} belongs to another build than its data file. Run \`npm run build\` again.`);
  }
  return fd;
}

/**
 * Reads one text back from a texts file opened once: the descriptor keeps the file this data was
 * built with, even after a rebuild renames a new one over it (`npm run dev`). It is closed when the
 * data is collected.
 */
const openFiles = new FinalizationRegistry<number>((fd) => closeSync(fd));
function textReader(path: string, fd: number): (span: Span) => string {
  return ([offset, length]) => {
    const chunk = Buffer.alloc(length);
    if (readSync(fd, chunk, 0, length, offset) !== length) throw new Error(`Folio index corrupt: ${path} is truncated. Run \`npm run build\` again.`);
    return inflateRawSync(chunk).toString('utf8');
  };
}

/**
 * JSON with every non-ASCII character escaped (`\u00e9`). The function reads the file into one
 * string before parsing it; V8 stores a string with any character above U+00FF at two bytes per
 * character, so one "Łódź" in the content would double the largest transient allocation of a cold
 * start (bench/RESULTS.md: about 60 MB at 10,000 records). Parsed values are unchanged.
 */
export const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Reads and checks the data file; every way it can be wrong fails with one message that says what to do. */
export function readDataFile(path = join(process.cwd(), DATA_FILE)): SiteData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`Folio index missing: ${path} does not exist. Run \`npm run build\` first.`);
    throw new Error(`Folio index unreadable: ${path} cannot be read (${code ?? (error as Error).message}).`);
  }
  let file: StoredFile;
  try {
    file = JSON.parse(text) as StoredFile;
    text = ''; // let the source text be collected while the index loads (the cold start's memory peak)
  } catch {
    throw new Error(`Folio index corrupt: ${path} is not valid JSON. Run \`npm run build\` again.`);
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw new Error(`Folio index corrupt: ${path} does not hold a Folio data file. Run \`npm run build\` again.`);
  }
  if (file.format !== INDEX_FORMAT || file.optionsHash !== OPTIONS_HASH) {
    throw new Error(
      `Folio index mismatch: ${path} has format ${file.format} and options ${file.optionsHash}, ` +
        `this code expects format ${INDEX_FORMAT} and options ${OPTIONS_HASH}. Run \`npm run build\` again.`,
    );
  }
  const missing = (['buildId', 'site', 'projects', 'pages', 'posts', 'twins', 'related', 'index'] as const).filter((k) => file[k] == null);
  if (missing.length || !Array.isArray(file.projects) || !Array.isArray(file.pages) || !Array.isArray(file.posts)) {
    throw new Error(`Folio index corrupt: ${path} lacks ${missing.join(', ') || 'its record lists'}. Run \`npm run build\` again.`);
  }
  if (file.resume && !file.resumeDocument) {
    throw new Error(`Folio index corrupt: ${path} has a résumé but not its JSON Resume document. Run \`npm run build\` again.`);
  }
  const texts = textsPathOf(path);
  const fd = openTexts(texts, textsHeader(file.buildId)); // a missing or foreign texts file fails now, not on the first project read
  let index: MiniSearch<IndexedDocument>;
  try {
    index = MiniSearch.loadJS<IndexedDocument>(file.index as never, INDEX_OPTIONS);
  } catch (error) {
    throw new Error(`Folio index corrupt: ${path} holds an index MiniSearch cannot load (${(error as Error).message}). Run \`npm run build\` again.`);
  }
  const records = file.projects.length + file.pages.length + file.posts.length + (file.resume ? 1 : 0);
  if (index.documentCount !== records) {
    throw new Error(`Folio index corrupt: ${path} indexes ${index.documentCount} documents for ${records} records. Run \`npm run build\` again.`);
  }
  const read = textReader(texts, fd);
  // Each record's body stays on disk: the record keeps everything else, and its span is kept here.
  const bodies = new Map<SiteRecord, Span>();
  const withoutBody = <T extends Stored<BodyRecord>>({ body, ...record }: T): Omit<T, 'body'> => {
    bodies.set(record as unknown as SiteRecord, body);
    return record;
  };
  const twinSpans = file.twins;
  const data: SiteData = {
    buildId: file.buildId,
    site: file.site,
    projects: file.projects.map(withoutBody),
    pages: file.pages.map(withoutBody),
    posts: file.posts.map(withoutBody),
    ...(file.resume && { resume: withoutBody(file.resume), resumeDocument: file.resumeDocument }),
    index,
    bodyOf: (record) => {
      const span = bodies.get(record);
      if (!span) throw new Error('bodyOf: not a record of this data');
      return read(span);
    },
    twinOf: (path) => (Object.hasOwn(twinSpans, path) ? read(twinSpans[path]!) : undefined),
    twinPaths: () => Object.keys(twinSpans),
    relatedOf: relatedReader(file.related),
  };
  openFiles.register(read, fd);
  return data;
}
