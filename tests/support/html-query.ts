// A page's HTML as a tree to ask questions of (FO-TEST-TIERS: page tests read markup, not a
// browser's layout): parse5, the parser the browser's HTML standard describes, and a small CSS
// selector engine over it, enough for what the page tests ask: type, #id, .class, [attr], [attr=v],
// [attr^=v], [attr$=v], [attr*=v], [attr~=v], :not(simple), the descendant, child (>), next-sibling
// (+) and later-sibling (~) combinators, and comma lists. `text` is textContent with white space collapsed, as Playwright's toHaveText reads it.
import { parse } from 'parse5';

type ParsedNode = {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
  parentNode?: ParsedNode | null;
  value?: string;
  content?: ParsedNode;
};

/** One element of a parsed page. */
export class El {
  readonly node: ParsedNode;
  constructor(node: ParsedNode) {
    this.node = node;
  }
  get tag(): string {
    return this.node.tagName ?? '';
  }
  attr(name: string): string | undefined {
    return this.node.attrs?.find((a) => a.name === name)?.value;
  }
  has(name: string): boolean {
    return this.attr(name) !== undefined;
  }
  get classes(): string[] {
    return (this.attr('class') ?? '').split(/\s+/).filter(Boolean);
  }
  get parent(): El | undefined {
    const p = this.node.parentNode;
    return p?.tagName ? new El(p) : undefined;
  }
  /** The element's children that are elements. */
  get children(): El[] {
    return (this.node.childNodes ?? []).filter((n) => n.tagName).map((n) => new El(n));
  }
  /** textContent (a <template>'s too), white space collapsed and trimmed, as toHaveText compares. */
  get text(): string {
    return collapse(rawText(this.node));
  }
  /** textContent as the DOM gives it, white space as written. */
  get textContent(): string {
    return rawText(this.node);
  }
  /** Every element under this one that matches `selector`, in document order. */
  all(selector: string): El[] {
    const groups = parseSelector(selector);
    return descendants(this.node)
      .filter((n) => groups.some((g) => matchesComplex(n, g, this.node)))
      .map((n) => new El(n));
  }
  /** The first element under this one that matches `selector`, or undefined. */
  one(selector: string): El | undefined {
    return this.all(selector)[0];
  }
  /** The first element that matches, or an error naming the selector (for a page that must have it). */
  get(selector: string): El {
    const found = this.one(selector);
    if (!found) throw new Error(`no element matches ${selector}`);
    return found;
  }
  /** Whether this element, or an ancestor of it, matches `selector`. */
  closest(selector: string): El | undefined {
    const groups = parseSelector(selector);
    for (let n: ParsedNode | null | undefined = this.node; n?.tagName; n = n.parentNode) if (groups.some((g) => matchesComplex(n!, g))) return new El(n);
    return undefined;
  }
  /** The texts of every match of `selector`, each as `text` reads it. */
  texts(selector: string): string[] {
    return this.all(selector).map((e) => e.text);
  }
  /**
   * Every match of `selector` whose accessible name is `name` (or matches it), as ARIA names it
   * here: aria-labelledby's elements' text, else aria-label, else (a link, a button) its text and
   * its images' alt text. Enough for the landmarks, lists and links the page tests name.
   */
  named(selector: string, name: string | RegExp): El[] {
    return this.all(selector).filter((e) => {
      const accessible = e.accessibleName(this.top());
      return typeof name === 'string' ? accessible === name : name.test(accessible);
    });
  }
  /** The one match of `selector` named `name` (named), or an error saying so. */
  getNamed(selector: string, name: string | RegExp): El {
    const found = this.named(selector, name);
    if (found.length !== 1) throw new Error(`${found.length} elements match ${selector} named ${name}`);
    return found[0]!;
  }
  /** The element's accessible name (named); `within` is where aria-labelledby's ids are looked up. */
  accessibleName(within: El = this.top()): string {
    const ids = this.attr('aria-labelledby');
    if (ids)
      return collapse(
        ids
          .split(/\s+/)
          .map((id) => within.one(`#${id}`)?.textContent ?? '')
          .join(' '),
      );
    const label = this.attr('aria-label');
    if (label !== undefined) return collapse(label);
    const walk = (node: ParsedNode): string => {
      if (node.nodeName === '#text') return node.value ?? '';
      if (node.tagName === 'img') return new El(node).attr('alt') ?? '';
      if (node.tagName && new El(node).attr('aria-hidden') === 'true') return '';
      return (node.childNodes ?? []).map(walk).join('');
    };
    return collapse(walk(this.node));
  }
  /** The document (or fragment) this element is in: where ids are looked up. */
  top(): El {
    let n: ParsedNode = this.node;
    while (n.parentNode) n = n.parentNode;
    return new El(n);
  }
  /** The values of `name` on every match of `selector` that has it. */
  attrs(selector: string, name: string): string[] {
    return this.all(selector).flatMap((e) => e.attr(name) ?? []);
  }
}

/** A whole page, parsed: its document element and the HTML it was parsed from. */
export class Doc extends El {
  readonly html: string;
  constructor(html: string) {
    super(parse(html) as unknown as ParsedNode);
    this.html = html;
  }
  /** The page's `<html>` element. */
  get root(): El {
    return this.get('html');
  }
  /** Every JSON-LD object the page carries, parsed. */
  get jsonLd(): Record<string, unknown>[] {
    return this.all('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent) as Record<string, unknown>);
  }
  /**
   * The page's text as a reader meets it (textContent of <body>: labels only screen readers read
   * included), without scripts, styles, templates and `except` (e.g. an address shown as text).
   */
  bodyText(except: string[] = []): string {
    const skip = parseSelector(['script', 'style', 'template', ...except].join(', '));
    const walk = (node: ParsedNode): string => {
      if (node.tagName && skip.some((g) => matchesComplex(node, g))) return '';
      if (node.nodeName === '#text') return node.value ?? '';
      return (node.childNodes ?? []).map(walk).join('');
    };
    return walk(this.get('body').node);
  }
}

export const parseHtml = (html: string) => new Doc(html);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function rawText(node: ParsedNode): string {
  if (node.nodeName === '#text') return node.value ?? '';
  if (node.nodeName === '#comment') return '';
  const kids = node.content ? [node.content] : (node.childNodes ?? []);
  return kids.map(rawText).join('');
}

function descendants(node: ParsedNode): ParsedNode[] {
  const out: ParsedNode[] = [];
  const visit = (n: ParsedNode) => {
    for (const child of n.childNodes ?? []) {
      if (child.tagName) out.push(child);
      visit(child);
    }
  };
  visit(node);
  return out;
}

interface Compound {
  tag?: string;
  id?: string;
  classes: string[];
  attrs: { name: string; op?: string; value?: string }[];
  not: Compound[];
}
type Combinator = ' ' | '>' | '+' | '~';
/** A complex selector, right to left: each compound and the combinator that joins it to the one before it. */
type Complex = { compound: Compound; combinator: Combinator }[];

const cache = new Map<string, Complex[]>();

function parseSelector(selector: string): Complex[] {
  let parsed = cache.get(selector);
  if (!parsed) cache.set(selector, (parsed = splitTop(selector, ',').map((part) => parseComplex(part.trim()))));
  return parsed;
}

/** Splits at `separator` outside brackets, parentheses and quotes. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function parseComplex(text: string): Complex {
  // Tokens: compounds and combinators, outside brackets and quotes.
  const tokens: string[] = [];
  let current = '';
  let depth = 0;
  let quote = '';
  for (const c of text) {
    if (quote) {
      current += c;
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
      current += c;
    } else if (c === '[' || c === '(') {
      depth++;
      current += c;
    } else if (c === ']' || c === ')') {
      depth--;
      current += c;
    } else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~')) {
      if (current) tokens.push(current);
      current = '';
      if (c !== ' ') tokens.push(c);
    } else current += c;
  }
  if (current) tokens.push(current);
  const complex: Complex = [];
  let combinator: Combinator = ' ';
  for (const token of tokens) {
    if (token === '>' || token === '+' || token === '~') {
      combinator = token;
      continue;
    }
    complex.push({ compound: parseCompound(token), combinator });
    combinator = ' ';
  }
  if (complex.length === 0) throw new Error(`empty selector "${text}"`);
  return complex.reverse();
}

function parseCompound(text: string): Compound {
  const compound: Compound = { classes: [], attrs: [], not: [] };
  const re = /^(\*|[a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w:-]+)(?:([~^$*|]?=)("[^"]*"|'[^']*'|[^\]]*))?\]|:not\(([^)]*)\)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m || m[0] === '') throw new Error(`selector not understood at "${text.slice(at)}" (in "${text}")`);
    if (m[1] && m[1] !== '*') compound.tag = m[1].toLowerCase();
    if (m[2]) compound.id = m[2];
    if (m[3]) compound.classes.push(m[3]);
    if (m[4]) compound.attrs.push({ name: m[4], op: m[5], value: m[6]?.replace(/^(["'])(.*)\1$/, '$2') });
    if (m[7] !== undefined) compound.not.push(parseCompound(m[7].trim()));
    at = re.lastIndex;
  }
  return compound;
}

function matchesCompound(node: ParsedNode, c: Compound): boolean {
  if (!node.tagName) return false;
  if (c.tag && node.tagName !== c.tag) return false;
  const el = new El(node);
  if (c.id && el.attr('id') !== c.id) return false;
  if (c.classes.length && !c.classes.every((k) => el.classes.includes(k))) return false;
  for (const a of c.attrs) {
    const v = el.attr(a.name);
    if (v === undefined) return false;
    if (!a.op) continue;
    const want = a.value ?? '';
    const ok =
      a.op === '='
        ? v === want
        : a.op === '^='
          ? v.startsWith(want)
          : a.op === '$='
            ? v.endsWith(want)
            : a.op === '*='
              ? v.includes(want)
              : a.op === '~='
                ? v.split(/\s+/).includes(want)
                : v === want || v.startsWith(`${want}-`);
    if (!ok) return false;
  }
  return c.not.every((n) => !matchesCompound(node, n));
}

/** The element siblings before `node`, nearest first. */
function previousSiblings(node: ParsedNode): ParsedNode[] {
  const siblings = (node.parentNode?.childNodes ?? []).filter((n) => n.tagName);
  return siblings.slice(0, siblings.indexOf(node)).reverse();
}

/** Whether `node` matches the complex selector, its ancestors looked for no higher than `scope`'s children. */
function matchesComplex(node: ParsedNode, complex: Complex, scope?: ParsedNode): boolean {
  const [first, ...rest] = complex;
  if (!first || !matchesCompound(node, first.compound)) return false;
  const climb = (n: ParsedNode, i: number, combinator: Combinator): boolean => {
    if (i >= rest.length) return true;
    const step = rest[i]!;
    const next = (p: ParsedNode) => matchesCompound(p, step.compound) && climb(p, i + 1, step.combinator);
    if (combinator === '+' || combinator === '~') {
      const before = previousSiblings(n);
      return combinator === '+' ? before[0] !== undefined && next(before[0]) : before.some(next);
    }
    for (let p = n.parentNode; p?.tagName && p !== scope; p = p.parentNode) {
      if (next(p)) return true;
      if (combinator === '>') return false;
    }
    return false;
  };
  return climb(node, 0, first.combinator);
}
