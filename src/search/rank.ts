// Search over the index, ordered as the portfolio spec says. (Placeholder ranking: the search
// issue replaces the body of searchRecords; its signature is what REST, ask and MCP call.)
import type { Page, Project } from '../records/schema.ts';
import type { SiteData } from './data-file.ts';

/** Which tier matched, best first (portfolio spec § What the service does). */
export const MATCH_TIERS = ['title', 'title_substring', 'tag', 'type', 'summary', 'body', 'fuzzy'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

export interface Hit {
  record: Project | Page;
  score: number;
  match: MatchTier;
}

export interface SearchOptions {
  /** A project type, or `page`. */
  type?: string;
  limit?: number;
}

export function searchRecords(data: SiteData, query: string, { type, limit = 10 }: SearchOptions = {}): Hit[] {
  const byId = new Map([...data.projects, ...data.pages].map((r) => [`${r.kind}:${r.slug}`, r]));
  return data.index
    .search(query, { prefix: true, fuzzy: 0.2 })
    .map((r) => ({ record: byId.get(String(r.id))!, score: r.score, match: 'body' as MatchTier }))
    .filter((h) => !type || (h.record.kind === 'project' ? h.record.type : 'page') === type)
    .slice(0, limit);
}
