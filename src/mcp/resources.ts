// MCP resources: every record's Markdown twin. A resource's URI is the twin's absolute URL
// (e.g. https://folio.example.com/projects/quarry.md), so the same document is one `resources/read`
// away over MCP and one GET away over plain HTTP, and a URI found in a search hit (twinUrl) can be
// read as is. Lists are paged (MCP 2025-11-25 § Pagination) with an opaque cursor.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type Resource } from '@modelcontextprotocol/server';
import type { Page, Project } from '../records/schema.ts';
import type { SiteData } from '../search/data-file.ts';

/** Resources per `resources/list` page: the REST page-size ceiling, so two pages cover a typical site. */
export const RESOURCE_PAGE_SIZE = 20;
export const MARKDOWN = 'text/markdown';

type RecordOf = Project | Page;

/** Projects (newest first, as listed everywhere) then pages (in site order): the data file's order. */
const recordsOf = (data: SiteData): RecordOf[] => [...data.projects, ...data.pages];

export const twinUri = (data: SiteData, record: RecordOf) => `${data.site.url.replace(/\/+$/, '')}${record.twin}`;

/**
 * The twin's Markdown.
 * TODO(site): use the twin generator (src/records/twin.ts, projectTwin/pageTwin) once it is on main,
 * so MCP serves byte-for-byte the prerendered /x.md. Until then: the title, the summary and the body.
 */
export function twinMarkdown(record: RecordOf): string {
  return `# ${record.title}\n\n> ${record.summary}\n\n${record.body.trim()}\n`;
}

function describe(data: SiteData, record: RecordOf): Resource {
  return {
    uri: twinUri(data, record),
    // A stable programmatic name: the twin's site path without the extension (`projects/quarry`).
    name: record.twin.replace(/^\//, '').replace(/\.md$/, ''),
    title: record.title,
    description: record.summary,
    mimeType: MARKDOWN,
    size: new TextEncoder().encode(twinMarkdown(record)).byteLength,
  };
}

/**
 * The cursor names the last URI of the previous page (keyset, not offset), so a redeploy between
 * two pages neither repeats nor skips a record that still exists. It is opaque to clients.
 */
const encodeCursor = (uri: string) => Buffer.from(JSON.stringify({ v: 1, after: uri })).toString('base64url');

function decodeCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'v' in parsed && parsed.v === 1 && 'after' in parsed && typeof parsed.after === 'string') {
      return parsed.after;
    }
  } catch {
    // fall through: not one of ours
  }
  // MCP § Pagination: an invalid cursor is an Invalid params error (-32602).
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: send back nextCursor from resources/list unchanged.');
}

export function listTwins(data: SiteData, cursor?: string): { resources: Resource[]; nextCursor?: string } {
  const all = recordsOf(data).map((r) => describe(data, r));
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    const at = all.findIndex((r) => r.uri === after);
    if (at < 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: it names a resource this deployment does not have; list again from the start.');
    start = at + 1;
  }
  const resources = all.slice(start, start + RESOURCE_PAGE_SIZE);
  const more = start + resources.length < all.length;
  return more ? { resources, nextCursor: encodeCursor(resources.at(-1)!.uri) } : { resources };
}

export function readTwin(data: SiteData, uri: string) {
  const record = recordsOf(data).find((r) => twinUri(data, r) === uri);
  if (!record) throw new ResourceNotFoundError(uri);
  return { contents: [{ uri, mimeType: MARKDOWN, text: twinMarkdown(record) }] };
}
