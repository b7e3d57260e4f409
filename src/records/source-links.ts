// Where each link and image destination sits in a Markdown source: handed over by the renderer's
// own parse (src/render/markdown.ts), or, for a text the build never renders (a twin, a test), found by parsing
// the Markdown alone (the renderer's parser, markdown-tree.ts) without rendering HTML. The
// twins rewrite destinations in place, and the build checks links, from this one parse per text.
import { markdownTree } from './markdown-tree.ts';

/** Where a link destination sits in the Markdown source, so twins can rewrite it in place. */
export interface SourceLink {
  /** The destination as written, e.g. `/projects/quarry#numbers`. */
  url: string;
  /** An image's source (`![alt](url)`) rather than a link. */
  image?: boolean;
  /** Offsets of the destination text in the source (end exclusive). */
  start: number;
  end: number;
}

// Just the parts of mdast nodes this reads.
interface TreeNode {
  type: string;
  url?: string;
  value?: string;
  children?: TreeNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/**
 * On globalThis because Astro's duplicate module copies force it: the routes (in the prerender
 * bundle) find each body's links by rendering it, and the integration's copy (the data file's
 * twins, the broken-link check) reads them; parsing every body again there cost ~21 s at 1,000 records.
 */
const PARSED = Symbol.for('folio.sourceLinks');
const parsed = ((globalThis as { [PARSED]?: Map<string, SourceLink[]> })[PARSED] ??= new Map());

/**
 * What the renderer found while it parsed `source` for its HTML (src/render/markdown.ts): with it, a body the
 * build has rendered is never parsed a second time for its links.
 */
export function rememberLinks(source: string, found: SourceLink[]): SourceLink[] {
  let links = parsed.get(source);
  if (!links) parsed.set(source, (links = found.sort((a, b) => a.start - b.start)));
  return links;
}

/** The links of `source` if this process knows them already (its render or a parse found them). */
export const knownLinks = (source: string): SourceLink[] | undefined => parsed.get(source);

/** The link and image destinations of `source`, in order: parsed once per process. */
export function sourceLinks(source: string): SourceLink[] {
  let links = parsed.get(source);
  if (!links) {
    links = collect(markdownTree(source) as TreeNode, source);
    parsed.set(source, links);
  }
  return links;
}

function collect(tree: TreeNode, source: string): SourceLink[] {
  const links: SourceLink[] = [];
  const visit = (node: TreeNode) => {
    links.push(...(linkOf(node, source) ?? []));
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return links.sort((a, b) => a.start - b.start);
}

/** The destinations one node writes in `source`: a link's, an image's, a definition's, or each `href` of raw HTML. */
export function linkOf(node: TreeNode, source: string): SourceLink[] | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || (node.url === undefined && node.type !== 'html')) return undefined;
  const one = (link: SourceLink | undefined, image = false) => (link ? [image ? { ...link, image } : link] : undefined);
  if (node.type === 'link') {
    // `[label](destination "title")`: the destination follows the `](` after the last label child.
    const labelEnd = node.children?.length ? node.children.at(-1)!.position?.end.offset : start + 1;
    return labelEnd !== undefined && source.slice(labelEnd, labelEnd + 2) === '](' ? one(destinationAt(source, labelEnd + 2, end, node.url!)) : undefined;
  }
  if (node.type === 'image') {
    // `![alt](destination "title")`: the destination follows the first `](` that precedes it.
    const open = source.indexOf('](', start);
    return open !== -1 && open < end ? one(destinationAt(source, open + 2, end, node.url!), true) : undefined;
  }
  if (node.type === 'definition') {
    // `[label]: destination "title"`
    const colon = source.indexOf(']:', start);
    return colon !== -1 && colon < end ? one(destinationAt(source, colon + 2, end, node.url!)) : undefined;
  }
  if (node.type === 'html' && node.value) {
    // Raw `<a href="/about">` in the body.
    const links: SourceLink[] = [];
    for (const match of node.value.matchAll(/\bhref\s*=\s*(["'])([^"']*)\1/gi)) {
      const offset = start + match.index + match[0].indexOf(match[1]!) + 1;
      if (source.slice(offset, offset + match[2]!.length) === match[2]) links.push({ url: match[2]!, start: offset, end: offset + match[2]!.length });
    }
    return links;
  }
  return undefined;
}

/** The destination written at `from` (after optional spaces and `<`), if it reads exactly `url`. */
function destinationAt(source: string, from: number, limit: number, url: string): SourceLink | undefined {
  let i = from;
  while (i < limit && /\s/.test(source[i]!)) i++;
  if (source[i] === '<') i++;
  // Escaped or entity-encoded destinations differ from the parsed url; those are left as written.
  return source.startsWith(url, i) && url.length > 0 ? { url, start: i, end: i + url.length } : undefined;
}
