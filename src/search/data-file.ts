// The file the build writes and the function reads: the records, the site config and the
// serialized MiniSearch index, stamped with the format version and the options hash.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import MiniSearch from 'minisearch';
import type { Content, Page, Project, Site } from '../records/schema.ts';
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
  /** Each record's Markdown twin by its site path, links absolute (MCP serves them as resources). */
  twins: Record<string, string>;
  index: unknown;
}

export interface SiteData extends Omit<DataFile, 'index' | 'format' | 'optionsHash'> {
  index: MiniSearch<IndexedDocument>;
}

export const documentOf = (r: Project | Page): IndexedDocument => ({
  id: `${r.kind}:${r.slug}`,
  title: r.title,
  summary: r.summary,
  tags: r.tags.join(' '),
  type: r.kind === 'project' ? r.type : 'page',
  category: r.kind === 'project' ? r.category : '',
  body: r.body,
});

/** `twins` come from src/records/twin.ts at build time; the function never renders Markdown. */
export function buildDataFile(content: Content, twins: Record<string, string>): DataFile {
  const index = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
  index.addAll([...content.projects, ...content.pages].map(documentOf));
  const records = JSON.stringify([content.site, content.projects, content.pages]);
  const buildId = createHash('sha256').update(OPTIONS_HASH).update(records).digest('base64url').slice(0, 20);
  return { format: INDEX_FORMAT, optionsHash: OPTIONS_HASH, buildId, ...content, twins, index: index.toJSON() };
}

export function writeDataFile(content: Content, twins: Record<string, string>, root = process.cwd()): DataFile {
  const data = buildDataFile(content, twins);
  const path = join(root, DATA_FILE);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(data));
  return data;
}

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
  let file: DataFile;
  try {
    file = JSON.parse(text) as DataFile;
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
  const missing = (['buildId', 'site', 'projects', 'pages', 'twins', 'index'] as const).filter((k) => file[k] == null);
  if (missing.length || !Array.isArray(file.projects) || !Array.isArray(file.pages)) {
    throw new Error(`Folio index corrupt: ${path} lacks ${missing.join(', ') || 'its record lists'}. Run \`npm run build\` again.`);
  }
  let index: MiniSearch<IndexedDocument>;
  try {
    index = MiniSearch.loadJS<IndexedDocument>(file.index as never, INDEX_OPTIONS);
  } catch (error) {
    throw new Error(`Folio index corrupt: ${path} holds an index MiniSearch cannot load (${(error as Error).message}). Run \`npm run build\` again.`);
  }
  const records = file.projects.length + file.pages.length;
  if (index.documentCount !== records) {
    throw new Error(`Folio index corrupt: ${path} indexes ${index.documentCount} documents for ${records} records. Run \`npm run build\` again.`);
  }
  return { buildId: file.buildId, site: file.site, projects: file.projects, pages: file.pages, twins: file.twins, index };
}
