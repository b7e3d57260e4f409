// The contract test: every answer the end-to-end suites received from the API (recorded by
// scripts/local-server/record-exchanges.ts) is checked against openapi.json — the status is documented for that
// operation, the headers it marks required are there, and the body matches the response schema
// (JSON Schema 2020-12, with ajv): PF-DISCOVERY's typed schema for every answer, errors included.
// Run by scripts/test.ts after Playwright:
//   node tests/contract/validate.ts <exchanges.jsonl> [openapi.json]
// Rules for what openapi.json documents in prose (its info.description): a path it does not list
// answers 404 `route_not_found`; a listed path asked with another method answers 405 with `Allow`;
// OPTIONS is the CORS preflight (204, no body); HEAD is GET without a body.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { Exchange } from '../../scripts/local-server/record-exchanges.ts';

type Json = Record<string, unknown>;
interface OpenApi {
  paths: Record<string, Record<string, Json>>;
  components: { schemas?: Record<string, Json>; headers?: Record<string, Json>; [k: string]: unknown };
}

export interface Problem {
  exchange: string;
  problem: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A JSON Schema 2020-12 validator with the standard formats (uri, date-time, email…). */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: under Node's ESM loader its default import is module.exports, under TS's types it is `.default`.
  const addFormats = ((formats as unknown as { default?: typeof formats }).default ?? formats) as unknown as (ajv: Ajv2020) => void;
  addFormats(ajv);
  return ajv;
}

/** `{ref}` → the component, for Header and Response objects. */
function deref<T extends Json>(doc: OpenApi, node: T): T {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const [, , kind, name] = ref.split('/');
  return ((doc.components[kind!] as Record<string, T> | undefined)?.[name!] ?? node) as T;
}

export class ContractValidator {
  readonly doc: OpenApi;
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<Json, ValidateFunction>();
  readonly #templates: { template: string; pattern: RegExp; literal: number }[];

  constructor(doc: OpenApi) {
    this.doc = doc;
    this.#ajv = createAjv();
    // Component schemas reference each other as #/components/schemas/X: give ajv a document with that shape.
    this.#ajv.addSchema({ $id: 'https://contract.test/openapi.json', components: { schemas: doc.components.schemas ?? {} } });
    this.#templates = Object.keys(doc.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
      // More literal characters = more specific: /api/v1/jobs beats /api/v1/jobs/{job_id} for itself.
      literal: template.replace(/\{\w+\}/g, '').length,
    }));
  }

  /** The documented path template a request path matches, the most specific first. */
  match(path: string): string | undefined {
    const pathname = path.split('?')[0]!;
    return this.#templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literal - a.literal)[0]?.template;
  }

  #validator(schema: Json): ValidateFunction {
    let validate = this.#validators.get(schema);
    if (validate === undefined) {
      // Refs inside the schema point into the document added above.
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://contract.test/openapi.json#/components/')) as Json;
      validate = this.#ajv.compile(rebased);
      this.#validators.set(schema, validate);
    }
    return validate;
  }

  /** The catalog's error schema, or OAuthError on paths whose operations answer in the OAuth shape. */
  #errorSchemaFor(template: string | undefined): Json {
    const item = template ? this.doc.paths[template] : undefined;
    for (const op of Object.values(item ?? {})) {
      for (const response of Object.values((op.responses ?? {}) as Record<string, Json>)) {
        const schema = ((deref(this.doc, response).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
        if (schema?.$ref === '#/components/schemas/OAuthError') return schema;
      }
    }
    return { $ref: '#/components/schemas/ErrorResponse' };
  }

  check(exchange: Exchange): string[] {
    const problems: string[] = [];
    const template = this.match(exchange.path);
    const item = template ? this.doc.paths[template] : undefined;
    const method = exchange.method.toLowerCase();
    const bodyless = method === 'head' || exchange.status === 204 || exchange.status === 304;
    if (bodyless && exchange.body !== '') problems.push(`a ${exchange.method} ${exchange.status} answer must have no body`);

    if (!item) {
      if (exchange.status !== 404) problems.push(`path is not in openapi.json, so the answer must be 404 route_not_found, not ${exchange.status}`);
      else problems.push(...this.#body(exchange, { $ref: '#/components/schemas/ErrorResponse' }, 'route_not_found'));
      return problems;
    }
    // A documented preflight (OPTIONS on /agent/*) is checked as an operation, below.
    if (method === 'options' && !item.options) {
      if (exchange.status !== 204) problems.push(`a CORS preflight answers 204, not ${exchange.status}`);
      return problems;
    }
    const operation = item[method === 'head' ? 'get' : method];
    if (!operation) {
      if (exchange.status !== 405) problems.push(`${exchange.method} is not documented for ${template}, so the answer must be 405, not ${exchange.status}`);
      else {
        if (!exchange.headers.allow) problems.push('405 without an Allow header');
        const documented = METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
        for (const m of documented) if (!exchange.headers.allow?.includes(m)) problems.push(`Allow does not list ${m}`);
        problems.push(...this.#body(exchange, this.#errorSchemaFor(template)));
      }
      return problems;
    }
    const responses = (operation.responses ?? {}) as Record<string, Json>;
    const declared = responses[String(exchange.status)] ?? responses[`${String(exchange.status)[0]}XX`] ?? responses.default;
    if (!declared) {
      problems.push(`status ${exchange.status} is not documented for ${operation.operationId} (documented: ${Object.keys(responses).join(', ')})`);
      return problems;
    }
    const response = deref(this.doc, declared);
    for (const [name, ref] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = deref(this.doc, ref);
      const value = exchange.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      problems.push(...this.#header(name, value, header.schema as Json | undefined));
    }
    if (bodyless) return problems;
    const content = (response.content ?? {}) as Record<string, Json>;
    if (Object.keys(content).length === 0) {
      if (exchange.body !== '') problems.push(`${operation.operationId} ${exchange.status} documents no body, but one was sent`);
      return problems;
    }
    const type = exchange.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    const media = content[type];
    if (!media) {
      problems.push(
        `content type ${exchange.contentType ?? '(none)'} is not documented for ${operation.operationId} ${exchange.status} (documented: ${Object.keys(content).join(', ')})`,
      );
      return problems;
    }
    const schema = media.schema as Json | undefined;
    if (schema) problems.push(...(type === 'text/event-stream' ? this.#events(exchange, schema) : this.#body(exchange, schema)));
    return problems;
  }

  #header(name: string, value: string, schema: Json | undefined): string[] {
    if (!schema) return [];
    if (schema.type === 'integer' && !/^-?\d+$/.test(value)) return [`header ${name} should be an integer, is ${JSON.stringify(value)}`];
    if (Array.isArray(schema.enum) && !schema.enum.includes(value))
      return [`header ${name} should be one of ${schema.enum.join(', ')}, is ${JSON.stringify(value)}`];
    if (schema.format === 'uri' && !URL.canParse(value)) return [`header ${name} should be an absolute URI, is ${JSON.stringify(value)}`];
    return [];
  }

  #body(exchange: Exchange, schema: Json, code?: string): string[] {
    if (exchange.truncated) return [`the body was cut at the recording cap; it cannot be checked`];
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return [`the body is not JSON: ${exchange.body.slice(0, 80)}`];
    }
    const problems = this.#schema(body, schema);
    if (code && (body as { error?: { code?: unknown } })?.error?.code !== code) problems.push(`error.code should be ${code}`);
    return problems;
  }

  /** Server-sent events: each `data:` payload is one item of the schema. A cut stream loses only its last event. */
  #events(exchange: Exchange, schema: Json): string[] {
    const blocks = exchange.body.split(/\r?\n\r?\n/);
    // The text after the last blank line is an unfinished event unless the stream ended cleanly.
    const complete = exchange.truncated ? blocks.slice(0, -1) : blocks.filter((b) => b.trim() !== '');
    const problems: string[] = [];
    complete.forEach((block, i) => {
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) return;
      try {
        problems.push(...this.#schema(JSON.parse(data), schema).map((p) => `event ${i}: ${p}`));
      } catch {
        problems.push(`event ${i} is not JSON: ${data.slice(0, 80)}`);
      }
    });
    if (complete.length === 0 && !exchange.truncated) problems.push('an event stream with no events');
    return problems;
  }

  #schema(value: unknown, schema: Json): string[] {
    const validate = this.#validator(schema);
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (e) =>
          `body${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
  }
}

/** Every problem, one per exchange that broke the contract. */
export function validateExchanges(doc: OpenApi, exchanges: Exchange[]): Problem[] {
  const validator = new ContractValidator(doc);
  return exchanges.flatMap((exchange) =>
    validator.check(exchange).map((problem) => ({ exchange: `${exchange.method} ${exchange.path} → ${exchange.status}`, problem })),
  );
}

/**
 * Operations answered by a prerendered file rather than the function (the root OAuth metadata), so
 * no exchange is recorded for them: the built file itself is checked against the 200 schema.
 */
export function checkStaticFiles(doc: OpenApi, dir: string, operationIds: string[]): { checked: string[]; problems: Problem[] } {
  const validator = new ContractValidator(doc);
  const checked: string[] = [];
  const problems: Problem[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = item.get;
    const file = join(dir, path);
    if (!get || !operationIds.includes(String(get.operationId)) || path.includes('{') || !existsSync(file) || !statSync(file).isFile()) continue;
    checked.push(String(get.operationId));
    const exchange: Exchange = {
      method: 'GET',
      path,
      status: 200,
      contentType: 'application/json',
      headers: {},
      body: readFileSync(file, 'utf8'),
      truncated: false,
    };
    problems.push(...validator.check(exchange).map((problem) => ({ exchange: `file ${file}`, problem })));
  }
  return { checked, problems };
}

/** Which documented operations the exchanges exercised, for the coverage line of the report. */
export function coverage(doc: OpenApi, exchanges: Exchange[]): { exercised: string[]; missed: string[] } {
  const validator = new ContractValidator(doc);
  const seen = new Set<string>();
  for (const e of exchanges) {
    const template = validator.match(e.path);
    const method = e.method.toLowerCase() === 'head' ? 'get' : e.method.toLowerCase();
    const op = template ? doc.paths[template]?.[method] : undefined;
    if (op) seen.add(String(op.operationId));
  }
  const all = Object.values(doc.paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => String(item[m]!.operationId)));
  return { exercised: all.filter((id) => seen.has(id)), missed: all.filter((id) => !seen.has(id)) };
}

/**
 * Each recorded answer against the description of the site that gave it (`description`, a file
 * recordExchanges kept in `dir`, beside the log), else against `doc`: sites' descriptions differ
 * (FO-TYPES: each site's type enum).
 */
export function validateRecorded(doc: OpenApi, exchanges: Exchange[], dir: string): Problem[] {
  const bySite = Map.groupBy(exchanges, (e) => e.description);
  return [...bySite].flatMap(([description, answers]) =>
    validateExchanges(description ? (JSON.parse(readFileSync(join(dir, description), 'utf8')) as OpenApi) : doc, answers),
  );
}

export function readExchanges(file: string): Exchange[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as Exchange;
      } catch {
        throw new Error(`${file}:${i + 1} is not a JSON line`);
      }
    });
}

if (import.meta.main) {
  const [file = process.env.FOLIO_RECORD_FILE, docFile = 'dist/openapi.json'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node tests/contract/validate.ts <exchanges.jsonl> [openapi.json]');
    process.exit(2);
  }
  const doc = JSON.parse(readFileSync(docFile, 'utf8')) as OpenApi;
  const exchanges = readExchanges(file);
  const { exercised, missed: unrecorded } = coverage(doc, exchanges);
  const files = checkStaticFiles(doc, dirname(docFile), unrecorded);
  const missed = unrecorded.filter((id) => !files.checked.includes(id));
  exercised.push(...files.checked);
  const problems = [...validateRecorded(doc, exchanges, dirname(file)), ...files.problems];
  console.log(
    `\ncontract: ${exchanges.length} API answers checked against ${docFile}; ${exercised.length} of ${exercised.length + missed.length} operations exercised.`,
  );
  // An operation no suite calls over HTTP is one the contract cannot vouch for: that fails too.
  if (missed.length) console.error(`contract: not exercised by the e2e suites: ${missed.join(', ')}`);
  // A recorder that silently stopped recording would pass everything: an empty log is a failure.
  if (exchanges.length === 0) {
    console.error('contract: no exchanges were recorded; is recordExchanges wired into the server (FOLIO_RECORD_FILE)?');
    process.exit(1);
  }
  const badAnswers = new Set(problems.map((p) => p.exchange)).size;
  if (problems.length) {
    console.error(`contract: ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  ${p.exchange}: ${p.problem}`);
  } else if (!missed.length) {
    console.log('contract: every answer matches openapi.json, and every operation was exercised.');
  }
  // The plain closing line CI reads: one check per recorded answer, and one per missed operation.
  console.log(`contract: ${exchanges.length - badAnswers} passed, ${badAnswers + missed.length} failed`);
  if (badAnswers + missed.length) process.exit(1);
}
