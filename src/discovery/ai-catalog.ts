// /.well-known/ard.json (Agentic Resource Discovery v0.91 § 5.1) and /.well-known/ai-catalog.json
// (AI Catalog 1.0, the path ARD's predecessor used). One document serves both, written in the subset
// both specifications accept:
//
// - Top level: `specVersion` "1.0" and `host` (AI Catalog requires specVersion; ARD § 5.1 ignores
//   top-level members other than `entries`), and `entries`.
// - Entries: `identifier` as `urn:air:<host>:<namespace>:<name>` (ARD Appendix C; AI Catalog's
//   recommended form), `displayName` (ARD § 4.2 MUST; optional in AI Catalog), `type` (a media
//   type, both), exactly one of `url`/`data` — always `url` here (both), `description` and `tags`
//   (both), `representativeQueries` (ARD § 4.2 SHOULD, 2 to 5; AI Catalog consumers ignore members
//   they do not know, § Version Handling).
// - Left out: `capabilities`, `metadata` (ARD only), `extensions`, `publisher` (AI Catalog only),
//   `version` (both say to omit it when the artifact carries its own), `trustManifest` (an empty
//   one is invalid, and there is nothing to attest).
import type { Content } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { type CatalogLevel, catalogEntries, identifierOf, publisherOf } from './catalog-entries.ts';

export interface CatalogEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  tags: string[];
  representativeQueries: string[];
}

export interface AiCatalog {
  specVersion: '1.0';
  host: { displayName: string; identifier: string; documentationUrl: string };
  entries: CatalogEntry[];
}

/** The catalog at `level`: the root (ard.json, ai-catalog.json) or the nested resources catalog (catalog-entries.ts says why two). */
export function aiCatalog(content: Pick<Content, 'site' | 'projects'>, level: CatalogLevel = 'root'): AiCatalog {
  const { site } = content;
  return {
    specVersion: '1.0',
    host: { displayName: site.name, identifier: publisherOf(site), documentationUrl: absoluteUrl(site, '/developers') },
    entries: catalogEntries(content)
      .filter((entry) => entry.level === level)
      .map((entry) => ({
        identifier: identifierOf(site, entry),
        displayName: entry.displayName,
        type: entry.type,
        url: absoluteUrl(site, entry.artifact),
        description: entry.description,
        tags: entry.tags,
        representativeQueries: entry.representativeQueries,
      })),
  };
}

export const aiCatalogText = (content: Pick<Content, 'site' | 'projects'>, level: CatalogLevel = 'root') =>
  `${JSON.stringify(aiCatalog(content, level), null, 2)}\n`;
