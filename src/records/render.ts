// Markdown → HTML for record bodies, with Astro's own Markdown pipeline (GFM, smart punctuation,
// Shiki, heading ids). One processor is created per process and each distinct body is rendered
// once: the page, its twin and llms-full.txt all ask for the same bodies.
import { createMarkdownProcessor, type MarkdownHeading, type MarkdownRenderer } from '@astrojs/markdown-remark';
import { pictureSources, type ContentImage } from '../images/images.ts';

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

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
  links: SourceLink[];
}

// Just the parts of mdast/hast nodes these plugins read.
interface TreeNode {
  type: string;
  url?: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/** The key under which the remark plugin hands links back through the renderer's frontmatter. */
const LINKS = 'folio:links';
/** The key under which a render hands its body's images (by destination) to the rehype plugin. */
const IMAGES = 'folio:images';

let processor: Promise<MarkdownRenderer> | undefined;
const cache = new Map<string, Promise<RenderedMarkdown>>();

function markdownProcessor() {
  processor ??= createMarkdownProcessor({
    syntaxHighlight: 'shiki',
    // Both themes as CSS variables, no inline colour: the stylesheet picks one by prefers-color-scheme.
    // The Primer "default" themes keep every token colour at 4.5:1 or more on the code background.
    shikiConfig: { themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false, wrap: false },
    remarkPlugins: [collectLinks],
    rehypePlugins: [alignByClass, pictures, wrapTables],
  });
  return processor;
}

/** Renders a body; `images` are its images by destination (the record's `images`), published as `<picture>`. */
export function renderMarkdown(markdown: string, images: Record<string, ContentImage> = {}): Promise<RenderedMarkdown> {
  // The same text in two files may name two different images by one relative path.
  const key = Object.keys(images).length ? `${markdown}\0${Object.values(images).map((i) => i.digest).join()}` : markdown;
  let rendered = cache.get(key);
  if (!rendered) {
    rendered = markdownProcessor().then(async (p) => {
      const frontmatter: Record<string, unknown> = { [IMAGES]: images };
      const { code, metadata } = await p.render(markdown, { frontmatter });
      return { html: code, headings: metadata.headings, links: (metadata.frontmatter[LINKS] as SourceLink[]) ?? [] };
    });
    cache.set(key, rendered);
  }
  return rendered;
}

/** Remark plugin: records each inline link and link definition destination with its source offsets. */
function collectLinks() {
  return (tree: TreeNode, file: { value: unknown; data: { astro?: { frontmatter?: Record<string, unknown> } } }) => {
    const source = String(file.value);
    const links: SourceLink[] = [];
    walk(tree, (node) => {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) return;
      if (node.type === 'link' && node.url !== undefined) {
        // `[label](destination "title")`: the destination follows the `](` after the last label child.
        const labelEnd = node.children?.length ? node.children.at(-1)!.position?.end.offset : start + 1;
        if (labelEnd === undefined || source.slice(labelEnd, labelEnd + 2) !== '](') return;
        const found = destinationAt(source, labelEnd + 2, end, node.url);
        if (found) links.push(found);
      } else if (node.type === 'image' && node.url !== undefined) {
        // `![alt](destination "title")`: the destination follows the first `](` that precedes it.
        const open = source.indexOf('](', start);
        if (open === -1 || open >= end) return;
        const found = destinationAt(source, open + 2, end, node.url);
        if (found) links.push({ ...found, image: true });
      } else if (node.type === 'definition' && node.url !== undefined) {
        // `[label]: destination "title"`
        const colon = source.indexOf(']:', start);
        if (colon === -1 || colon >= end) return;
        const found = destinationAt(source, colon + 2, end, node.url);
        if (found) links.push(found);
      } else if (node.type === 'html' && node.value) {
        // Raw `<a href="/about">` in the body.
        for (const match of node.value.matchAll(/\bhref\s*=\s*(["'])([^"']*)\1/gi)) {
          const offset = start + match.index + match[0].indexOf(match[1]!) + 1;
          if (source.slice(offset, offset + match[2]!.length) === match[2]) links.push({ url: match[2]!, start: offset, end: offset + match[2]!.length });
        }
      }
    });
    const frontmatter = file.data.astro?.frontmatter;
    if (frontmatter) frontmatter[LINKS] = links.sort((a, b) => a.start - b.start);
  };
}

/** The destination written at `from` (after optional spaces and `<`), if it reads exactly `url`. */
function destinationAt(source: string, from: number, limit: number, url: string): SourceLink | undefined {
  let i = from;
  while (i < limit && /\s/.test(source[i]!)) i++;
  if (source[i] === '<') i++;
  // Escaped or entity-encoded destinations differ from the parsed url; those are left as written.
  return source.startsWith(url, i) && url.length > 0 ? { url, start: i, end: i + url.length } : undefined;
}

/** Rehype plugin: wide tables scroll inside a focusable, labelled region (a `<section>`) instead of the page. */
function wrapTables() {
  return (tree: TreeNode) => {
    // Numbered, so that two tables on a page are two landmarks with names of their own.
    let count = 0;
    walk(tree, (node) => {
      if (!node.children) return;
      node.children = node.children.map((child) =>
        child.type === 'element' && child.tagName === 'table'
          ? {
              type: 'element',
              tagName: 'section',
              properties: { className: ['table-scroll'], tabIndex: 0, ariaLabel: `Table ${++count} (scrolls sideways)` },
              children: [child],
            }
          : child,
      );
    });
  };
}

/**
 * Rehype plugin: GFM's column alignment as a class (`align-right`), not the `align` attribute
 * HTML5 made obsolete; the stylesheet aligns them.
 */
function alignByClass() {
  return (tree: TreeNode) => {
    walk(tree, (node) => {
      const align = node.properties?.align;
      if ((node.tagName === 'th' || node.tagName === 'td') && typeof align === 'string') {
        delete node.properties!.align;
        node.properties!.className = [`align-${align}`];
      }
    });
  };
}

/**
 * Rehype plugin: a body image the loader resolved becomes `<picture>` with AVIF and WebP at the
 * widths the build writes (src/images/), its size set and loaded lazily (bodies are below the fold).
 */
function pictures() {
  return (tree: TreeNode, file: { data: { astro?: { frontmatter?: Record<string, unknown> } } }) => {
    const images = (file.data.astro?.frontmatter?.[IMAGES] ?? {}) as Record<string, ContentImage>;
    if (!Object.keys(images).length) return;
    walk(tree, (node) => {
      if (!node.children) return;
      node.children = node.children.map((child) => {
        const image = child.tagName === 'img' ? images[String(child.properties?.src)] : undefined;
        return image ? pictureElement(image, child.properties!) : child;
      });
    });
  };
}

function pictureElement(image: ContentImage, img: Record<string, unknown>): TreeNode {
  const { sources, img: fallback } = pictureSources(image);
  const sizes = '(min-width: 48rem) 42rem, 100vw';
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    children: [
      ...sources.map((source) => ({ type: 'element', tagName: 'source', properties: { type: source.type, srcSet: source.srcset, sizes }, children: [] })),
      {
        type: 'element',
        tagName: 'img',
        properties: { ...img, src: fallback.src, width: fallback.width, height: fallback.height, loading: 'lazy', decoding: 'async' },
        children: [],
      },
    ],
  };
}

function walk(node: TreeNode, visit: (node: TreeNode) => void) {
  visit(node);
  for (const child of node.children ?? []) {
    if (child.tagName === 'section' && (child.properties?.className as string[] | undefined)?.includes('table-scroll')) continue;
    walk(child, visit);
  }
}
