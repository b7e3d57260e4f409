// How a caller sizes a tool's answer (FO-MCP-SIZE): `detail` picks one of two shapes, `fields`
// names the fields to keep. Models pay for every token of a tool result, so a caller that needs
// only titles and URLs can ask for them; without either argument the answer is the REST one.
import { z } from 'zod';
import { escapeMarkdownText } from '../../records/escape.ts';

export const DETAILS = ['summary', 'full'] as const;
export type Detail = (typeof DETAILS)[number];

/** `detail`, described for the tool it belongs to (what each value answers). */
export const detailArg = (summary: string, full: string, fallback: Detail) =>
  z
    .enum(DETAILS, { error: `detail must be "summary" or "full"` })
    .optional()
    .describe(`How much each record carries: "summary" ${summary}; "full" ${full}. Default "${fallback}".`);

/**
 * `fields`: the names to keep, from the full shape. The identity fields are always kept, so every
 * item stays addressable (a slug to pass to get_project, a kind to tell a post from a project).
 */
export const fieldsArg = (names: readonly [string, ...string[]], always: readonly string[]) =>
  z
    .array(z.enum(names, { error: `fields: each must be one of ${names.join(', ')}` }), { error: 'fields must be a list of field names' })
    .min(1, 'fields: name at least one field, or leave fields out')
    .max(names.length, `fields: at most ${names.length} names`)
    .refine((list) => new Set(list).size === list.length, 'fields: a field is named twice')
    .optional()
    .describe(
      `Only these fields of each record (${always.join(' and ')} always included), from the "full" shape: ${names.join(', ')}. ` +
        'Overrides detail. Leave out for the whole shape.',
    );

/** The keys of an object schema, as `fieldsArg` takes them. */
export const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape) as [string, ...string[]];

/** A record with only the named fields (and the identity fields), in the schema's order. */
export function pick<T extends object>(record: T, fields: readonly string[] | undefined, always: readonly string[]): Partial<T> {
  if (!fields) return record;
  const keep = new Set([...always, ...fields]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key))) as Partial<T>;
}

/**
 * The output schema of a sized answer: every field of an item may be left out (by `fields` or a
 * summary) except the identity fields, so a client validating structuredContent accepts each size.
 */
export function sizedItem<S extends z.ZodObject>(full: S, always: readonly string[]) {
  const optional = Object.fromEntries(Object.entries(full.shape).map(([key, value]) => [key, always.includes(key) ? value : (value as z.ZodType).optional()]));
  return z.object(optional as { [K in keyof S['shape']]: z.ZodOptional<S['shape'][K]> });
}

/** A readable line per value for answers cut down by `fields`: the model reads what it asked for, escaped as Markdown text (FO-MARKDOWN-SAFE). */
export function fieldLines(record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(
      ([key, value]) =>
        `  ${key}: ${typeof value === 'string' ? escapeMarkdownText(value) : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.map(escapeMarkdownText).join(', ') : escapeMarkdownText(JSON.stringify(value))}`,
    )
    .join('\n');
}
