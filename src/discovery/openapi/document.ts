// openapi.json (OpenAPI 3.1), generated at build time from the route table and the zod schemas on
// it — never written by hand (docs/architecture.md § One source of truth). Everything a route declares, and
// everything the app does to every route (rate limits, caching, versioning, input errors), becomes
// part of its operation here, so the document cannot drift from the code that answers.
// (Over 300 lines: OperationBuilder derives every part of an operation in one place, so that what
// the app does to a route and what the document says about it are read side by side.)
//
// Schemas: zod-openapi's createDocument converts the zod schemas this builder leaves in the
// document (requests as input, answers as output; JSON Schema 2020-12, OAS 3.1 § 4.8.24). A schema
// carrying `.meta({ id })` becomes `components/schemas/<id>` and is referenced, never repeated.
import { z } from 'zod';
import { createDocument, createSchema, type CreateDocumentOptions } from 'zod-openapi';
import { ERRORS, errorBody, errorResponse, type ErrorCode } from '../../server/errors.ts';
import { BODY_ERRORS } from '../../server/http.ts';
import { authorizationServerMetadata, oauthError, protectedResourceMetadata } from '../../server/access/schemas.ts';
import { OAUTH_ERROR_FOR } from '../../server/access/oauth-http.ts';
import { RATE_LIMIT_HEADERS, VERSION_HEADERS } from '../../server/header-names.ts';
import type { ResponseSpec, RouteSpec } from '../../server/route.ts';
import type { Site } from '../../records/schema.ts';
import { escapeMarkdownText } from '../../records/escape.ts';
import { withSiteTypes } from '../../server/portfolio/schemas.ts';
import { EVENT_STREAM, FORM_TYPE, JSON_TYPE } from '../../http/media-types.ts';
import { HEADER_DOCS, REQUEST_HEADER_DOCS, SKIPPED_REQUEST_HEADERS, type HeaderDoc } from './header-docs.ts';

export const OPENAPI_VERSION = '3.1.1';
/** The API's own version (KQ-VERSIONING: "API version 1.0.0"). */
export const API_VERSION = '1.0.0';

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & { paths: Record<string, Record<string, Operation>>; components: Json };
export interface Operation extends Json {
  operationId: string;
  responses: Record<string, Json>;
}

export type SiteForOpenApi = Pick<Site, 'url' | 'name' | 'summary' | 'email' | 'rateLimits' | 'apiVersions' | 'types'>;

export { HEADER_DOCS };

// ---- Operations ---------------------------------------------------------------------------------

const MEDIA_TYPES = { json: JSON_TYPE, form: FORM_TYPE } as const;

const TAGS: Record<RouteSpec['tag'], string> = {
  portfolio: 'Search the site; list, read and compare projects; list and read posts; the résumé as JSON Resume (portfolio REST API). Open: no token.',
  knowledge: 'Questions about the site: /ask (NLWeb), the sandbox catalog, batch and async jobs. Open: no token.',
  access: 'The public-read OAuth flow: the protected catalog, its metadata, registration, token, revocation and the agent endpoints.',
  mcp: 'The MCP tool server (Streamable HTTP, stateless) and its server card.',
};

/** OAuth endpoints answer RFC 6749 § 5.2 codes; the app maps catalog codes onto them (app.ts). */

const isPublicGet = (route: RouteSpec) => route.cache === 'public' && route.method === 'GET';

/** Every catalog error a route can answer: what it declares plus what the app does to every route. */
export function errorCodesOf(route: RouteSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors ?? []);
  // An operation's own method is always allowed: its 405 is what other methods get
  // (docs/decisions.md § What openapi.json lists), stated once in info.description and enforced by
  // the contract check.
  codes.delete('method_not_allowed');
  if (route.policy) codes.add('rate_limited');
  if (route.auth) codes.add('unauthorized');
  const invalid = route.invalid ?? { '*': 'invalid_filter' };
  if (route.query || route.params) for (const code of Object.values(invalid)) if (code) codes.add(code);
  if (route.body && route.errorShape !== 'oauth') {
    for (const code of BODY_ERRORS) codes.add(code);
    for (const code of Object.values(invalid)) if (code) codes.add(code);
  }
  // For OAuth routes, body failures are OAuth errors (documented below), not catalog codes.
  if (route.errorShape === 'oauth') for (const code of BODY_ERRORS) codes.delete(code);
  return [...codes].sort((a, b) => ERRORS[a].status - ERRORS[b].status || a.localeCompare(b));
}

/** The headers a response carries: what the route declares plus what app.ts adds to every answer. */
function responseHeaders(route: RouteSpec, status: number, spec?: ResponseSpec): string[] {
  const names = new Set(spec?.headers ?? []);
  if (route.policy) for (const name of RATE_LIMIT_HEADERS) names.add(name);
  if (status === 429) names.add('Retry-After');
  if (status === 405) names.add('Allow');
  if (status === 401 && route.auth) names.add('WWW-Authenticate');
  if (isPublicGet(route) && (status === 200 || status === 304)) {
    names.add('ETag');
    names.add('Cache-Control');
  }
  if (route.version) for (const name of VERSION_HEADERS) names.add(name);
  if (route.requestHeaders?.includes('Idempotency-Key') && status < 300) names.add('Idempotency-Key');
  for (const name of names)
    if (!HEADER_DOCS[name]) throw new Error(`openapi: header "${name}" has no entry in HEADER_DOCS (src/discovery/openapi/document.ts)`);
  return [...names];
}

const headerObject = ({ description, schema, example, required }: HeaderDoc): Json => ({
  description,
  ...(required ? { required: true } : {}),
  schema,
  ...(example ? { example } : {}),
});

class OperationBuilder {
  readonly site: SiteForOpenApi;
  /** Component headers and parameters actually referenced, so none is left unused. */
  readonly usedHeaders = new Set<string>();
  readonly usedParameters = new Set<string>();
  readonly usedExamples = new Set<ErrorCode>();
  /** Components a parameter's schema referenced (converted apart, see parameter()). */
  readonly parameterSchemas: Record<string, Json> = {};

  constructor(site: SiteForOpenApi) {
    this.site = site;
  }

  operation(route: RouteSpec, byId: Map<string, RouteSpec>): Operation {
    const primary = route.aliasOf ? byId.get(route.aliasOf) : undefined;
    if (route.aliasOf && !primary) throw new Error(`openapi: ${route.operationId} is an alias of unknown operation ${route.aliasOf}`);
    const description = primary
      ? `Unversioned alias of \`${primary.method} ${primary.path}\` (operation \`${primary.operationId}\`): the same parameters, answers and policy. Prefer the versioned path.` +
        (route.description ? `\n\n${route.description}` : '')
      : route.description;
    const parameters = this.parameters(route);
    const body = this.requestBody(route);
    return {
      operationId: route.operationId,
      summary: primary ? `${route.summary} (unversioned alias)` : route.summary,
      ...(description ? { description } : {}),
      ...(route.deprecated ? { deprecated: true } : {}),
      tags: [route.tag],
      // Only the catalog needs the public-read bearer; an empty list says "no credentials" explicitly.
      security: route.auth ? [{ [route.auth]: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: this.responses(route),
    };
  }

  parameters(route: RouteSpec): Json[] {
    const out: Json[] = [];
    const templated = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const shape = (route.params?.shape ?? {}) as Record<string, z.ZodType>;
    for (const name of templated) {
      out.push(this.parameter(name, 'path', shape[name] ?? z.string(), true));
    }
    for (const [name, schema] of Object.entries((route.query?.shape ?? {}) as Record<string, z.ZodType>)) {
      // A parameter the client may leave out is one whose schema accepts its absence (optional or defaulted).
      out.push(this.parameter(name, 'query', schema, !schema.safeParse(undefined).success));
    }
    const headers = [...(route.requestHeaders ?? []), ...(isPublicGet(route) ? ['If-None-Match'] : [])];
    for (const name of headers) {
      if (SKIPPED_REQUEST_HEADERS.has(name.toLowerCase())) continue;
      if (!REQUEST_HEADER_DOCS[name])
        throw new Error(`openapi: request header "${name}" has no entry in REQUEST_HEADER_DOCS (src/discovery/openapi/document.ts)`);
      this.usedParameters.add(name);
      out.push({ $ref: `#/components/parameters/${name}` });
    }
    return out;
  }

  /**
   * Query and path values arrive as text and are coerced, so the output form states their real
   * limits (zod's input form of a coerced `.default()` drops the default). zod-openapi renders
   * parameters only as input, so these are converted here with its createSchema.
   */
  parameter(name: string, where: 'path' | 'query', schema: z.ZodType, required: boolean): Json {
    const { schema: converted, components } = createSchema(schema, { io: 'output', opts: SCHEMA_OPTIONS });
    Object.assign(this.parameterSchemas, components);
    const { description, examples, ...rest } = converted as Json & { description?: string; examples?: unknown[] };
    return {
      name,
      in: where,
      required,
      ...(description ? { description } : {}),
      schema: rest,
      ...(examples?.length ? { example: examples[0] } : {}),
    };
  }

  requestBody(route: RouteSpec): Json | undefined {
    if (!route.body) return undefined;
    const schema = route.body;
    const content = Object.fromEntries((route.bodyTypes ?? ['json']).map((t) => [MEDIA_TYPES[t], { schema }]));
    // A form-encoded OAuth endpoint whose parameters are all optional (RFC 6749 § 3.2's token
    // request here) takes an empty body too; one with a REQUIRED parameter (RFC 7009 § 2.1) does not.
    const optional = route.errorShape === 'oauth' && (route.bodyTypes ?? []).includes('form') && schema.safeParse({}).success;
    return { required: !optional, content };
  }

  responses(route: RouteSpec): Record<string, Json> {
    const out = new Map<number, Json>();
    for (const [key, spec] of Object.entries(route.responses)) out.set(Number(key), this.declared(route, Number(key), spec));
    if (isPublicGet(route) && !out.has(304)) {
      out.set(304, { description: 'Not modified: `If-None-Match` matched the ETag of the current build. No body.', headers: this.headers(route, 304) });
    }
    const codes = errorCodesOf(route);
    for (const [status, group] of Map.groupBy(codes, (code) => ERRORS[code].status)) {
      const existing = out.get(status);
      out.set(status, existing ? this.withErrorExamples(route, existing, group) : this.errorResponse(route, status, group));
    }
    if (route.errorShape === 'oauth' && route.body) {
      // readBody's failures answer `invalid_request` in the OAuth shape (app.ts errorResponse).
      for (const [status, why] of [
        [400, 'a body that is not valid JSON'],
        [413, 'a body over 64 KiB'],
        [415, 'a Content-Type this endpoint does not read'],
      ] as const) {
        if (!out.has(status)) out.set(status, this.oauthErrorResponse(route, status, [{ error: 'invalid_request', why }]));
      }
    }
    return Object.fromEntries([...out].sort(([a], [b]) => a - b).map(([status, response]) => [String(status), response]));
  }

  declared(route: RouteSpec, status: number, spec: ResponseSpec): Json {
    const content: Json = {};
    if (spec.schema) content[spec.contentType ?? JSON_TYPE] = { schema: spec.schema };
    for (const alt of spec.alternates ?? []) content[alt.contentType] = alt.schema ? { schema: alt.schema } : {};
    // Media Type Objects have no description; an alternate's framing goes into the response's.
    const notes = (spec.alternates ?? []).filter((a) => a.description).map((a) => `As \`${a.contentType}\`: ${a.description}`);
    const headers = this.headers(route, status, spec);
    return {
      description: [spec.description, ...notes].join('\n\n'),
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(Object.keys(content).length ? { content } : {}),
    };
  }

  headers(route: RouteSpec, status: number, spec?: ResponseSpec): Json {
    const names = responseHeaders(route, status, spec);
    for (const name of names) this.usedHeaders.add(name);
    return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  }

  errorResponse(route: RouteSpec, status: number, codes: ErrorCode[]): Json {
    if (route.errorShape === 'oauth') {
      return this.oauthErrorResponse(
        route,
        status,
        codes.map((code) => ({ error: OAUTH_ERROR_FOR[code] ?? 'invalid_request', why: ERRORS[code].message.replace(/\.$/, '').toLowerCase() })),
      );
    }
    const headers = this.headers(route, status);
    return {
      description: codes.map((code) => `\`${code}\`: ${ERRORS[code].message}`).join(' '),
      ...(Object.keys(headers).length ? { headers } : {}),
      content: { [JSON_TYPE]: { schema: errorResponse, examples: this.errorExamples(codes) } },
    };
  }

  oauthErrorResponse(route: RouteSpec, status: number, errors: { error: string; why: string }[]): Json {
    const headers = this.headers(route, status);
    return {
      description: `OAuth error (RFC 6749 § 5.2): ${errors.map((e) => `\`${e.error}\` for ${e.why}`).join('; ')}.`,
      ...(Object.keys(headers).length ? { headers } : {}),
      content: {
        [JSON_TYPE]: {
          schema: oauthError,
          examples: Object.fromEntries(errors.map((e) => [e.error, { value: { error: e.error, error_description: `Refused: ${e.why}.` } }])),
        },
      },
    };
  }

  /** A route's own response for an error status (e.g. the catalog's 401) gains the catalog's examples. */
  withErrorExamples(route: RouteSpec, response: Json, codes: ErrorCode[]): Json {
    const media = (response.content as Json | undefined)?.[JSON_TYPE] as Json | undefined;
    const isCatalogShape = media?.schema === errorResponse;
    if (!isCatalogShape || route.errorShape === 'oauth') return response;
    return { ...response, content: { [JSON_TYPE]: { ...media, examples: this.errorExamples(codes) } } };
  }

  /** The CORS preflight a route's path answers (app.ts): always 204, granted only to allowed origins; it costs no quota. */
  preflight(route: RouteSpec): Operation {
    return {
      operationId: `${route.operationId}Preflight`,
      summary: `CORS preflight of ${route.method} ${route.path}`,
      description:
        "Always 204 with `Allow`. `Access-Control-Allow-*` are granted only to the site's own origins. A preflight costs no rate-limit quota but shows its state.",
      tags: [route.tag],
      security: [],
      responses: { '204': { description: 'The preflight answer. No body.', headers: this.headers(route, 204, { description: '', headers: ['Allow'] }) } },
    };
  }

  /** One shared example per catalog code (components/examples), referenced by every response that can answer it. */
  errorExamples(codes: ErrorCode[]): Json {
    for (const code of codes) this.usedExamples.add(code);
    return Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }]));
  }
}

// ---- The document -------------------------------------------------------------------------------

const METADATA_FILES = [
  {
    path: '/.well-known/oauth-protected-resource',
    operationId: 'getProtectedResourceMetadata',
    summary: 'Protected-resource metadata (RFC 9728) of /api/v1',
    description: 'RFC 9728 § 2 metadata: the resource `/api/v1`, its authorization server and scope.',
    schema: protectedResourceMetadata,
  },
  {
    path: '/.well-known/oauth-authorization-server',
    operationId: 'getAuthorizationServerMetadata',
    summary: 'Authorization-server metadata (RFC 8414) with the agent_auth block',
    description: 'RFC 8414 § 2 metadata: the token, revocation and registration endpoints, and `agent_auth` (the agent endpoints).',
    schema: authorizationServerMetadata,
  },
];

function infoDescription(site: SiteForOpenApi): string {
  const { knowledge, portfolio } = site.rateLimits;
  // FO-MARKDOWN-SAFE: a description is CommonMark (OAS 3.1 § 4.8); the owner's name goes in as Markdown text.
  const name = escapeMarkdownText(site.name);
  return [
    `Read-only API over ${name}'s site: search, projects, compare, posts and the résumé (portfolio), questions in the NLWeb shape, batch and async jobs (knowledge), the public-read access flow and an MCP tool server.`,
    `Free, public, no account and no API key. Only the catalog (\`GET /api/v1\`, \`GET /api\`) asks for a bearer token, and that token is a public literal: see ${site.url}/auth.md.`,
    `Rate limits per client address, per instance: knowledge endpoints ${knowledge.limit} requests per ${knowledge.window} s, portfolio and MCP ${portfolio.limit} per ${portfolio.window} s. Over the limit: 429 with \`Retry-After\`.`,
    'Every error is JSON from one catalog, `{ "error": { "code", "message", "status", "hint", "docs" } }`, except the OAuth endpoints, which answer RFC 6749 `{ "error", "error_description" }`. ' +
      'Any path under `/api/` that is not listed here answers 404 `route_not_found`; a listed path asked with another method answers 405 `method_not_allowed` with `Allow` (in the OAuth shape on `/oauth/*` and `/agent/*`); `OPTIONS` on a listed path is the CORS preflight (204). ' +
      'The two `/.well-known/oauth-*` documents at the root are static files, outside these rules: GET and HEAD only. ' +
      `Codes, hints and examples: ${site.url}/developers.`,
    `Versioning is in the path; \`/api/v1\` only gains fields. Clients must ignore fields they do not know. Policy: ${site.url}/developers/deprecation.`,
  ].join('\n\n');
}

/** The OpenAPI 3.1 document for the routes, with absolute URLs for this site. */
export function openApiDocument(site: SiteForOpenApi, routes: RouteSpec[]): OpenApiDocument {
  const builder = new OperationBuilder(site);
  const byId = new Map(routes.map((r) => [r.operationId, r]));
  if (byId.size !== routes.length) throw new Error('openapi: two routes share an operationId');
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = builder.operation(route, byId);
    // KQ-EVENTS names OPTIONS on the agent endpoints (docs/decisions.md § What openapi.json lists);
    // elsewhere the preflight is the rule info.description states.
    if (route.path.startsWith('/agent/')) item.options = builder.preflight(route);
  }
  // The two root OAuth metadata documents are prerendered files, not routes (access.ts).
  for (const file of METADATA_FILES) {
    paths[file.path] = {
      get: {
        operationId: file.operationId,
        summary: file.summary,
        description:
          'A static file prerendered at build time: GET and HEAD only, with no rate limit and no CORS preflight; the file server refuses other methods without a JSON body.',
        tags: ['access'],
        security: [],
        responses: { '200': { description: file.description, content: { [JSON_TYPE]: { schema: file.schema } } } },
      },
    };
  }
  const used = new Set(routes.map((r) => r.tag));
  const doc = createDocument(
    {
      openapi: OPENAPI_VERSION,
      info: {
        title: `${site.name} API`,
        version: API_VERSION,
        summary: `Read-only API over ${site.name}'s projects, posts, pages and résumé: search, ask, batch, jobs, MCP.`,
        description: infoDescription(site),
        contact: { name: site.name, url: site.url, ...(site.email ? { email: site.email } : {}) },
      },
      servers: [{ url: site.url, description: `${escapeMarkdownText(site.name)}'s site` }],
      tags: (Object.keys(TAGS) as RouteSpec['tag'][]).filter((t) => used.has(t)).map((name) => ({ name, description: TAGS[name] })),
      externalDocs: { description: 'Every endpoint with examples, the error catalog and the limits', url: `${site.url}/developers` },
      paths,
      components: {
        schemas: builder.parameterSchemas,
        ...(builder.usedParameters.size
          ? { parameters: Object.fromEntries([...builder.usedParameters].sort().map((name) => [name, REQUEST_HEADER_DOCS[name]!])) }
          : {}),
        ...(builder.usedExamples.size
          ? {
              examples: Object.fromEntries(
                [...builder.usedExamples].sort().map((code) => [code, { summary: ERRORS[code].message, value: errorBody(code, site.url) }]),
              ),
            }
          : {}),
        ...(builder.usedHeaders.size
          ? { headers: Object.fromEntries([...builder.usedHeaders].sort().map((name) => [name, headerObject(HEADER_DOCS[name]!)])) }
          : {}),
        securitySchemes: {
          publicRead: {
            type: 'http',
            scheme: 'bearer',
            description: `The public-read token: a fixed, non-secret literal from \`POST ${site.url}/oauth/token\` with \`grant_type=public\`. Only \`GET /api/v1\` and \`GET /api\` need it. Guide: ${site.url}/auth.md.`,
          },
        },
      },
    } as never,
    SCHEMA_OPTIONS,
  ) as unknown as OpenApiDocument;
  const names = Object.keys(doc.components.schemas as Json);
  // zod names anonymous recursive schemas __schema0, __schema1…: unstable from one build to the next.
  if (names.some((n) => n.startsWith('__schema'))) throw new Error('openapi: a recursive schema needs .meta({ id }) to be referenced from openapi.json');
  doc.components.schemas = Object.fromEntries(names.sort().map((n) => [n, (doc.components.schemas as Json)[n]]));
  // A stream's schema describes one item (OAS 3.1 § 4.8.14 leaves streams to prose; itemSchema is 3.2).
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const response of Object.values(op.responses)) {
        const stream = (response.content as Record<string, Json> | undefined)?.[EVENT_STREAM];
        if (stream?.schema) stream.schema = { ...(stream.schema as Json), description: 'One event: the JSON after `data: ` in each server-sent event.' };
      }
    }
  }
  // FO-TYPES: a `type` lists this site's project types (built in and declared in site.md).
  return withSiteTypes(doc, site);
}

// ---- Schema conversion --------------------------------------------------------------------------

/** Formats JSON Schema 2020-12 (§ 7.3) and OpenAPI 3.1 (§ 4.4) define; any other is a zod-internal name. */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'password',
]);

/**
 * Cleans each converted schema for readers: z.int()'s bounds are the safe-integer range, which says
 * nothing; zod's own format names (e.g. `starts_with`, beside the `pattern` that states the rule)
 * are formats no validator knows. A request form that differs from its answer form keeps the id,
 * and the answer form is `<id>Output` (zod-openapi's naming).
 */
const SCHEMA_OPTIONS: CreateDocumentOptions = {
  override: ({ jsonSchema }) => {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (typeof jsonSchema.format === 'string' && !STANDARD_FORMATS.has(jsonSchema.format)) delete jsonSchema.format;
  },
};
