// Proactive content negotiation on the Accept header (RFC 9110 § 12.5.1, § 12.4.2 for qvalues).
// The one Accept parser: the routing middleware chooses a page's HTML or Markdown twin with it,
// the local server the form of a 404, /ask JSON or server-sent events, MCP whether a client takes
// both. Hand-written: `negotiator` breaks ties by the client's order, and a tie must give HTML
// (docs/decisions.md § What stayed hand-written, and why).
import { HTML, MARKDOWN } from './media-types.ts';

export interface MediaRange {
  type: string;
  subtype: string;
  /** Media-type parameters that came before `q` (lowercased names). After `q` they are accept-ext and ignored. */
  params: Record<string, string>;
  q: number;
}

/** RFC 9110 § 12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ). */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Splits on `sep` outside quoted strings (parameter values may be quoted and contain commas). */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

const unquote = (v: string) => (v.startsWith('"') && v.endsWith('"') && v.length >= 2 ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v);

/**
 * Parses an Accept field value into media ranges. Returns `undefined` when the field is absent or
 * empty, which RFC 9110 § 12.5.1 reads as "any media type is acceptable". Malformed members are
 * skipped rather than failing the request: a client's typo should not turn a page into an error.
 */
export function parseAccept(header: string | null | undefined): MediaRange[] | undefined {
  if (header == null || header.trim() === '') return undefined;
  const ranges: MediaRange[] = [];
  for (const member of splitOutsideQuotes(header, ',')) {
    const [range, ...rest] = splitOutsideQuotes(member, ';').map((s) => s.trim());
    if (!range) continue;
    const [type, subtype, extra] = range.toLowerCase().split('/');
    if (!type || !subtype || extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype)) continue;
    if (type === '*' && subtype !== '*') continue; // `*/html` is not a media range
    const params: Record<string, string> = {};
    let q = 1;
    let valid = true;
    for (const param of rest) {
      if (!param) continue;
      const eq = param.indexOf('=');
      if (eq <= 0) {
        valid = false;
        break;
      }
      const name = param.slice(0, eq).trim().toLowerCase();
      const value = unquote(param.slice(eq + 1).trim());
      if (name === 'q') {
        if (!QVALUE.test(value)) valid = false;
        else q = Number(value);
        break; // § 12.5.1: parameters after the weight are accept-ext, not part of the range
      }
      params[name] = value;
    }
    if (valid) ranges.push({ type, subtype, params, q });
  }
  return ranges;
}

/** How specific a range is; the most specific matching range decides an offer's quality (§ 12.5.1). */
const specificity = (r: MediaRange) =>
  r.type === '*' ? 0 : r.subtype === '*' ? 1 : 2 + Object.keys(r.params).length;

function matches(range: MediaRange, offer: MediaRange): boolean {
  if (range.type !== '*' && range.type !== offer.type) return false;
  if (range.subtype !== '*' && range.subtype !== offer.subtype) return false;
  // A range with parameters only matches a representation that has them (charset compared case-insensitively).
  return Object.entries(range.params).every(([k, v]) => offer.params[k]?.toLowerCase() === v.toLowerCase());
}

/** The quality the client gives to one media type, e.g. `text/markdown; charset=utf-8`; 0 = not acceptable. */
export function qualityOf(ranges: MediaRange[] | undefined, mediaType: string): number {
  if (!ranges) return 1;
  const offer = parseAccept(mediaType)?.[0];
  if (!offer) return 0;
  let best: MediaRange | undefined;
  for (const r of ranges) if (matches(r, offer) && (!best || specificity(r) > specificity(best))) best = r;
  return best?.q ?? 0;
}

/**
 * The offer the client prefers: highest quality above 0; on a tie the earlier offer wins (the
 * server's own order of preference). `undefined` when nothing offered is acceptable.
 */
export function preferredType(header: string | null | undefined, offers: string[]): string | undefined {
  const ranges = parseAccept(header);
  let choice: string | undefined;
  let bestQ = 0;
  for (const offer of offers) {
    const q = qualityOf(ranges, offer);
    if (q > bestQ) [choice, bestQ] = [offer, q];
  }
  return choice;
}

export { HTML, MARKDOWN };

/**
 * Whether a page request should get the Markdown twin: only when the client ranks text/markdown
 * strictly above text/html. `*\/*`, no Accept, `text/*`, and types we don't offer (`text/plain`)
 * all get HTML, the page's primary form.
 */
export const prefersMarkdown = (accept: string | null | undefined) => preferredType(accept, [HTML, MARKDOWN]) === MARKDOWN;
