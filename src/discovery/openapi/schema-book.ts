// zod schemas into openapi.json's `components/schemas`, through zod 4's own z.toJSONSchema (JSON
// Schema 2020-12, the dialect of OpenAPI 3.1). What is added here is only the sharing: a schema
// with `.meta({ id })` becomes one component, referenced everywhere, and a request form that
// differs from the answer form of the same id is named `<id>Input`.
import { z } from 'zod';

type Json = Record<string, unknown>;

/** Formats JSON Schema 2020-12 (§ 7.3) and OpenAPI 3.1 (§ 4.4) define; any other is a zod-internal name. */
const STANDARD_FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'iri',
  'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex', 'int32', 'int64', 'float', 'double', 'password',
]);

/**
 * Cleans zod's output for readers: z.int() bounds are the safe-integer range, which says nothing;
 * zod's own format names (e.g. `starts_with`, next to the `pattern` that states the rule) are not
 * formats any validator knows.
 */
function tidy(node: unknown, keysAreNames = false): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // In `properties` (and the like) keys are member names, not keywords: a member may be called `$schema`.
    if (!keysAreNames) {
      if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
      if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
      if (key === '$schema' && typeof value === 'string') continue;
      if (key === 'format' && typeof value === 'string' && !STANDARD_FORMATS.has(value)) continue;
    }
    out[key] = tidy(value, !keysAreNames && NAME_MAPS.has(key));
  }
  return out;
}

/** Keywords whose value maps member names (or definition names) to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Key order does not change a schema; compare canonically. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function rewriteRefs(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, names));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      const name = names.get(value.slice('#/$defs/'.length));
      if (!name) throw new Error(`openapi: unresolved reference ${value}`);
      out.$ref = `#/components/schemas/${name}`;
    } else out[key] = rewriteRefs(value, names);
  }
  return out;
}

/**
 * Converts zod schemas into one shared `components/schemas`. Requests are converted as input
 * (what a client may send: defaults optional, loose objects open) and responses as output. When
 * an id's input form differs from its output form, the input form is named `<id>Input`.
 */
export class SchemaBook {
  readonly components: Record<string, Json> = {};
  /** Each component's definition as zod emitted it (refs still `#/$defs/…`), to detect id clashes. */
  readonly #sources = new Map<string, string>();

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const raw = tidy(z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', cycles: 'ref', reused: 'inline' })) as Json;
    const { $defs = {}, ...root } = raw as Json & { $defs?: Record<string, Json> };
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries($defs)) {
      // zod names anonymous recursive schemas __schema0, __schema1…: unstable across conversions.
      if (id.startsWith('__schema')) throw new Error('openapi: a recursive schema needs .meta({ id }) to be referenced from openapi.json');
      names.set(id, this.#place(id, def, io));
    }
    // Rewrite once every name is known, so references between definitions resolve.
    for (const [id, def] of Object.entries($defs)) this.components[names.get(id)!] = rewriteRefs(def, names) as Json;
    return rewriteRefs(root, names) as Json;
  }

  /** The component name for a definition: its id, unless that id already holds a different schema. */
  #place(id: string, def: Json, io: 'input' | 'output'): string {
    const source = canonical(def);
    for (const name of [id, io === 'input' ? `${id}Input` : `${id}Output`]) {
      const existing = this.#sources.get(name);
      if (existing === undefined || existing === source) {
        this.#sources.set(name, source);
        return name;
      }
    }
    throw new Error(`openapi: schema id "${id}" names three different schemas`);
  }

  /** The components, sorted by name. */
  schemas(): Record<string, Json> {
    return Object.fromEntries(Object.entries(this.components).sort(([a], [b]) => a.localeCompare(b)));
  }
}
