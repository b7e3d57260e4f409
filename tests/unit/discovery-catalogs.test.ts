// The machine catalogs: /.well-known/api-catalog (RFC 9727) and /.well-known/ard.json +
// /.well-known/ai-catalog.json (ARD v0.91 and AI Catalog 1.0, in the subset both accept).
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import { apiCatalog } from '../../src/discovery/api-catalog.ts';
import { aiCatalog, aiCatalogText } from '../../src/discovery/ai-catalog.ts';
import { catalogEntries, identifierOf, publisherOf } from '../../src/discovery/catalog-entries.ts';
import { DISCOVERY_FILES } from '../../src/discovery/files.ts';
import { API_CATALOG_MEDIA_TYPE, AI_CATALOG_MEDIA_TYPE, OPENAPI_MEDIA_TYPE } from '../../src/http/media-types.ts';
import { createAjv } from '../contract/validate.ts';
import { ENTRY_POINTS } from '../../src/discovery/entry-points.ts';

const content = loadContent();
const { site } = content;

describe('PF-DISCOVERY: /.well-known/api-catalog is an RFC 9727 linkset', () => {
  const catalog = apiCatalog(site);

  it('RFC 9727 § 4.1: served as application/linkset+json with the RFC 9727 profile', () => {
    expect(API_CATALOG_MEDIA_TYPE).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect(DISCOVERY_FILES.find((f) => f.path === '/.well-known/api-catalog')!.contentType).toBe(API_CATALOG_MEDIA_TYPE);
  });

  it('RFC 9264 § 4.2: a linkset of link contexts, each an absolute anchor with arrays of target objects', () => {
    expect(Object.keys(catalog)).toEqual(['linkset']);
    for (const context of catalog.linkset) {
      expect(context.anchor).toMatch(new RegExp(`^${site.url}/`));
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        expect(Array.isArray(targets), relation).toBe(true);
        for (const target of targets as { href: string; type?: string }[]) {
          expect(new URL(target.href).origin, `${relation} ${target.href}`).toBe(new URL(site.url).origin);
          expect(target.type, target.href).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
        }
      }
    }
  });

  it('RFC 9727 § 4.2 / RFC 8631: the REST API links its service-desc (openapi.json), service-doc (/developers) and service-meta', () => {
    const api = catalog.linkset.find((c) => c.anchor === `${site.url}/api/v1`)!;
    expect(api['service-desc']).toEqual([{ href: `${site.url}/openapi.json`, type: OPENAPI_MEDIA_TYPE, title: expect.any(String) }]);
    expect(api['service-doc']).toContainEqual({ href: `${site.url}/developers`, type: 'text/html', title: expect.any(String) });
    expect((api['service-meta'] as { href: string }[]).map((t) => t.href)).toEqual(
      expect.arrayContaining([`${site.url}/pricing.md`, `${site.url}/developers/deprecation`]),
    );
  });

  it('names each API the site publishes: the REST API, the ask endpoint and the MCP server', () => {
    expect(catalog.linkset.map((c) => c.anchor)).toEqual([`${site.url}/api/v1`, `${site.url}/ask`, `${site.url}/api/mcp`]);
    for (const context of catalog.linkset)
      for (const rel of ['service-desc', 'service-doc', 'service-meta']) expect(context[rel], `${context.anchor} ${rel}`).toBeDefined();
  });
});

/**
 * The rules of both specifications for what this site emits, as JSON Schema. ARD v0.91 § 4.2:
 * identifier, displayName, type, and exactly one of url/data; Appendix C: urn:air:<publisher>:….
 * AI Catalog § Top-Level Structure: specVersion "Major.Minor" and entries; § Host Info: displayName.
 */
const SUBSET_SCHEMA = {
  type: 'object',
  required: ['specVersion', 'entries'],
  properties: {
    specVersion: { const: '1.0' },
    host: {
      type: 'object',
      required: ['displayName'],
      properties: { displayName: { type: 'string' }, identifier: { type: 'string' }, documentationUrl: { type: 'string', format: 'uri' } },
    },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['identifier', 'displayName', 'type'],
        oneOf: [
          { required: ['url'], not: { required: ['data'] } },
          { required: ['data'], not: { required: ['url'] } },
        ],
        properties: {
          identifier: { type: 'string', pattern: '^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$' },
          displayName: { type: 'string', minLength: 1 },
          // A media type, parameters allowed (RFC 9110 § 8.3.1): ARD's agent-skill type has a profile.
          type: { type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]+(; ?[a-z0-9._-]+=("[^"]*"|[a-z0-9._+-]+))*$' },
          url: { type: 'string', format: 'uri' },
          description: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          representativeQueries: { type: 'array', minItems: 2, maxItems: 5, items: { type: 'string' } },
        },
        // Only members both specifications define (or, for representativeQueries, ARD defines and AI Catalog ignores).
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

describe('PF-DISCOVERY: ard.json and ai-catalog.json carry the same entries, in the subset both specs accept', () => {
  const catalog = aiCatalog(content);
  const ajv = createAjv();
  const validate = ajv.compile(SUBSET_SCHEMA);

  it('both paths serve one document, with their own media types', () => {
    const ard = DISCOVERY_FILES.find((f) => f.path === '/.well-known/ard.json')!;
    const legacy = DISCOVERY_FILES.find((f) => f.path === '/.well-known/ai-catalog.json')!;
    expect(legacy.contentType).toBe(AI_CATALOG_MEDIA_TYPE);
    expect(ard.contentType).toBe('application/json');
    expect(JSON.parse(aiCatalogText(content))).toEqual(catalog);
  });

  it('ARD § 4.2 and AI Catalog § Catalog Entry: every entry valid under both', () => {
    const valid = validate(catalog);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('lists the MCP server card, SKILL.md and the nested catalog, which lists the REST API, the NLWeb ask endpoint and llms.txt', () => {
    const listed = (c: typeof catalog) => c.entries.map((e) => [e.type, new URL(e.url).pathname + new URL(e.url).hash]);
    expect(listed(catalog)).toEqual([
      ['application/mcp-server-card+json', '/api/mcp/server-card'],
      ['text/markdown; profile="urn:air:agent-skills"', '/SKILL.md'],
      [AI_CATALOG_MEDIA_TYPE, '/.well-known/ai-catalog/resources.json'],
    ]);
    const nested = aiCatalog(content, 'resources');
    expect(listed(nested)).toEqual([
      [OPENAPI_MEDIA_TYPE, '/openapi.json'],
      [OPENAPI_MEDIA_TYPE, '/openapi.json#/paths/~1ask'],
      ['text/plain', '/llms.txt'],
    ]);
    expect(validate(nested)).toBe(true);
  });

  it('ARD Appendix C: identifiers are urn:air:<host>:<namespace>:<name>, unique, anchored on the host name without a port', () => {
    const ids = catalog.entries.map((e) => e.identifier);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.startsWith(`urn:air:${new URL(site.url).hostname}:`), id).toBe(true);
    expect(publisherOf({ url: 'http://127.0.0.1:4321' })).toBe('127.0.0.1');
    expect(identifierOf({ url: 'http://127.0.0.1:4321' }, { namespace: 'mcp', name: 'portfolio' })).toBe('urn:air:127.0.0.1:mcp:portfolio');
    // A local test server's catalog is still valid under both specs.
    expect(validate(aiCatalog({ ...content, site: { ...site, url: 'http://127.0.0.1:4321' } }))).toBe(true);
  });

  it('AI Catalog § Host Info: the host names the site owner and its documentation', () => {
    expect(catalog.host).toEqual({ displayName: site.name, identifier: new URL(site.url).hostname, documentationUrl: `${site.url}/developers` });
  });

  it('every endpoint and artifact of the catalog is on the one list of entry points (src/discovery/entry-points.ts)', () => {
    const listed = new Set(ENTRY_POINTS.map((e) => e.path));
    for (const entry of catalogEntries(content)) {
      expect(listed.has(entry.endpoint), entry.endpoint).toBe(true);
      expect(listed.has(entry.artifact.split('#')[0]!), entry.artifact).toBe(true);
    }
  });

  it('ARD § 4.2: 2 to 5 representative queries per entry, naming the site owner', () => {
    for (const entry of catalogEntries(content)) {
      expect(entry.representativeQueries.length, entry.name).toBeGreaterThanOrEqual(2);
      expect(entry.representativeQueries.length, entry.name).toBeLessThanOrEqual(5);
      expect(
        entry.representativeQueries.some((q) => q.includes(site.name)),
        entry.name,
      ).toBe(true);
    }
  });
});
