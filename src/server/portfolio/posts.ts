// Posts and the résumé as REST and MCP answer them (FO-POSTS, FO-RESUME): list_posts and
// GET /api/v1/posts, get_post and GET /api/v1/posts/{slug}, get_resume and GET /api/v1/resume all
// call these, so both surfaces give the same answers, codes and hints. The résumé is the one JSON
// Resume document the record core builds (src/records/resume.ts), made at build into the data file.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { servedImage } from '../../images/images.ts';
import type { JsonResume } from '../../records/resume.ts';
import { SLUG_PATTERN } from '../../records/schema.ts';
import { absoluteUrl } from '../../records/urls.ts';
import type { PostRecord as Post, SiteData } from '../../search/data-file.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { ApiError } from '../errors.ts';
import { recordLang } from '../language.ts';
import { contentFieldsOf, isoDate, POST_CONTENT_KEYS, type PostDetail, type PostList, type PostSummary, type postsQuery } from './schemas.ts';

export type PostsInput = z.output<typeof postsQuery>;

/** Tags named in an unknown tag's hint, at most: enough to spot a typo without a wall of text. */
const HINT_TAGS = 30;

/** What the functions need from the posts, made once per loaded data file (SiteData.kept.posts). */
export interface KeptPosts {
  /** Newest first, then slug: sorted here, not trusted from the file. */
  ordered: Post[];
  bySlug: Map<string, Post>;
  /** Each post's summary, made once: its reading time reads the body from the texts file. */
  summaries: Map<Post, PostSummary>;
  /** Every tag a post carries, sorted. */
  tags: string[];
}

const listOrder = (a: Post, b: Post) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

function kept(data: SiteData): KeptPosts {
  if (data.kept.posts) return data.kept.posts;
  // FO-DRAFTS: the data file never holds a draft (buildDataFile refuses one); a hand-made data set is held to it too.
  const posts = data.posts.filter((post) => !post.draft);
  return (data.kept.posts = {
    ordered: [...posts].sort(listOrder),
    bySlug: new Map(posts.map((x) => [x.slug, x])),
    summaries: new Map(),
    tags: [...new Set(posts.flatMap((x) => x.tags))].sort(),
  });
}

function summaryOf(data: SiteData, post: Post): PostSummary {
  const { summaries } = kept(data);
  let summary = summaries.get(post);
  if (!summary) {
    const { site } = data;
    const cover = post.cover && servedImage(post.cover).agent;
    summary = {
      slug: post.slug,
      // The front-matter fields the API answers as written (postFromContent), then the ones it adds or reshapes.
      ...contentFieldsOf(post, POST_CONTENT_KEYS),
      updated: post.updated ?? null,
      readingMinutes: post.readingMinutes,
      href: post.href,
      twin: post.twin,
      url: absoluteUrl(site, post.href),
      twinUrl: absoluteUrl(site, post.twin),
      image: post.cover && cover ? { url: absoluteUrl(site, cover.path), alt: post.cover.alt, width: cover.width, height: cover.height } : null,
      ...recordLang(site, post),
    };
    summaries.set(post, summary);
  }
  return { ...summary, tags: [...summary.tags], image: summary.image && { ...summary.image } };
}

const cursorPayload = z.object({ v: z.literal(1), f: z.string(), d: isoDate, s: z.string().regex(SLUG_PATTERN) });

/** GET /api/v1/posts: published posts, newest first, a page at a time, bound to the tag filter. */
export function listPosts(data: SiteData, { tag, cursor, limit }: PostsInput): PostList {
  const { ordered, tags } = kept(data);
  if (tag !== undefined && !tags.includes(tag)) {
    throw new ApiError('invalid_filter', {
      message: `tag: no post has the tag "${tag}".`,
      hint: tags.length
        ? `Use one of ${tags.slice(0, HINT_TAGS).join(', ')}${tags.length > HINT_TAGS ? ', …' : ''}, or leave tag out.`
        : 'This site has no tagged posts: leave tag out.',
    });
  }
  // The filter a cursor is bound to; limit is not one of them, so a client may change page size.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(['posts', tag ?? null]))
    .digest('base64url')
    .slice(0, 10);
  const list = tag === undefined ? ordered : ordered.filter((p) => p.tags.includes(tag));
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor, cursorPayload);
    if (after.f !== fingerprint) throw new ApiError('invalid_cursor', { message: 'cursor: it belongs to a request with another tag filter.' });
    // Keyset, not offset: the cursor names the last post shown, so a redeploy neither repeats nor skips one.
    start = list.findIndex((p) => p.date < after.d || (p.date === after.d && p.slug > after.s));
    if (start < 0) start = list.length;
  }
  const page = list.slice(start, start + limit);
  const last = page.at(-1);
  const nextCursor = last && start + page.length < list.length ? encodeCursor({ v: 1, f: fingerprint, d: last.date, s: last.slug }) : null;
  return { posts: page.map((p) => summaryOf(data, p)), total: list.length, nextCursor };
}

/** One post's list entry by slug, or undefined: what a sized MCP answer adds to a search hit (FO-MCP-SIZE). */
export function postSummaryOf(data: SiteData, slug: string): PostSummary | undefined {
  const post = kept(data).bySlug.get(slug);
  return post && summaryOf(data, post);
}

/** GET /api/v1/posts/{slug}: one published post with its body. */
export function getPost(data: SiteData, slug: string): PostDetail {
  const post = kept(data).bySlug.get(slug);
  if (!post) {
    throw new ApiError('not_found', {
      message: `No post has the slug "${slug}".`,
      hint: data.posts.length ? 'List the slugs with GET /api/v1/posts (MCP: list_posts).' : 'This site has no posts.',
    });
  }
  return { ...summaryOf(data, post), body: data.bodyOf(post) };
}

/** GET /api/v1/resume: the JSON Resume document, the same as /resume.json; not_found on a site without a résumé. */
export function getResume(data: SiteData): JsonResume {
  if (!data.resume) {
    throw new ApiError('not_found', {
      message: 'This site has no résumé.',
      hint: 'The owner publishes one by adding content/resume.md; search or list projects instead.',
    });
  }
  // Made at build (DataFile.resumeDocument): the function loads no Markdown parser.
  if (!data.resumeDocument) throw new Error('getResume: the data file has a résumé but not its document');
  return structuredClone(data.resumeDocument);
}
