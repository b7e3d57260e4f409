// Markdown → HTML for record bodies, with Astro's own Markdown pipeline (GFM, smart punctuation,
// Shiki, heading ids). This is the build's one parse and render of each body: the twins, llms files
// and data file rewrite the Markdown source at the link positions this parse found (src/records/source-links.ts),
// and a twin asks for the render first, so that no body is parsed twice. One processor is
// created per process, and each distinct body is rendered once per process (and language, for a body
// its language sets otherwise: FO-TYPOGRAPHY).
import { satteriCreateHighlightFn, satteriHeadingIdsPlugin, satteriHighlightPlugin } from '@astrojs/markdown-satteri';
import type { MarkdownHeading } from 'astro';
import { type HastNode, type HastPluginEntry, type HastVisitorContext, type MdastPluginEntry, markdownToHtml } from 'satteri';
import { type ContentImage, type NamedFile, nameFile, namesOf, pictureSources, zoomImage } from '../images/images.ts';
import { embedOf, type Embed, type PlayerMode } from '../records/embeds.ts';
import { galleryRows, gallerySizes } from './gallery-rows.ts';
import { stringsFor } from '../records/strings.ts';
import { typeset, typesets } from '../records/typography.ts';
import { knownLinks, linkOf, rememberLinks, type SourceLink } from '../records/source-links.ts';

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

/**
 * Each distinct body's render, kept for this copy of the module: a body's page, its twin and
 * llms-full.txt all ask (at 1,000 records a second render of every body is ~17 s of CPU). Only the
 * routes render, and they share one copy, so a plain module value; what the integration needs of a
 * render, the links, is shared through src/records/source-links.ts.
 */
const cache = new Map<string, Promise<RenderedMarkdown>>();
/**
 * The image files each kept render names (by its key): named again each time the render is given
 * (FO-IMAGES-NAMED), so a build that starts its list afresh still has them.
 */
const namedBy = new Map<string, NamedFile[]>();

// Both themes as CSS variables, no inline colour: the stylesheet picks one by `light-dark()` and the root's color-scheme.
// The Primer "default" themes keep every token colour at 4.5:1 or more on the code background.
// A generous time limit per line: Shiki stops tokenizing a line after 500 ms by default and leaves
// the rest plain, so on a loaded machine (the grammar's first use compiles its patterns) a page's
// colours depended on the load, not on its text (FO-INCREMENTAL: a build is the same bytes every
// time). Still a limit, so a pathological line cannot hold a build (FO-BOUNDED). Astro passes no
// tokenizer options through, so a transformer sets it before tokenizing.
const TOKENIZE_LIMIT_MS = 10_000;
const SHIKI: Parameters<typeof satteriCreateHighlightFn>[1] = {
  themes: { light: 'github-light-default', dark: 'github-dark-default' },
  defaultColor: false,
  wrap: false,
  transformers: [
    {
      name: 'folio-no-tokenize-time-limit',
      preprocess(_code: string, options: { tokenizeTimeLimit?: number }) {
        options.tokenizeTimeLimit = TOKENIZE_LIMIT_MS;
      },
    },
  ],
};
let highlighter: ReturnType<typeof satteriCreateHighlightFn> | undefined;

/** How a rendered body's video line starts, a player or its facade (videoEmbeds): a page showing one allows the players' frames. */
const EMBED_START = '<div class="embed">';
/** Whether a rendered body shows a video line: its page's CSP then allows the players' frames (FO-CONTENT-DATA, FO-PLAYERS). */
export const hasEmbed = (html: string) => html.includes(EMBED_START);

/**
 * Renders a body; `images` are its images by destination (the record's `images`), published as
 * `<picture>`; `locale` is the site's, the language of a video player's title (FO-LANGUAGE);
 * `players` is site.md's, how a video line shows (FO-PLAYERS).
 */
export function renderMarkdown(
  markdown: string,
  images: Record<string, ContentImage> = {},
  locale = 'en',
  players: PlayerMode = 'ask',
): Promise<RenderedMarkdown> {
  const key = renderKey(markdown, images, locale, players);
  let rendered = cache.get(key);
  if (!rendered) {
    // The render names its files as it makes them; they are kept for the next time it is given.
    const named: NamedFile[] = [];
    namedBy.set(key, named);
    rendered = render(markdown, images, locale, named, players);
    cache.set(key, rendered);
  } else for (const file of namedBy.get(key)!) nameFile(file.image, file.variant);
  return rendered;
}

// The same text in two files may name two different images by one relative path.
// A body renders differently by language and `players` when it may embed a video (its player's words) or when its
// language's typography may change its text (FO-TYPOGRAPHY: French and a body with `;:!?«»`, or an
// entity that could be one); any other is one render whichever language asks, so a twin's call
// (links only) shares the page's.
const renderKey = (markdown: string, images: Record<string, ContentImage>, locale: string, players: PlayerMode) =>
  (MAY_EMBED.test(markdown) ? `${locale}\0${players}\0` : typesets(locale) && MAY_TYPESET.test(markdown) ? `${locale}\0` : '') + bodyKey(markdown, images);
const MAY_EMBED = /youtu|vimeo/i;
const MAY_TYPESET = /[;:!?«»&]/;
const bodyKey = (markdown: string, images: Record<string, ContentImage>) =>
  Object.keys(images).length
    ? `${markdown}\0${Object.values(images)
        .map((i) => i.digest)
        .join()}`
    : markdown;

/** Makes a body's links known (src/records/source-links.ts) by its one parse: its render, which finds them, unless this process knows them already. */
export async function findLinks(markdown: string, images: Record<string, ContentImage> = {}): Promise<void> {
  if (!knownLinks(markdown)) await renderMarkdown(markdown, images);
}

/**
 * Astro's own Markdown pipeline as Astro 7 runs it by default (Sätteri: parsed and rendered in
 * native code; GFM, smart punctuation, Shiki, heading ids), with Folio's plugins. Raw HTML is
 * parsed and serialized again, as rehype-raw did in the unified pipeline before it.
 */
async function render(
  markdown: string,
  images: Record<string, ContentImage>,
  locale: string,
  named: NamedFile[],
  players: PlayerMode,
): Promise<RenderedMarkdown> {
  // What the render names (pictures and galleries' enlarged views) goes into `named` too.
  const keep = <T>(make: () => T): T => {
    const { value, named: files } = namesOf(make);
    named.push(...files);
    return value;
  };
  const highlight = await (highlighter ??= satteriCreateHighlightFn('shiki', SHIKI));
  // What Astro's heading-ids plugin fills in (`headings`); the rest of its shape is unused here.
  const astro = { frontmatter: {}, headings: [] as MarkdownHeading[], localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
  const { html } = await markdownToHtml(markdown, {
    features: { gfm: true, smartPunctuation: true, rawHtml: true, frontmatter: false },
    mdastPlugins: [keepLinks()],
    hastPlugins: [
      highlight && satteriHighlightPlugin(highlight, undefined),
      alignByClass,
      figures(images, keep),
      pictures(images, keep),
      wrapTables,
      videoEmbeds(locale, players),
      codeBlocks,
      satteriHeadingIdsPlugin(),
      // After the heading ids: an anchor is the same in every language.
      typography(locale),
    ],
    data: { astro },
  });
  // The table of contents shows a heading as the page does (FO-TYPOGRAPHY); its id stays as found.
  const headings = typesets(locale) ? astro.headings.map((h) => ({ ...h, text: typeset(locale, h.text) })) : astro.headings;
  return { html: html.replace(/\n$/, ''), headings };
}

/** Mdast plugin: hands the parse's link and image destinations to the twins (src/records/source-links.ts), which then need no parse of their own. */
function keepLinks(): MdastPluginEntry {
  return ({ source }) => {
    const links: SourceLink[] = [];
    const keep = (node: unknown) => {
      const link = linkOf(node as never, source);
      if (link) links.push(...link);
    };
    return {
      name: 'folio-keep-links',
      options: { position: true },
      link: keep,
      image: keep,
      definition: keep,
      html: keep,
      after: () => void rememberLinks(source, links),
    };
  };
}

/** Hast plugin: wide tables scroll inside a focusable, labelled region (a `<section>`) instead of the page. */
const wrapTables: HastPluginEntry = () => {
  // Numbered, so that two tables on a page are two landmarks with names of their own.
  let count = 0;
  return {
    name: 'folio-wrap-tables',
    element: {
      filter: ['table'],
      visit(node, ctx) {
        ctx.wrapNode(node, {
          type: 'element',
          tagName: 'section',
          properties: { className: ['table-scroll'], tabIndex: 0, ariaLabel: `Table ${++count} (scrolls sideways)` },
          children: [],
        });
      },
    },
  };
};

/**
 * Hast plugin: GFM's column alignment as a class (`align-right`), not the inline style (or the
 * `align` attribute HTML5 made obsolete); the stylesheet aligns them, and the CSP allows no inline style.
 */
const alignByClass: HastPluginEntry = {
  name: 'folio-align-by-class',
  element: {
    filter: ['th', 'td'],
    visit(node, ctx) {
      const align = /^text-align:\s*(\w+)/.exec(String(node.properties?.style ?? ''))?.[1];
      if (!align) return;
      ctx.setProperty(node, 'style', null);
      ctx.setProperty(node, 'className', [`align-${align}`]);
    },
  },
};

/**
 * Hast plugin: a body image the loader resolved becomes `<picture>` with AVIF and WebP at the
 * widths the build writes (src/images/), its size set and loaded lazily (bodies are below the fold).
 */
function pictures(images: Record<string, ContentImage>, keep: Keep): HastPluginEntry {
  if (!Object.keys(images).length) return null;
  return {
    name: 'folio-pictures',
    element: {
      filter: ['img'],
      visit(node) {
        const image = images[String(node.properties?.src)];
        return image ? (keep(() => pictureElement(image, node.properties!)) as HastNode) : undefined;
      },
    },
  };
}

/**
 * Hast plugin (FO-DESIGN, FO-GALLERY): a paragraph of images the loader resolved and nothing else
 * becomes a figure (one image) or a gallery (two or more, images on consecutive lines) in justified
 * rows (src/render/gallery-rows.ts): each image keeps its own shape, carries its Markdown title as a
 * visible caption (`![alt](src "caption")`; the alt text stays the image's description), and links
 * its largest file, the enlarged view a browser gives without script and the one /lightbox.js shows
 * in a dialog.
 */
function figures(images: Record<string, ContentImage>, keep: Keep): HastPluginEntry {
  if (!Object.keys(images).length) return null;
  return {
    name: 'folio-figures',
    element: {
      filter: ['p'],
      visit(node) {
        const kids = ((node as TreeNode).children ?? []).filter(
          (c) => !(c.type === 'text' && textOf(c).trim() === '') && !(c.type === 'element' && c.tagName === 'br'),
        );
        const shown = kids.map((c) => (c.type === 'element' && c.tagName === 'img' ? images[String(c.properties?.src)] : undefined));
        if (!kids.length || shown.some((image) => !image)) return undefined;
        const item = (i: number, sizes: string | undefined, className: string, linkClass: string, style?: string): TreeNode => {
          const { title, ...img } = kids[i]!.properties ?? {};
          const caption = typeof title === 'string' && title.trim() ? title.trim() : undefined;
          const link: TreeNode = {
            type: 'element',
            tagName: 'a',
            properties: { className: [linkClass], href: keep(() => zoomImage(shown[i]!)).path },
            children: [keep(() => pictureElement(shown[i]!, img, sizes))],
          };
          return {
            type: 'element',
            tagName: 'figure',
            properties: { className: [className], ...(style ? { style } : {}) },
            children: caption
              ? [link, { type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: caption } as TreeNode] }]
              : [link],
          };
        };
        if (kids.length === 1) return item(0, undefined, 'figure', 'figure__link') as HastNode;
        const ratios = shown.map((image) => image!.width / image!.height);
        return {
          type: 'element',
          tagName: 'div',
          properties: { className: ['gallery'], dataCount: String(kids.length) },
          children: galleryRows(ratios).map((row) => {
            const sum = row.items.reduce((total, i) => total + ratios[i]!, 0);
            return {
              type: 'element',
              tagName: 'div',
              // Custom properties in a style attribute: the CSP allows attributes' styles (style-src-attr), and the layout needs each item's own number.
              properties: { className: ['gallery__row'], ...(row.fill < 1 ? { style: `--fill: ${row.fill}` } : {}) },
              children: row.items.map((i) =>
                item(i, gallerySizes((row.fill * ratios[i]!) / sum), 'gallery__item', 'gallery__link', `--ratio: ${Math.round(ratios[i]! * 10_000) / 10_000}`),
              ),
            };
          }),
        } as HastNode;
      },
    },
  };
}

/** Makes part of a render, keeping the image files it names with the render. */
type Keep = <T>(make: () => T) => T;

function pictureElement(image: ContentImage, img: Record<string, unknown>, sizes = '(min-width: 48rem) 42rem, 100vw'): TreeNode {
  const { sources, img: fallback } = pictureSources(image);
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

/** The text of a hast subtree. */
const textOf = (node: TreeNode): string =>
  node.type === 'text' ? String((node as { value?: unknown }).value ?? '') : (node.children ?? []).map(textOf).join('');

/**
 * Hast plugin (FO-WORK, FO-PLAYERS): a paragraph holding only a link to a YouTube or Vimeo video is
 * a video line: a bare address (GFM has made it a link), `[title](address)`, or a poster,
 * `[![alt](image)](address "title")`. By default it becomes a facade that asks first: the video's
 * title where the line gives one, a play link naming the provider, and a poster that is the site's
 * own file (the line's image when the build resolved it, else a drawn placeholder); nothing in it
 * is the provider's. The link goes to the video on the provider's site, so without JavaScript the
 * visitor still chooses; /players.js makes it a button that puts the player in its place, playing.
 * `players: direct` shows the player itself, 16:9 and loaded lazily (embeds.ts).
 */
const videoEmbeds =
  (locale: string, players: PlayerMode): HastPluginEntry =>
  () => {
    const t = stringsFor({ locale });
    // Numbered, so that two facades on a page point at notes of their own.
    let count = 0;
    return {
      name: 'folio-video-embeds',
      element: {
        filter: ['p'],
        visit(node) {
          const kids = ((node as TreeNode).children ?? []).filter((c) => !(c.type === 'text' && textOf(c).trim() === ''));
          const link = kids.length === 1 && kids[0]!.type === 'element' && kids[0]!.tagName === 'a' ? kids[0]! : undefined;
          const embed = link && embedOf(String(link.properties?.href ?? ''));
          if (!link || !embed) return undefined;
          const line = videoLine(link);
          const videoOn = t('videoOn', { host: embed.host });
          const frameTitle = line.title ? `${line.title} (${videoOn})` : videoOn;
          const shown = players === 'direct' ? playerFrame(embed.src, frameTitle) : facade(embed, line, frameTitle, t, `video-note-${++count}`);
          return { type: 'element', tagName: 'div', properties: { className: ['embed'] }, children: [shown] } as unknown as HastNode;
        },
      },
    };
  };

/** What a video line gives besides its address: the link's title or text (not the address itself), and its image when the build resolved it (a `<picture>` by now). */
function videoLine(link: TreeNode): { title?: string; poster?: TreeNode } {
  const address = String(link.properties?.href ?? '');
  const inside = (link.children ?? []).filter((c) => !(c.type === 'text' && textOf(c).trim() === ''));
  const image =
    inside.length === 1 && inside[0]!.type === 'element' && (inside[0]!.tagName === 'picture' || inside[0]!.tagName === 'img') ? inside[0] : undefined;
  const text = image ? '' : textOf(link).replace(/\s+/g, ' ').trim();
  const title = String(link.properties?.title ?? '').trim() || (text !== address ? text : '');
  // An image the build did not resolve is another site's (a provider's thumbnail, say): never shown, since loading it would tell that site.
  const poster = image?.tagName === 'picture' ? image : undefined;
  return { ...(title && { title }), ...(poster && { poster }) };
}

/** The player itself (`players: direct`, and what /players.js puts in a facade's place, there playing). */
const playerFrame = (src: string, title: string): TreeNode => ({
  type: 'element',
  tagName: 'iframe',
  properties: {
    src,
    title,
    loading: 'lazy',
    allow: 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen',
    allowFullScreen: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
  },
  children: [],
});

/**
 * A video line's facade (FO-PLAYERS): a link to the video's page on the provider's site, named
 * "Play <title> on <provider>", over the site's own poster or a drawn one; `data-player` is the
 * player /players.js frames on a click (with autoplay, so that one click plays).
 */
function facade(embed: Embed, line: { title?: string; poster?: TreeNode }, frameTitle: string, t: ReturnType<typeof stringsFor>, noteId: string): TreeNode {
  const label = line.title ? t('videoPlay', { title: line.title, host: embed.host }) : t('videoPlayUntitled', { host: embed.host });
  const span = (className: string, children: TreeNode[], extra: Record<string, unknown> = {}): TreeNode => ({
    type: 'element',
    tagName: 'span',
    properties: { className: [className], ...extra },
    children,
  });
  const text = (value: string) => ({ type: 'text', value }) as TreeNode;
  // The poster is part of the link, which its label names: its own alt text would only repeat it.
  const poster = line.poster
    ? {
        ...line.poster,
        properties: { ...line.poster.properties, className: ['embed__poster'] },
        children: (line.poster.children ?? []).map((c) => (c.tagName === 'img' ? { ...c, properties: { ...c.properties, alt: '' } } : c)),
      }
    : span('embed__poster', [], { className: ['embed__poster', 'embed__poster--drawn'], ariaHidden: 'true' });
  return {
    type: 'element',
    tagName: 'a',
    properties: {
      className: ['embed__facade'],
      href: embed.watch,
      ariaLabel: label,
      ariaDescribedBy: noteId,
      dataPlayer: embed.autoplay,
      dataPlayerTitle: frameTitle,
    },
    children: [
      poster,
      span('embed__play', [], { ariaHidden: 'true' }),
      // The label shown is the name given (WCAG 2.5.3, label in name); the note describes it.
      span('embed__text', [span('embed__label', [text(label)]), span('embed__note', [text(t('videoPlayNote', { host: embed.host }))], { id: noteId })]),
    ],
  };
}

/** A link's text that is its own address (`<https://exemple.fr/quoi?>`, an e-mail address): an address, not prose. */
const isAddress = (text: string, parent: TreeNode | undefined) =>
  parent?.tagName === 'a' && !/\s/.test(text) && String(parent.properties?.href ?? '').includes(text);

/** Elements whose text is not prose the language sets: code, keys, program output, scripts, styles, formulas. */
const AS_WRITTEN = new Set(['code', 'pre', 'kbd', 'samp', 'script', 'style', 'math']);

/**
 * Hast plugin (FO-TYPOGRAPHY): the body's text as the site's language sets it, by typography.ts's
 * own rules (French: U+202F before `; : ! ?` and inside « », one however many spaces the owner
 * typed; times, addresses and `:)` untouched). Text inside code, `kbd`, `samp`, scripts, styles,
 * MathML or any element marked `translate="no"` stays as written. This is the page's render only:
 * the Markdown twins, REST and MCP keep the owner's text as written (agents read them).
 */
function typography(locale: string): HastPluginEntry {
  if (!typesets(locale)) return null;
  // Whether a parent's text is left alone, by parent: the same parent is the same object within a pass.
  const kept = new Map<unknown, boolean>();
  const asWritten = (node: TreeNode | undefined, ctx: HastVisitorContext): boolean => {
    if (node?.type !== 'element') return false;
    let known = kept.get(node);
    if (known === undefined) {
      known =
        AS_WRITTEN.has(node.tagName ?? '') ||
        String(node.properties?.translate ?? '').toLowerCase() === 'no' ||
        asWritten(ctx.parent(node as HastNode) as TreeNode | undefined, ctx);
      kept.set(node, known);
    }
    return known;
  };
  return {
    name: 'folio-typography',
    text(node, ctx) {
      const parent = ctx.parent(node) as TreeNode | undefined;
      if (asWritten(parent, ctx) || isAddress(node.value, parent)) return undefined;
      // Text that follows an inline element ("**Attention**: …") continues its word: typeset it as
      // such, so that the colon takes its space as it would inside one text node.
      const before = parent?.children?.[(ctx.indexOf(node) ?? 0) - 1];
      const joined = before?.type === 'element' && before.tagName !== 'br';
      const set = joined ? typeset(locale, `x${node.value}`).slice(1) : typeset(locale, node.value);
      return set === node.value ? undefined : { type: 'text', value: set };
    },
  };
}

/**
 * Hast plugin (FO-WORK): a highlighted code block gets a bar naming its language. The copy button
 * is added by /code-copy.js, so without script there is none.
 */
const codeBlocks: HastPluginEntry = {
  name: 'folio-code-blocks',
  element: {
    filter: ['pre'],
    visit(node) {
      const language = String((node as TreeNode).properties?.dataLanguage ?? '');
      if (!language || language === 'plaintext' || language === 'text') return undefined;
      const label = { type: 'element', tagName: 'span', properties: { className: ['code-block__lang'] }, children: [{ type: 'text', value: language }] };
      const bar = { type: 'element', tagName: 'div', properties: { className: ['code-block__bar'] }, children: [label] };
      return { type: 'element', tagName: 'div', properties: { className: ['code-block'] }, children: [bar, node] } as unknown as HastNode;
    },
  },
};
