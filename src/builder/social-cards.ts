// Social cards: the 1200×630 PNG each page names as its og:image, drawn at build from the page's
// title and summary and the owner's name (with the cover, when the page has one) in the site's
// colours. Takumi lays it out (flexbox), draws its text in Inter and encodes the PNG, in native
// code; sharp fits the cover into its panel first. Each card is kept in a cache by a digest
// of what it shows, so a rebuild draws only the cards whose page changed.
import { stringsFor } from '../records/strings.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type MeasuredNode, type Node, Renderer } from '@takumi-rs/core';
import sharp from 'sharp';
import { projectsListPath, TAGS_PATH } from '../records/collections.ts';
import { localPath } from '../records/urls.ts';
import type { Catalog } from '../records/catalog.ts';
import type { ContentImage } from '../images/images.ts';
import { postsSummary, projectFilterSummary, projectsPageTitle, tagSummary } from '../discovery/twin.ts';
import { postsIndexCount, postsIndexPath } from '../records/posts.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './social-card-paths.ts';
import { codeFolder } from './disk-cache.ts';

export interface CardSpec {
  /** The page's path (`/`, `/projects/quarry`). */
  path: string;
  title: string;
  summary: string;
  cover?: ContentImage;
}

/** Every page's card: the same pages Base.astro renders with a path. */
export function socialCards(catalog: Catalog): CardSpec[] {
  const { content } = catalog;
  const { site } = content;
  // A translation's pages (FO-I18N): each has its card, under its own path; the developer pages and search are the main language's.
  const local = (path: string) => localPath(site, path);
  return [
    { path: local('/'), title: site.name, summary: site.headline, ...(site.avatar && { cover: site.avatar }) },
    // FO-WORK: every page of the projects index, filtered or not.
    ...projectsIndexCards(catalog),
    ...content.projects.map((p) => ({ path: p.href, title: p.title, summary: p.summary, ...(p.cover && { cover: p.cover }) })),
    ...content.pages.map((p) => ({ path: p.href, title: p.title, summary: p.summary })),
    // FO-POSTS, FO-RESUME: the posts index (each of its pages), each post (with its cover), the résumé.
    ...Array.from({ length: postsIndexCount(content) }, (_, i) => ({
      path: local(postsIndexPath(i + 1)),
      title: i === 0 ? 'Writing' : `Writing, page ${i + 1}`,
      summary: postsSummary(content),
    })),
    ...content.posts.map((p) => ({ path: p.href, title: p.title, summary: p.summary, ...(p.cover && { cover: p.cover }) })),
    ...(content.resume ? [{ path: content.resume.href, title: `${content.resume.title}: ${site.name}`, summary: content.resume.label }] : []),
    { path: local(TAGS_PATH), title: 'Tags', summary: `${content.posts.length ? 'Projects, posts' : 'Projects'} and pages by ${site.name}, by tag.` },
    ...catalog.tagGroups.map((g) => ({ path: g.href, title: stringsFor(content.site)('taggedTitle', { tag: g.tag }), summary: tagSummary(g, content.site) })),
    ...(site.base
      ? []
      : [
          { path: '/developers', title: 'Developers', summary: `The API of ${site.name}'s site: REST, NLWeb ask and MCP, free and open.` },
          { path: '/developers/deprecation', title: 'API deprecation policy', summary: 'How API versions are deprecated and retired.' },
          { path: '/search', title: 'Search', summary: `Search ${site.name}'s projects and pages.` },
        ]),
  ];
}

function projectsIndexCards(catalog: Catalog): CardSpec[] {
  const { all, categories, types } = catalog.filters;
  return [all, ...categories, ...types].flatMap(({ filter }) => {
    const pages = catalog.pageCount(filter);
    const summary = projectFilterSummary(catalog, filter);
    return Array.from({ length: pages }, (_, i) => ({
      path: localPath(catalog.content.site, projectsListPath(filter, i + 1)),
      title: projectsPageTitle(catalog.content.site, filter, i + 1, pages),
      summary,
    }));
  });
}

const require = createRequire(import.meta.url);
const fontFile = (subset: string, weight: number) => readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
// One renderer per process, its fonts registered once: it keeps their parsed glyphs between cards.
let renderer: Promise<Renderer> | undefined;
const cardRenderer = () =>
  (renderer ??= (async () => {
    const made = new Renderer();
    for (const subset of ['latin', 'latin-ext'] as const)
      for (const weight of [400, 700] as const) await made.registerFont({ name: 'Inter', data: fontFile(subset, weight), weight, style: 'normal' });
    return made;
  })());

const COLORS = { bg: '#fbfaf7', text: '#1d1c1a', muted: '#5c5850', accent: '#a1401a', line: '#e5e1d8' };

/** The cover's panel at the card's right, and the text panel's padding and accent border (left 72 + 16, right 64). */
export const COVER_WIDTH = 440;
const TEXT_INSET = 72 + 16 + 64;
/** Inter Bold's mean advance per character, in em (measured on German compounds): a long word's width is its letters times this. */
const BOLD_EM_PER_CHAR = 0.6;
/** The smallest title size: below it a title stops reading as one on a shared card's thumbnail. */
const TITLE_MIN_SIZE = 40;
/** The letters of a text's longest word (a URL counts as one). */
const longestWord = (text: string) => Math.max(1, ...text.split(/\s+/u).map((w) => [...w].length));

type Style = Record<string, string | number>;
const box = (style: Style, children: Node[]): Node => ({ type: 'container', style, children });
const line = (style: Style, text: string): Node => ({ type: 'text', style, text });

// FO-WORK: the cover is fitted into its panel, whole, on the card's background, never cut to the
// panel's shape (a wide cover sits in a band, a tall one stands full height).
async function coverJpeg(root: string, cover: ContentImage): Promise<Buffer> {
  return sharp(join(root, cover.file))
    .resize({ width: COVER_WIDTH, height: CARD_HEIGHT, fit: 'contain', background: COLORS.bg })
    .flatten({ background: COLORS.bg })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The card as a Takumi node tree (flexbox, as CSS lays it out): the text panel, and the cover's panel when the page has one. */
async function cardNode(root: string, card: CardSpec, owner: string, accent: string): Promise<Node> {
  const title = card.title.length > 90 ? `${card.title.slice(0, 88)}…` : card.title;
  const summary = card.summary.length > 160 ? `${card.summary.slice(0, 158)}…` : card.summary;
  // FO-LONG-WORDS: the text panel may shrink below its longest word (a flex item is as wide as that
  // word otherwise, CSS Flexbox § 4.5, and would push the cover off the card); the title's size comes
  // down so its longest word fits the panel where it can, and a word longer still breaks (no
  // hyphenation dictionaries), as do the owner's name and the summary (overflow-wrap, CSS Text § 5.5).
  const textWidth = CARD_WIDTH - (card.cover ? COVER_WIDTH : 0) - TEXT_INSET;
  const titleSize = Math.max(TITLE_MIN_SIZE, Math.min(title.length > 50 ? 52 : 64, Math.floor(textWidth / (longestWord(title) * BOLD_EM_PER_CHAR))));
  const text = box(
    {
      display: 'flex',
      flexDirection: 'column',
      flex: 1,
      minWidth: 0,
      padding: '64px 64px 56px 72px',
      borderLeft: `16px solid ${accent}`,
      overflowWrap: 'anywhere',
    },
    [
      line({ fontSize: 26, fontWeight: 700, color: accent, letterSpacing: 1, textTransform: 'uppercase' }, owner),
      line({ fontSize: titleSize, fontWeight: 700, color: COLORS.text, lineHeight: 1.1, marginTop: 28, letterSpacing: -1 }, title),
      line({ fontSize: 28, color: COLORS.muted, lineHeight: 1.4, marginTop: 24 }, summary),
    ],
  );
  const cover: Node[] = card.cover
    ? [
        {
          type: 'image',
          src: await coverJpeg(root, card.cover),
          width: COVER_WIDTH,
          height: CARD_HEIGHT,
          style: { width: COVER_WIDTH, height: CARD_HEIGHT, flexShrink: 0 },
        },
      ]
    : [];
  return box({ display: 'flex', width: '100%', height: '100%', backgroundColor: COLORS.bg, fontFamily: 'Inter' }, [text, ...cover]);
}

const SIZE = { width: CARD_WIDTH, height: CARD_HEIGHT };

/** The card's layout as Takumi measures it (each box, and each line of text with its position): what tests read. */
export async function measureCard(root: string, card: CardSpec, owner: string, accent = COLORS.accent): Promise<MeasuredNode> {
  return (await cardRenderer()).measure(await cardNode(root, card, owner, accent), SIZE);
}

/**
 * The card as PNG bytes; `accent` is the light scheme's (cards are drawn light), site.md's
 * `theme.accent` when set. Takumi lays out, draws and encodes in native code: measured here, 5 ms
 * a card and 17 KB, where satori's SVG rasterised by sharp was 24 ms and 45 KB, for the same picture.
 */
export async function drawCard(root: string, card: CardSpec, owner: string, accent = COLORS.accent): Promise<Buffer> {
  return (await cardRenderer()).render(await cardNode(root, card, owner, accent), { ...SIZE, format: 'png' });
}

/** The card for `card`, from the cache when nothing it shows has changed (`drawn` says whether it was drawn now). */
export async function cardPng(root: string, card: CardSpec, owner: string, accent = COLORS.accent): Promise<{ png: Buffer; drawn: boolean }> {
  const key = createHash('sha256')
    .update(JSON.stringify([owner, card.title, card.summary, card.cover?.digest ?? null, accent]))
    .digest('hex')
    .slice(0, 24);
  // In the cache folder of this code: a changed drawing draws every card again.
  const dir = codeFolder('cards', root);
  const cached = join(dir, `${key}.png`);
  if (existsSync(cached)) return { png: readFileSync(cached), drawn: false };
  const png = await drawCard(root, card, owner, accent);
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${cached}.${process.pid}.tmp`, png);
  renameSync(`${cached}.${process.pid}.tmp`, cached);
  return { png, drawn: true };
}
