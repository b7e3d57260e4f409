// MCP resources: every record's Markdown twin (projects, posts, pages and the résumé). A resource's URI is the twin's absolute URL
// (e.g. https://folio.example.com/projects/quarry.md), so the same document is one `resources/read`
// away over MCP and one GET away over plain HTTP, and a URI found in a search hit (twinUrl) can be
// read as is. Lists are paged (MCP 2025-11-25 § Pagination) with an opaque cursor.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type Resource } from '@modelcontextprotocol/server';
import { searchRecordsOf, type SiteData, type SiteRecord } from '../../search/data-file.ts';
import { absoluteUrl } from '../../records/urls.ts';
import { MARKDOWN_TYPE as MARKDOWN } from '../../http/media-types.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { z } from 'zod';

/** Resources per `resources/list` page: the REST page-size ceiling, so two pages cover a typical site. */
export const RESOURCE_PAGE_SIZE = 20;

type RecordOf = SiteRecord;

/** Projects and posts (newest first, as listed everywhere), pages (in site order), then the résumé: the data file's order. */
const recordsOf = (data: SiteData): RecordOf[] => searchRecordsOf<RecordOf, RecordOf, RecordOf, RecordOf>(data);

export const twinUri = (data: SiteData, record: RecordOf) => absoluteUrl(data.site, record.twin);

/** The twin the build wrote for the record: the same document as the prerendered /x.md, with absolute links. */
export const twinMarkdown = (data: SiteData, record: RecordOf): string => data.twinOf(record.twin) ?? '';

/** The listing depends only on the data, so it is made once per loaded data file (SiteData.kept.resources), not per request. */
const listing = (data: SiteData): Resource[] =>
  (data.kept.resources ??= recordsOf(data).map((record) => ({
    uri: twinUri(data, record),
    // A stable programmatic name: the twin's site path without the extension (`projects/quarry`).
    name: record.twin.replace(/^\//, '').replace(/\.md$/, ''),
    title: record.title,
    description: record.summary,
    mimeType: MARKDOWN,
    size: Buffer.byteLength(twinMarkdown(data, record)),
  })));

/**
 * The cursor names the last URI of the previous page (keyset, not offset), so a redeploy between
 * two pages neither repeats nor skips a record that still exists. It is the API's opaque cursor.
 */
const afterSchema = z.object({ after: z.string() });
function afterOf(cursor: string): string {
  try {
    return decodeCursor(cursor, afterSchema).after;
  } catch {
    // MCP § Pagination: an invalid cursor is an Invalid params error (-32602).
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: send back nextCursor from resources/list unchanged.');
  }
}

export function listTwins(data: SiteData, cursor?: string): { resources: Resource[]; nextCursor?: string } {
  const all = listing(data);
  let start = 0;
  if (cursor !== undefined) {
    const after = afterOf(cursor);
    const at = all.findIndex((r) => r.uri === after);
    if (at < 0)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: it names a resource this deployment does not have; list again from the start.');
    start = at + 1;
  }
  const resources = all.slice(start, start + RESOURCE_PAGE_SIZE);
  const more = start + resources.length < all.length;
  return more ? { resources, nextCursor: encodeCursor({ after: resources.at(-1)!.uri }) } : { resources };
}

export function readTwin(data: SiteData, uri: string) {
  // URI → record, made once per loaded data file (SiteData.kept.resourceRecords): a read is one lookup, not a scan of every record.
  const records = (data.kept.resourceRecords ??= new Map(recordsOf(data).map((r) => [twinUri(data, r), r])));
  const record = records.get(uri);
  if (!record) throw new ResourceNotFoundError(uri);
  return { contents: [{ uri, mimeType: MARKDOWN, text: twinMarkdown(data, record) }] };
}
