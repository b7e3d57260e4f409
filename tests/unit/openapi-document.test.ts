// openapi.json is generated from the route table and the zod schemas (src/discovery/openapi/document.ts): every
// route, its limits, bodies, answers, errors and headers, and the publicRead scheme on the catalog only.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERRORS, errorResponse } from '../../src/server/errors.ts';
import { defineRoute, type RouteSpec } from '../../src/server/route.ts';
import { json } from '../../src/server/http.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { siteData } from '../../src/server/data.ts';
import { openApiDocument, HEADER_DOCS, type Operation } from '../../src/discovery/openapi/document.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { createAjv } from '../contract/validate.ts';
import { createApp } from '../../src/server/app.ts';
import { authorizationServerMetadata, protectedResourceMetadata } from '../../src/server/access/oauth-metadata.ts';

type Json = Record<string, any>;
const site = siteData().site;
const doc = openApiFor(site) as Json;
const op = (method: string, path: string): Operation & Json => doc.paths[path]?.[method.toLowerCase()];
const param = (o: Json, name: string) =>
  (o.parameters as Json[]).map((p) => (p.$ref ? doc.components.parameters[refName(p)!] : p)).find((p: Json) => p.name === name)!;
const refName = (node: Json) => String(node.$ref).split('/').pop();
const header = (response: Json | undefined, name: string) => doc.components.headers[refName(response!.headers[name])!];

describe('PF-DISCOVERY: openapi.json covers the route table', () => {
  it('KQ-VERSIONING: OpenAPI 3.1, API version 1.0.0, the site URL as the server', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: site.url, description: expect.any(String) }]);
  });

  it('every route of the table is one operation, with its operationId, summary and tag', () => {
    const operations = Object.values(doc.paths as Record<string, Json>).flatMap((item) => Object.values(item).map((o: Json) => o.operationId));
    // Besides the routes: the agent endpoints' preflights and the two static metadata files (docs/decisions.md § What openapi.json lists, below).
    const agentPaths = ROUTES.filter((r) => r.path.startsWith('/agent/')).length;
    expect(operations).toHaveLength(ROUTES.length + agentPaths + 2);
    for (const route of ROUTES) {
      expect(op(route.method, route.path), `${route.method} ${route.path}`).toMatchObject({
        operationId: route.operationId,
        summary: expect.any(String),
        tags: [route.tag],
      });
    }
  });

  it('PF-ALIASES: the unversioned aliases are documented as real paths, marked as aliases of v1', () => {
    const aliases = ROUTES.filter((r) => r.aliasOf);
    expect(aliases.map((r) => r.path).sort()).toEqual([
      '/api',
      '/api/posts',
      '/api/posts/{slug}',
      '/api/projects',
      '/api/projects/{slug}',
      '/api/resume',
      '/api/search',
    ]);
    for (const route of aliases) {
      const primary = ROUTES.find((r) => r.operationId === route.aliasOf)!;
      const alias = op(route.method, route.path);
      expect(alias.summary).toMatch(/\(unversioned alias\)$/);
      expect(alias.description).toMatch(new RegExp(`^Unversioned alias of \`${primary.method} ${primary.path.replace(/[{}]/g, '\\$&')}\``));
      expect(alias.responses).toEqual(op(primary.method, primary.path).responses);
    }
  });

  it('KQ-PROTECTED, KQ-OPEN, PF-NO-AUTH: the publicRead bearer scheme, on GET /api/v1 and GET /api only', () => {
    expect(doc.components.securitySchemes).toEqual({ publicRead: { type: 'http', scheme: 'bearer', description: expect.any(String) } });
    expect(doc.security).toBeUndefined();
    for (const route of ROUTES) {
      const expected = route.method === 'GET' && (route.path === '/api/v1' || route.path === '/api') ? [{ publicRead: [] }] : [];
      expect(op(route.method, route.path).security, `${route.method} ${route.path}`).toEqual(expected);
    }
  });

  it('parameters carry the limits zod enforces: lengths, ranges, defaults, enums, required', () => {
    const search = op('GET', '/api/v1/search');
    expect(param(search, 'q')).toMatchObject({ in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 500 } });
    expect(param(search, 'limit')).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 } });
    expect(param(search, 'type').schema.enum).toEqual(['app', 'library', 'tool', 'service', 'research', 'talk', 'post', 'page', 'resume']);
    expect(param(op('GET', '/api/v1/projects'), 'archive').schema).toEqual({ type: 'string', enum: ['0', '1'] });
    expect(param(op('GET', '/api/v1/projects/{slug}'), 'slug')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: expect.any(String) },
    });
    expect(param(op('GET', '/api/v1/sandbox'), 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(param(op('GET', '/api/v1/sandbox'), 'page').schema).toEqual({ type: 'integer', minimum: 1, default: 1 });
    expect(param(op('GET', '/ask'), 'streaming').schema.enum).toEqual(['true', 'false']);
    expect(param(op('GET', '/api/v1/jobs/{job_id}'), 'job_id')).toMatchObject({ in: 'path', required: true });
  });

  it('request bodies: JSON for the API, form-encoded or JSON (optional) for token and revoke', () => {
    const ask = op('POST', '/ask').requestBody;
    expect(ask).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/AskRequest' } } } });
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      expect(Object.keys(op('POST', path).requestBody.content).sort(), path).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    }
    // RFC 6749 § 4: every token parameter here is optional; RFC 7009 § 2.1: `token` is REQUIRED.
    expect(op('POST', '/oauth/token').requestBody.required).toBe(false);
    expect(op('POST', '/oauth/revoke').requestBody.required).toBe(true);
    expect(doc.components.schemas.QueriesRequest.properties.queries).toMatchObject({ minItems: 1, maxItems: 10, items: { type: 'string', minLength: 1 } });
  });

  it('the ids of the zod schemas name the components, and no component is left unreferenced', () => {
    const text = JSON.stringify({ paths: doc.paths, components: { ...doc.components, schemas: undefined } }) + JSON.stringify(doc.components.schemas);
    for (const kind of ['schemas', 'headers', 'parameters', 'examples']) {
      for (const name of Object.keys(doc.components[kind])) expect(text, `${kind}/${name}`).toContain(`"#/components/${kind}/${name}"`);
    }
    for (const ref of text.match(/"#\/components\/[^"]+"/g) ?? []) {
      const [, , kind, name] = JSON.parse(ref).split('/');
      expect(doc.components[kind]?.[name], ref).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorResponse', 'ErrorObject', 'OAuthError', 'SearchResponse', 'Project', 'AskResponse', 'JobAccepted']),
    );
  });
});

describe('PF-DISCOVERY: every answer, errors included, and the headers that matter', () => {
  it('KQ-ERROR-SHAPE, docs/decisions.md § Error object: catalog errors are ErrorResponse, OAuth endpoints answer OAuthError', () => {
    for (const route of ROUTES) {
      for (const [status, response] of Object.entries(op(route.method, route.path).responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        const schema = response.content['application/json'].schema;
        // A status the route declares itself keeps the route's schema (e.g. MCP's JSON-RPC errors).
        const declared = route.responses[Number(status)]?.schema;
        const expected = declared ? z.globalRegistry.get(declared)?.id : route.errorShape === 'oauth' ? 'OAuthError' : 'ErrorResponse';
        expect(refName(schema), `${route.operationId} ${status}`).toBe(expected);
      }
    }
  });

  it('every catalog error a route declares is documented under its status, with an example of that code', () => {
    for (const route of ROUTES.filter((r) => r.errorShape !== 'oauth')) {
      const responses = op(route.method, route.path).responses as Record<string, Json>;
      for (const code of route.errors ?? []) {
        // 405 is never an answer of the operation's own method (docs/decisions.md § What openapi.json lists, below).
        if (code === 'method_not_allowed') continue;
        // A status the route answers in its own shape (MCP's JSON-RPC errors) carries the code inside it.
        const own = route.responses[ERRORS[code].status]?.schema;
        if (own && own !== errorResponse) continue;
        const examples = responses[ERRORS[code].status]?.content['application/json'].examples;
        expect(examples?.[code], `${route.operationId}: ${code}`).toEqual({ $ref: `#/components/examples/${code}` });
      }
    }
  });

  it('docs/decisions.md § Caching: every public GET documents 304 and a required ETag and Cache-Control on 200', () => {
    for (const route of ROUTES.filter((r) => r.cache === 'public' && r.method === 'GET')) {
      const responses = op(route.method, route.path).responses as Record<string, Json>;
      expect(responses['304'], route.operationId).toBeDefined();
      expect(responses['304']!.content).toBeUndefined();
      for (const status of ['200', '304']) {
        expect(header(responses[status]!, 'ETag')?.required, `${route.operationId} ${status}`).toBe(true);
        expect(header(responses[status]!, 'Cache-Control')?.required).toBe(true);
      }
      expect(param(op(route.method, route.path), 'If-None-Match')).toMatchObject({ in: 'header', required: false });
    }
  });

  it('docs/decisions.md § Rate limits: every limited route documents 429 with Retry-After, and the rate headers on every answer', () => {
    for (const route of ROUTES.filter((r) => r.policy)) {
      const responses = op(route.method, route.path).responses as Record<string, Json>;
      expect(header(responses['429']!, 'Retry-After')?.required, route.operationId).toBe(true);
      for (const [status, response] of Object.entries(responses)) {
        for (const name of ['RateLimit-Policy', 'RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
          expect(header(response, name)?.required, `${route.operationId} ${status} ${name}`).toBe(true);
        }
      }
    }
  });

  it('every operation of the route table documents a 4xx answer (redocly.yaml turns the rule off only for preflights and static files)', () => {
    for (const route of ROUTES)
      expect(
        Object.keys(op(route.method, route.path).responses).some((s) => s.startsWith('4')),
        route.operationId,
      ).toBe(true);
  });

  it('docs/decisions.md § Limits: every route with a body documents 400, 413 and 415', () => {
    for (const route of ROUTES.filter((r) => r.body)) {
      expect(Object.keys(op(route.method, route.path).responses), route.operationId).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });

  it('KQ-JOB-CREATE, KQ-PROTECTED, KQ-SANDBOX, KQ-IDEMPOTENCY: 202 with Location, Retry-After; 401 with WWW-Authenticate; X-Sandbox; Idempotency-Key', () => {
    const created = op('POST', '/api/v1/jobs').responses['202'];
    expect(header(created, 'Location')).toMatchObject({ required: true, schema: { format: 'uri' } });
    expect(header(created, 'Retry-After')?.required).toBe(true);
    expect(header(op('GET', '/api/v1').responses['401'], 'WWW-Authenticate')?.required).toBe(true);
    expect(header(op('GET', '/api/v1/sandbox').responses['200'], 'X-Sandbox')).toMatchObject({ required: true, schema: { enum: ['true'] } });
    expect(header(op('POST', '/ask').responses['200'], 'Idempotency-Key')?.required).toBeUndefined();
    expect(param(op('POST', '/ask'), 'Idempotency-Key')).toMatchObject({ in: 'header', required: false });
  });

  it('KQ-ASK, docs/decisions.md § NLWeb ask: /ask answers JSON or server-sent events, each event an AskStreamEvent', () => {
    const content = (op('GET', '/ask').responses['200'] as Json).content;
    expect(content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AskResponse' });
    expect(content['text/event-stream'].schema).toMatchObject({ $ref: '#/components/schemas/AskStreamEvent' });
  });

  it('every example of an error validates against ErrorResponse', () => {
    const ajv = createAjv();
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const validate = ajv.compile({ $ref: 'doc#/components/schemas/ErrorResponse' });
    for (const [code, example] of Object.entries(doc.components.examples as Record<string, Json>)) {
      expect(validate(example.value), code).toBe(true);
      expect(example.value.error).toMatchObject({ code, status: ERRORS[code as keyof typeof ERRORS].status, docs: `${site.url}/developers#error-${code}` });
    }
  });

  it('is the same document on every build of the same content (deterministic)', () => {
    expect(JSON.stringify(openApiFor(site))).toBe(JSON.stringify(doc));
  });
});

describe('docs/decisions.md § What openapi.json lists: the OAuth metadata documents, OPTIONS on /agent/*, and 405 only where it can happen', () => {
  const app = createApp();
  const ajv = createAjv();
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const schemaOf = (response: Json | undefined) => response!.content['application/json'].schema;

  it('both root metadata documents are operations whose schema the prerendered files validate against', () => {
    const files = [
      ['/.well-known/oauth-authorization-server', 'AuthorizationServerMetadata', authorizationServerMetadata(site)],
      ['/.well-known/oauth-protected-resource', 'ProtectedResourceMetadata', protectedResourceMetadata(site)],
    ] as const;
    for (const [path, component, body] of files) {
      const get = op('GET', path)!;
      expect(Object.keys(doc.paths[path]), path).toEqual(['get']);
      expect(get.security, path).toEqual([]);
      expect(schemaOf(get.responses['200']), path).toEqual({ $ref: `#/components/schemas/${component}` });
      expect(ajv.compile({ $ref: `doc#/components/schemas/${component}` })(body), path).toBe(true);
    }
  });

  it('the path-suffixed metadata the function answers is documented, and no other variant is served', async () => {
    for (const suffix of ['/api/v1', '/api']) {
      const path = `/.well-known/oauth-protected-resource${suffix}`;
      expect(op('GET', path)?.responses['200'], path).toBeDefined();
      expect((await app.request(path)).status, path).toBe(200);
    }
    for (const path of [
      '/.well-known/oauth-authorization-server/api',
      '/.well-known/oauth-authorization-server/api/v1',
      '/.well-known/oauth-protected-resource/oauth',
    ]) {
      expect(doc.paths[path], path).toBeUndefined();
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('KQ-EVENTS: OPTIONS on each /agent/* path is a documented 204 with Allow and the rate headers, as the app answers it', async () => {
    const agentPaths = ROUTES.filter((r) => r.path.startsWith('/agent/')).map((r) => r.path);
    expect(agentPaths.sort()).toEqual(['/agent/claim', '/agent/events', '/agent/identity']);
    for (const path of agentPaths) {
      const preflight = op('OPTIONS', path) as Json;
      expect(Object.keys(preflight.responses), path).toEqual(['204']);
      expect(preflight.responses['204'].content).toBeUndefined();
      const res = await app.request(path, { method: 'OPTIONS', headers: { Origin: site.url, 'Access-Control-Request-Method': 'POST' } });
      expect(res.status, path).toBe(204);
      expect(await res.text()).toBe('');
      for (const name of Object.keys(preflight.responses['204'].headers)) {
        expect(header(preflight.responses['204'], name)?.required, `${path} ${name}`).toBe(true);
        expect(res.headers.get(name), `${path} ${name}`).not.toBeNull();
      }
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    }
  });

  it('no operation documents 405 for its own method; every listed function path answers 405 with Allow to another method', async () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) expect(operation.responses['405'], `${method} ${path}`).toBeUndefined();
    }
    expect(doc.components.examples.method_not_allowed).toBeUndefined();
    expect(doc.info.description).toMatch(/another method answers 405 `method_not_allowed` with `Allow`/);
    for (const route of ROUTES) {
      const res = await app.request(route.path.replace(/\{\w+\}/g, 'x'), { method: 'PUT' });
      expect(res.status, route.path).toBe(405);
      expect(res.headers.get('allow'), route.path).toContain(route.method);
    }
  });
});

describe('the generator refuses what it cannot document', () => {
  const base = { summary: 's', tag: 'knowledge', cors: 'site', handler: () => json({}) } as const;
  const small = (extra: Partial<RouteSpec>) =>
    defineRoute({ ...base, method: 'GET', path: '/api/t', operationId: 't', responses: { 200: { description: 'ok' } }, ...extra });

  it('a header with no entry in HEADER_DOCS fails the build, naming it', () => {
    expect(() => openApiDocument(site, [small({ responses: { 200: { description: 'ok', headers: ['X-Mystery'] } } })])).toThrow(
      /header "X-Mystery" has no entry in HEADER_DOCS/,
    );
    expect(Object.keys(HEADER_DOCS)).toEqual(
      expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After', 'Location', 'ETag', 'WWW-Authenticate', 'X-Sandbox']),
    );
  });

  it('an alias of an unknown operation, or two routes with one operationId, fail the build', () => {
    expect(() => openApiDocument(site, [small({ aliasOf: 'nothing' })])).toThrow(/alias of unknown operation nothing/);
    expect(() => openApiDocument(site, [small({}), small({ path: '/api/u' })])).toThrow(/share an operationId/);
  });

  it('one id used for a different input and output shape gets two components, not a wrong one', () => {
    const thing = z.object({ n: z.coerce.number().default(1) }).meta({ id: 'Thing' });
    const out = openApiDocument(site, [small({ method: 'POST', body: thing, responses: { 200: { description: 'ok', schema: thing } } })]) as Json;
    // zod-openapi's naming: the request form keeps the id, the answer form is <id>Output.
    expect(
      Object.keys(out.components.schemas)
        .filter((n) => n.startsWith('Thing'))
        .sort(),
    ).toEqual(['Thing', 'ThingOutput']);
    expect(out.paths['/api/t'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(out.paths['/api/t'].post.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ThingOutput' });
    expect(out.components.schemas.ThingOutput.required).toEqual(['n']);
    expect(out.components.schemas.Thing.required).toBeUndefined();
  });
});
