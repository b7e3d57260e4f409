// How posts are read and ordered, for every surface that shows them: the posts index (page and
// twin), a post's page and twin, the feed and llms.txt all take these, so none re-derives them.
import type { Listed } from './collections.ts';
import type { Post } from './schema.ts';

export const POSTS_PATH = '/posts';
export const POSTS_TWIN = '/posts.md';

/** How many posts the home page shows (FO-POSTS: "the latest posts when there are any"). */
export const LATEST_POSTS = 3;

/** How many posts one page of /posts lists for people; its twin and llms.txt list them all. */
export const POSTS_PER_PAGE = 20;

/** `/posts` for the first page of the posts index, `/posts/page/<n>` for the others (pages, social cards, sitemap). */
export const postsIndexPath = (page: number) => (page === 1 ? POSTS_PATH : `${POSTS_PATH}/page/${page}`);

/** How many pages the posts index has for people (POSTS_PER_PAGE posts each); none without posts. */
export const postsIndexCount = ({ posts }: { readonly posts: readonly unknown[] }) => Math.ceil(posts.length / POSTS_PER_PAGE);

/** Words a reader gets through in a minute: the common estimate for reading time on the web. */
const WORDS_PER_MINUTE = 230;

/** Minutes to read a Markdown body, at least one; code and link targets count as the words they show. */
export function readingMinutes(body: string): number {
  const words = body
    .replace(/\]\([^)]*\)/g, ']')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export interface YearGroup<P> {
  year: string;
  posts: P[];
}

/** Posts grouped by the year of their date, newest year first; the posts keep their order (newest first). */
export function postsByYear<P extends Pick<Post, 'date'>>(posts: readonly P[]): YearGroup<P>[] {
  const groups: YearGroup<P>[] = [];
  for (const post of posts) {
    const year = post.date.slice(0, 4);
    const last = groups.at(-1);
    if (last?.year === year) last.posts.push(post);
    else groups.push({ year, posts: [post] });
  }
  return groups;
}

/** The post before (older) and after (newer) `slug` in the posts' order: a post page's previous/next links. */
export function adjacentPosts<P extends Listed<Post>>(posts: readonly P[], slug: string): { older?: P; newer?: P } {
  const at = posts.findIndex((p) => p.slug === slug);
  if (at < 0) return {};
  return { ...(at + 1 < posts.length && { older: posts[at + 1] }), ...(at > 0 && { newer: posts[at - 1] }) };
}

/** A table of contents is worth showing from this many `##` sections (FO-POSTS). */
export const TOC_MIN_SECTIONS = 3;

/** The `##` headings a post's table of contents lists, or none when it has fewer than TOC_MIN_SECTIONS. */
export function tableOfContents<H extends { depth: number }>(headings: readonly H[]): H[] {
  const sections = headings.filter((h) => h.depth === 2);
  return sections.length >= TOC_MIN_SECTIONS ? sections : [];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "6 October 2026" (in the site's locale): a post's date, which unlike a project's is a day. UTC, so no day slips. */
export function formatDay(date: string, locale = 'en'): string {
  let format = dayFormats.get(locale);
  if (!format) dayFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return format.format(new Date(`${date}T00:00:00Z`));
}
