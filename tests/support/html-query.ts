// A page's HTML as a tree to ask questions of (FO-TEST-TIERS: page tests read markup, not a
// browser's layout): parse5, the parser the browser's HTML standard describes, building a domhandler
// tree (parse5-htmlparser2-tree-adapter) that css-select queries as querySelectorAll would, but
// relative to the element asked (`a b` from an element never matches an `a` above it). A
// <template>'s content is kept apart, as the DOM keeps it: no selector reaches into it, `text` reads it.
// `text` is textContent with white space collapsed, as Playwright's toHaveText reads it.
import { is, selectAll } from 'css-select';
import { type AnyNode, type Document, type Element, isTag, isText } from 'domhandler';
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';

/** An element, or the document: what a query starts from. */
type Parent = Element | Document;
/** A <template>'s content, held apart from its children as the DOM holds it. */
const TEMPLATE_CONTENT = new WeakMap<Element, Document>();

/** One element of a parsed page. */
export class El {
  readonly node: Parent;
  constructor(node: Parent) {
    this.node = node;
  }
  get tag(): string {
    return isTag(this.node) ? this.node.name : '';
  }
  attr(name: string): string | undefined {
    return isTag(this.node) ? this.node.attribs[name] : undefined;
  }
  /** Every attribute, as written. */
  get attributes(): { name: string; value: string }[] {
    return isTag(this.node) ? Object.entries(this.node.attribs).map(([name, value]) => ({ name, value })) : [];
  }
  has(name: string): boolean {
    return this.attr(name) !== undefined;
  }
  get classes(): string[] {
    return (this.attr('class') ?? '').split(/\s+/).filter(Boolean);
  }
  get parent(): El | undefined {
    const p = this.node.parent;
    return p && isTag(p) ? new El(p) : undefined;
  }
  /** The element's children that are elements. */
  get children(): El[] {
    return this.node.children.filter(isTag).map((n) => new El(n));
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
    return selectAll<AnyNode, Element>(selector, this.node).map((n) => new El(n));
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
    for (let n: Parent | null = this.node; n && isTag(n); n = n.parent as Parent | null) if (is(n, selector)) return new El(n);
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
    const walk = (node: AnyNode): string => {
      if (isText(node)) return node.data;
      if (!isTag(node)) return '';
      if (node.name === 'img') return node.attribs.alt ?? '';
      if (node.attribs['aria-hidden'] === 'true') return '';
      return node.children.map(walk).join('');
    };
    return collapse(walk(this.node));
  }
  /** The document (or fragment) this element is in: where ids are looked up. */
  top(): El {
    let n: Parent = this.node;
    while (n.parent) n = n.parent as Parent;
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
    super(withTemplatesApart(parse(html, { treeAdapter: adapter })));
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
    const skip = ['script', 'style', 'template', ...except].join(', ');
    const walk = (node: AnyNode): string => {
      if (isTag(node) && is(node, skip)) return '';
      if (isText(node)) return node.data;
      return 'children' in node ? node.children.map(walk).join('') : '';
    };
    return walk(this.get('body').node);
  }
}

export const parseHtml = (html: string) => new Doc(html);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function rawText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!('children' in node)) return '';
  const content = isTag(node) ? TEMPLATE_CONTENT.get(node) : undefined;
  return (content ? [content] : node.children).map(rawText).join('');
}

/** The document with each <template>'s content taken out of its children (parse5's adapter appends it there). */
function withTemplatesApart(document: Document): Document {
  for (const template of selectAll<AnyNode, Element>('template', document)) {
    const content: AnyNode | undefined = template.children[0];
    if (content?.type === 'root') {
      TEMPLATE_CONTENT.set(template, withTemplatesApart(content as Document));
      template.children = [];
    }
  }
  return document;
}
