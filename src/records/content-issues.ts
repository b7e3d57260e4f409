// A zod issue in front matter, worded for the site's owner: the field as they would point at it in
// YAML, what was expected, what was found, and the closest allowed name for a misspelt one.
import { z } from 'zod';

/** Words for the types zod names in `invalid_type`, as an owner editing YAML thinks of them. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  record: 'a set of name: value pairs',
};

/** One line per problem: the field, what was expected, and what was found; `lang`, the site's language, spells suggested tags and slugs. */
export function describeIssue(issue: z.core.$ZodIssue, schema?: z.ZodType, lang?: string): string {
  const field = issue.path.length ? `field "${fieldName(issue.path)}"` : 'front matter';
  const got = 'input' in issue && issue.input !== undefined ? `, got ${show(issue.input)}` : '';
  // Our schemas word their own messages as "what was expected"; zod's defaults start with a verdict.
  const custom = !/^(Invalid|Too (small|big))\b/.test(issue.message) ? issue.message : undefined;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = custom ?? TYPE_WORDS[issue.expected] ?? issue.expected;
      if (issue.input === undefined) return `${field} is required (expected ${expected})`;
      if (issue.path.length === 0) return `front matter expected a set of fields (key: value lines between ---)${got}`;
      return `${field} expected ${expected}${got}`;
    }
    case 'invalid_value': {
      const near = typeof issue.input === 'string' ? closest(issue.input, issue.values.map(String)) : undefined;
      return `${field} expected one of ${issue.values.map(String).join(', ')}${got}${near ? ` (did you mean "${near}"?)` : ''}`;
    }
    case 'unrecognized_keys': {
      const allowed = schema ? allowedFields(schema, issue.path) : [];
      const where = issue.path.length ? ` under "${fieldName(issue.path)}"` : '';
      const names = issue.keys.map((k) => {
        const near = closest(k, allowed);
        return near ? `"${k}" (did you mean "${near}"?)` : `"${k}"`;
      });
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${names.join(', ')}${where}${allowed.length ? `; expected only ${allowed.join(', ')}` : ''}`;
    }
    case 'too_small':
    case 'too_big':
      return `${field} expected ${custom ?? bound(issue)}${got}`;
    case 'invalid_format': {
      // "Web Performance" for a kebab-case tag or slug: the form it was meant to take, in the site's language (FO-SLUG-SUGGEST).
      const kebab = issue.format === 'regex' && typeof issue.input === 'string' ? suggestedSlug(issue.input, lang) : '';
      const near = kebab && kebab !== issue.input && patternOf(issue.pattern)?.test(kebab) ? ` (did you mean "${kebab}"?)` : '';
      return `${field} expected ${custom ?? FORMAT_WORDS[issue.format] ?? `text in ${issue.format} format`}${got}${near}`;
    }
    case 'invalid_key': {
      const inner = issue.issues[0];
      const reason = inner && !/^Invalid/.test(inner.message) ? inner.message : 'a valid name';
      return `field "${fieldName(issue.path.slice(0, -1))}" has the name ${show(issue.path.at(-1))}, expected ${reason}`;
    }
    case 'custom': {
      // A field one rule requires of another (coverAlt with cover) is missing, not wrong: the
      // object it was checked on is no value of the field's to show.
      if (issue.params?.missing) return `${field} is missing: write ${issue.message}`;
      // A refinement of an object (site.md's strings:, a project's dates) that names no input gets
      // zod's default, the whole object it refined: never the field's value, so not shown.
      const own = issue.path.length > 0 && isFields(issue.input) ? '' : got;
      const near = typeof issue.params?.suggestion === 'string' ? ` (did you mean "${issue.params.suggestion}"?)` : '';
      return `${field} expected ${issue.message}${own}${near}`;
    }
    default:
      return `${field}: ${issue.message}${got}`;
  }
}

const isFields = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * Letters a language spells in ASCII its own way when a name becomes a slug or tag (FO-SLUG-SUGGEST),
 * as its speakers write them in addresses (and as WordPress's remove_accents does by locale): German
 * "Möbel" is "moebel", "Größe" "groesse". Folio's other languages (strings.ts LOCALES) write a
 * letter's base: French "é", "ç" → e, c; Spanish "ñ" → n; Portuguese "ã", "ç" → a, c; Swedish "å",
 * "ä", "ö" → a, a, o ("Malmö" → malmo); English has no letters of its own. By the language's primary subtag.
 */
const LANGUAGE_LETTERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de: { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' },
};

/** Letters Unicode does not decompose into a base and an accent (NFKD leaves them whole): their usual ASCII spelling in any language. */
const WHOLE_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
};

/**
 * The form a name takes as a slug or tag, which are lowercase ASCII (schema.ts SLUG_PATTERN), in the
 * site's language `lang` ("Möbel Serie" → "moebel-serie" in German): each letter spelled by the
 * language's rules, else by its base letter (NFKD without its accents: "Télémétrie" → "telemetrie"),
 * every other run of characters one hyphen. A letter that has no ASCII spelling at all (北, ж) gives
 * no suggestion: one that silently dropped letters would name something else.
 */
export function suggestedSlug(text: string, lang = 'en'): string | undefined {
  const own = LANGUAGE_LETTERS[lang.toLowerCase().split('-')[0]!] ?? {};
  let slug = '';
  for (const char of text.toLowerCase()) {
    const spelled = own[char] ?? WHOLE_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (/^[a-z0-9]+$/.test(spelled)) slug += spelled;
    // A combining accent written apart from its letter ("e" + U+0301) belongs to the letter before it.
    else if (/^\p{M}$/u.test(char)) continue;
    else if (/[\p{L}\p{N}]/u.test(char)) return undefined;
    else slug += '-';
  }
  return slug.replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** zod reports a regex check's pattern as its source text in slashes, `/^…$/flags`. */
function patternOf(pattern: string | undefined): RegExp | undefined {
  const m = pattern && /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  return m ? new RegExp(m[1]!, m[2]) : undefined;
}

/** `links.repo`, `featured[1]`: the path as the owner would point at it in YAML. */
export const fieldName = (path: PropertyKey[]) => path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('');

const FORMAT_WORDS: Record<string, string> = { email: 'an email address', url: 'a URL', regex: 'text in the documented form' };

/** "at least 1", "at most 100000 characters": zod's defaults read "expected number to be >=1". */
function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig) {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const exact = !issue.inclusive;
  const edge = small ? (exact ? 'more than' : 'at least') : exact ? 'less than' : 'at most';
  switch (issue.origin) {
    case 'string':
      return small && limit === 1 ? 'non-empty text' : `${edge} ${limit} character${limit === 1 ? '' : 's'}`;
    case 'array':
    case 'set':
      return `a list of ${edge} ${limit} item${limit === 1 ? '' : 's'}`;
    default:
      return `a number of ${edge} ${limit}`;
  }
}

/** The fields a strict object allows at `path`, for "unknown field" messages. */
export function allowedFields(schema: z.ZodType, path: PropertyKey[]): string[] {
  let node: unknown = schema;
  for (const key of [...path, undefined]) {
    // Look through wrappers (default, optional, refine pipes) to the object or array underneath.
    for (let i = 0; i < 8; i++) {
      if (node instanceof z.ZodDefault || node instanceof z.ZodOptional) node = node.unwrap();
      // A transform's pipe leads to its output's schema.
      else if (node instanceof z.ZodPipe) node = node.in instanceof z.ZodTransform ? node.out : node.in;
      else break;
    }
    if (key === undefined) break;
    if (node instanceof z.ZodObject) node = node.shape[key as string];
    else if (node instanceof z.ZodArray) node = node.element;
    else return [];
  }
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}

/** The allowed name within two edits of a misspelt one ("tag" → "tags", "sumary" → "summary"), ignoring case. */
export function closest(name: string, allowed: string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function show(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value) && value.length === 0) return 'an empty list';
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
