// Markdown → HTML for record bodies, with Astro's own Markdown pipeline (GFM, smart punctuation,
// Shiki, heading ids). This is the build's one parse and render of each body: the twins, llms files
// and data file rewrite the Markdown source at the link positions this parse found (source-links.ts),
// and a twin asks for the render first, so that no body is parsed twice. One processor is
// created per process, each distinct body is rendered once per process, and a build keeps each
// rendered body on disk (src/build/disk-cache.ts), so a rebuild renders only the bodies that changed.
import { createMarkdownProcessor, type MarkdownHeading, type MarkdownRenderer } from '@astrojs/markdown-remark';
import { pictureSources, type ContentImage } from '../images/images.ts';
import { readCached, writeCached } from '../build/disk-cache.ts';
import { rememberLinks } from './source-links.ts';

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
}

// Just the parts of hast nodes these plugins read.
interface TreeNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
}

/** The key under which a render hands its body's images (by destination) to the rehype plugin. */
const IMAGES = 'folio:images';

let processor: Promise<MarkdownRenderer> | undefined;
/** One memo per process: the build's pages and its data file (written by the integration) load separate copies of this module. */
const RENDERED = Symbol.for('folio.renderMarkdown');
const cache = ((globalThis as { [RENDERED]?: Map<string, Promise<RenderedMarkdown>> })[RENDERED] ??= new Map());

function markdownProcessor() {
  processor ??= createMarkdownProcessor({
    syntaxHighlight: 'shiki',
    // Both themes as CSS variables, no inline colour: the stylesheet picks one by prefers-color-scheme.
    // The Primer "default" themes keep every token colour at 4.5:1 or more on the code background.
    shikiConfig: { themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false, wrap: false },
    remarkPlugins: [keepLinks],
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
    const kept = readCached<RenderedMarkdown>('html', key);
    rendered = kept ? Promise.resolve(kept) : render(markdown, images).then((r) => writeCached('html', key, r));
    cache.set(key, rendered);
  }
  return rendered;
}

async function render(markdown: string, images: Record<string, ContentImage>): Promise<RenderedMarkdown> {
  const { code, metadata } = await (await markdownProcessor()).render(markdown, { frontmatter: { [IMAGES]: images } });
  return { html: code, headings: metadata.headings };
}

/** Remark plugin: hands the parsed tree's link and image destinations to the twins (source-links.ts), which then need no parse of their own. */
function keepLinks() {
  return (tree: unknown, file: { value: unknown }) => {
    rememberLinks(String(file.value), tree);
  };
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
