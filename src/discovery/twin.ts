// Markdown twins: every HTML page /x has /x.md (the home page: /index.md), generated from the same
// records as the page. A twin is a faithful document: `# Title`, the summary as a blockquote, the
// record's fields as a list, then the body as written, with links to site pages pointed at their
// twins, so an agent reading Markdown stays in Markdown. One module for every twin (records, indexes,
// tags, 404), over 300 lines: they share the link rewriting; the list format is in markdown-text.ts.
import { sourceLinks } from '../records/source-links.ts';
import { withFrontMatter } from './front-matter.ts';
import { markdownResponse } from './responses.ts';
import { agentImage, type ContentImage } from '../images/images.ts';
import {
  typeLabel,
  activeProjects,
  archivedProjects,
  byCategory,
  categoryLabel,
  type ProjectFilter,
  type ProjectFilters,
  projectFilterLabel,
  isListedFilter,
  projectFilters,
  projectLinkList,
  factContext,
  projectsListPath,
  PROJECTS_PER_PAGE,
  featuredProjects,
  lastChanged,
  type ResumeMention,
  type SiteListing,
  tagGroups,
  TAGS_PATH,
  type Listed,
  type Listing,
  type TagGroup,
} from '../records/collections.ts';
import type { Catalog, ListingFacts } from '../records/catalog.ts';
import { twinFacts } from '../records/facts.ts';
import type { Content, Page, Post, Project, Resume, Site } from '../records/schema.ts';
import {
  autolink,
  bulletList,
  document,
  entry,
  fieldList,
  heading,
  image,
  joined,
  link,
  type Markdown,
  opening,
  quote,
  sentence,
  siteFields,
} from '../records/markdown-text.ts';
import { escapeMarkdownText } from '../records/escape.ts';
import { absoluteUrl, HOME_TWIN, localPath, mainPath, PROJECTS_TWIN } from '../records/urls.ts';
import { inSentence, type Strings, stringsFor } from '../records/strings.ts';
import { colon as colonOf } from '../records/typography.ts';
import { adjacentPosts, LATEST_POSTS, POSTS_PATH, POSTS_PER_PAGE, POSTS_TWIN, postsByYear, postsIndexCount, postsIndexPath } from '../records/posts.ts';
import { RESUME_JSON_PATH, RESUME_PATH, RESUME_TWIN } from '../records/resume.ts';

export { HOME_TWIN, POSTS_TWIN, PROJECTS_TWIN, RESUME_TWIN };
export const NOT_FOUND_TWIN = '/404.md';
export const TAGS_TWIN = `${TAGS_PATH}.md`;

export interface TwinOptions {
  /**
   * Write links as absolute URLs (for llms-full.txt, which is read away from the site).
   * By default links are root-relative, as in the content files.
   */
  absolute?: boolean;
}

/** Served twins link absolutely: a twin copied away from the site (into a prompt, a file) still resolves. */
export const ABSOLUTE: TwinOptions = { absolute: true };

export interface Twin {
  /** Site path of the twin, e.g. `/projects/quarry.md`. */
  path: string;
  /** Site path of the HTML page it mirrors. */
  page: string;
  title: string;
  summary: string;
  markdown: string;
  /** The text's language when it is not the site's (FO-I18N: an untranslated record). */
  lang?: string;
  /** A record's date (projects and posts). */
  date?: string;
  /** When the page last changed as far as the content says: the sitemap's `<lastmod>` (lastChanged). */
  lastmod?: string;
}

/**
 * A twin as its route serves it (FO-TWIN-FRONT-MATTER): YAML front matter with its title,
 * description, page (absolute, as the page's `<link rel="canonical">`), language and dates, then
 * the Markdown. llms-full.txt joins the twins' Markdown without it (one file, one front matter).
 */
export const twinText = (twin: Twin, site: Site) =>
  withFrontMatter(
    {
      title: twin.title,
      description: twin.summary,
      canonical: absoluteUrl(site, twin.page),
      lang: twin.lang ?? site.locale,
      date: twin.date,
      lastmod: twin.lastmod,
    },
    twin.markdown,
  );

/**
 * A twin route's answer: the twin as served, front matter first. A record's route gives its
 * catalog: the text is kept there for the data file (recordTwins), which serves the same text.
 */
export const twinResponse = (twin: Twin, from: Site | Catalog) => markdownResponse('content' in from ? keptTwinText(twin, from) : twinText(twin, from));

/** twinText of a record's twin (a Twin its catalog keeps), written once per catalog and kept beside it. */
function keptTwinText(twin: Twin, catalog: Catalog): string {
  const texts = (catalog.kept.twinTexts ??= new WeakMap());
  let text = texts.get(twin);
  if (text === undefined) texts.set(twin, (text = twinText(twin, catalog.content.site)));
  return text;
}

/** The home twin and llms.txt render from a SiteListing (collections.ts: a Catalog's siteListing). */
export type { ResumeMention, SiteListing };

/** The HTML page path a twin mirrors: `/index.md` → `/`, `/about.md` → `/about`. */
export const pageOfTwin = (twin: string) => (twin === HOME_TWIN ? '/' : twin.replace(/\.md$/, ''));

/**
 * The twin of the site page a link points at, or undefined when it points elsewhere (another
 * site, an anchor on the same page, /llms.txt, a page that does not exist). `from` is the page
 * the link appears on, for relative links like `quarry` or `../about`.
 */
export function twinOfLink(url: string, content: Listing, from = '/'): string | undefined {
  if (url === '' || url.startsWith('#')) return undefined;
  const origin = new URL(`${content.site.url}/`);
  let target: URL;
  try {
    target = new URL(url, new URL(from, origin));
  } catch {
    return undefined;
  }
  if (target.origin !== origin.origin) return undefined;
  const path = target.pathname.length > 1 ? target.pathname.replace(/\/+$/, '') : '/';
  const twin = twinOfPath(path, content);
  return twin && `${twin}${target.search}${target.hash}`;
}

function twinOfPath(path: string, content: Listing): string | undefined {
  // The site's own pages in this listing's language (FO-I18N): /en/projects in English, /projects in the main one.
  const { site } = content;
  const own = mainPath(site, path);
  const local = (twin: string) => localPath(site, twin);
  if (own === '/' || own === '/index') return local(HOME_TWIN);
  if (own === '/projects') return local(PROJECTS_TWIN);
  if (own === TAGS_PATH) return local(TAGS_TWIN);
  // The posts index and the résumé exist only when there is something in them (FO-POSTS, FO-RESUME).
  if (own === POSTS_PATH) return content.posts.length ? local(POSTS_TWIN) : undefined;
  if (own === RESUME_PATH) return (content as SiteListing).resume ? local(RESUME_TWIN) : undefined;
  return twinsByPath(content).get(path);
}

/**
 * Every page path with a twin, looked up once per link: a scan of every record per link was
 * O(N²) per build (each of N bodies links a few records).
 */
const twinIndexes = new WeakMap<Listing, Map<string, string>>();
function twinsByPath(content: Listing): Map<string, string> {
  let index = twinIndexes.get(content);
  if (!index) {
    index = new Map([...content.projects, ...content.pages, ...content.posts, ...tagGroups(content, content.site.base)].map((r) => [r.href, r.twin]));
    twinIndexes.set(content, index);
  }
  return index;
}

/** The absolute URL agents are given for a content image (src/images/). */
export const imageUrl = (content: Pick<Content, 'site'>, image: ContentImage) => absoluteUrl(content.site, agentImage(image).path);

/** A content image as Markdown: its alt text and absolute URL. */
const imageMarkdown = (content: Pick<Content, 'site'>, picture: ContentImage) => image(picture.alt, imageUrl(content, picture)).markdown;

/**
 * `markdown` with every link to a site page pointed at that page's twin, and every content image
 * at its published file (absolute); everything else untouched. `images` are the body's images.
 */
export function linkToTwins(markdown: string, content: Listing, from: string, options: TwinOptions = {}, images: Record<string, ContentImage> = {}): string {
  const links = sourceLinks(markdown);
  let out = '';
  let at = 0;
  for (const link of links) {
    const image = link.image ? images[link.url] : undefined;
    const replacement = image ? imageUrl(content, image) : rewrite(link.url, content, from, options);
    if (replacement === undefined) continue;
    out += markdown.slice(at, link.start) + replacement;
    at = link.end;
  }
  return out + markdown.slice(at);
}

export interface BrokenLink {
  /** Content file the link is in. */
  source: string;
  url: string;
}

/**
 * Links in the content to a project or page that does not exist (`/projects/quarri`, `/abuot`):
 * the build warns about them, since each would be a 404 for a reader and a dead end for an agent.
 * Paths the site serves otherwise (/llms.txt, /api/…, reserved slugs) are not judged here.
 */
export async function brokenLinks(content: Content, reserved: ReadonlySet<string>): Promise<BrokenLink[]> {
  const origin = new URL(`${content.site.url}/`);
  const sources = [
    { source: 'content/site.md', body: content.site.bio, from: '/' },
    ...[...content.projects, ...content.posts, ...content.pages].map((r) => ({ source: r.source, body: r.body, from: r.href })),
    ...(content.resume ? [{ source: content.resume.source, body: content.resume.body, from: content.resume.href }] : []),
  ];
  const broken: BrokenLink[] = [];
  for (const { source, body, from } of sources) {
    for (const { url, image } of sourceLinks(body)) {
      if (image) continue;
      if (HAS_SCHEME.test(url) || url.startsWith('#') || twinOfLink(url, content, from)) continue;
      const path = new URL(url, new URL(from, origin)).pathname.replace(/\/+$/, '');
      const project = /^\/(?:projects|posts)\/([^/]+)$/.exec(path);
      const page = /^\/([^/.]+)$/.exec(path);
      if (project || (page && !reserved.has(page[1]!))) broken.push({ source, url });
    }
  }
  return broken;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** The new destination of one link, or undefined to leave it as written. */
function rewrite(url: string, content: Listing, from: string, options: TwinOptions): string | undefined {
  const twin = twinOfLink(url, content, from);
  // A link written absolute (https://site/about) stays absolute, as does everything in llms-full.txt.
  if (twin) return options.absolute || HAS_SCHEME.test(url) ? absoluteUrl(content.site, twin) : twin;
  // Read away from the site (llms-full.txt), a relative link to /llms.txt or an image would dangle.
  if (options.absolute && !HAS_SCHEME.test(url) && !url.startsWith('#') && url !== '') {
    return new URL(url, new URL(from, `${content.site.url}/`)).href;
  }
  return undefined;
}

declare module '../records/catalog.ts' {
  interface CatalogKept {
    /**
     * Each record's twin with absolute links, asked for by its route, llms-full.txt and the data
     * file: saves making 10,000 twins three times a build. On the catalog, which a build shares
     * across its routes and the integration (load.ts), so the copies of this module share it too.
     */
    twins?: Map<Project | Page | Post | Resume, Promise<Twin>>;
    /** Each record twin's text as served (twinText), by twin: its route and the data file both ask. */
    twinTexts?: WeakMap<Twin, string>;
    /** recordTwins' answer: the data file and the page manifest both ask (twinText writes each twin's front matter anew). */
    recordTwins?: Promise<Record<string, string>>;
  }
}

function remembered(record: Project | Page | Post | Resume, catalog: Catalog, options: TwinOptions, make: () => Promise<Twin>): Promise<Twin> {
  if (!options.absolute) return make();
  const known = (catalog.kept.twins ??= new Map());
  let twin = known.get(record);
  if (!twin) known.set(record, (twin = make()));
  return twin;
}

/** A project's twin; the catalog gives its related projects (scored once per build, catalog.ts). */
export function projectTwin(project: Project, catalog: Catalog, options: TwinOptions = {}): Promise<Twin> {
  return remembered(project, catalog, options, () => makeProjectTwin(project, catalog, options));
}

async function makeProjectTwin(project: Project, catalog: Catalog, options: TwinOptions): Promise<Twin> {
  const { content } = catalog;
  const { site } = content;
  const href = hrefFor(content, options);
  // FO-LANGUAGE: the labels and the type in the site's interface language, as the page words them;
  // the type's id, the value agents filter by (REST `type=`), follows when it is not the word itself.
  const t = stringsFor(site);
  const fields: [string, string | Markdown | undefined][] = [
    // The project's facts (src/records/facts.ts), then its links in the owner's order (FO-WORK).
    ...twinFacts('project', project, factContext(site)),
    ...projectLinkList(project, site).map((l): [string, Markdown] => [l.label, autolink(l.url)!]),
    [t('twinWebPage'), autolink(absoluteUrl(site, project.href))],
    [t('twinAuthor'), link(site.name, href.local(HOME_TWIN))],
    ...siteFields(site, href, project.twin, project.lang),
  ];
  const related = catalog.related(project);
  return {
    ...datedTwin(project),
    markdown: document([
      heading(1, project.title),
      opening(site, project.summary),
      project.cover ? imageMarkdown(content, project.cover) : '',
      fieldList(fields, t.locale),
      await linkToTwins(project.body, content, project.href, options, project.images),
      related.length ? `${heading(2, t('twinRelatedProjects'))}\n\n${related.map((p) => projectEntry(p, href, site)).join('\n')}` : '',
    ]),
  };
}

/** What a record's twin says of itself besides its text: where it and its page are, its title and summary, its text's language when not the site's. */
const recordTwin = (record: Project | Page | Post) => ({
  path: record.twin,
  page: record.href,
  title: record.title,
  summary: record.summary,
  lang: record.lang,
});

/** A dated record's, with its date and when it last changed (the sitemap's `<lastmod>`). */
const datedTwin = (record: Project | Post) => ({ ...recordTwin(record), date: record.date, lastmod: record.updated ?? record.date });

export function pageTwin(page: Page, catalog: Catalog, options: TwinOptions = {}): Promise<Twin> {
  return remembered(page, catalog, options, () => makePageTwin(page, catalog.content, options));
}

async function makePageTwin(page: Page, content: Content, options: TwinOptions): Promise<Twin> {
  const href = hrefFor(content, options);
  const t = stringsFor(content.site);
  return {
    ...recordTwin(page),
    markdown: document([
      heading(1, page.title),
      opening(content.site, page.summary),
      fieldList(
        [
          [t('labelTags'), page.tags.join(', ') || undefined],
          [t('twinWebPage'), autolink(absoluteUrl(content.site, page.href))],
          [t('twinAuthor'), link(content.site.name, href.local(HOME_TWIN))],
          ...siteFields(content.site, href, page.twin, page.lang),
        ],
        t.locale,
      ),
      await linkToTwins(page.body, content, page.href, options, page.images),
    ]),
  };
}

export function postTwin(post: Post, catalog: Catalog, options: TwinOptions = {}): Promise<Twin> {
  return remembered(post, catalog, options, () => makePostTwin(post, catalog.content, options));
}

async function makePostTwin(post: Post, content: Content, options: TwinOptions): Promise<Twin> {
  const { site } = content;
  const href = hrefFor(content, options);
  const { older, newer } = adjacentPosts(content.posts, post.slug);
  const t = stringsFor(site);
  const neighbour = (label: string, p: Listed<Post> | undefined) =>
    p && `- ${escapeMarkdownText(label)}${colonOf(t.locale)} ${link(p.title, href(p.twin)).markdown} (${p.date})`;
  const around = [neighbour(t('twinOlder'), older), neighbour(t('twinNewer'), newer)].filter(Boolean);
  return {
    ...datedTwin(post),
    markdown: document([
      heading(1, post.title),
      opening(site, post.summary),
      // FO-DRAFTS: a draft shows only under npm run dev, and says so wherever it shows.
      post.draft ? sentence(site, 'twinDraft') : '',
      post.cover ? imageMarkdown(content, post.cover) : '',
      fieldList(
        [
          ...twinFacts('post', post, factContext(site)),
          [t('twinWebPage'), autolink(absoluteUrl(site, post.href))],
          [t('twinAllPosts'), link(t('sectionPosts'), href.local(POSTS_TWIN))],
          [t('twinAuthor'), link(site.name, href.local(HOME_TWIN))],
          ...siteFields(site, href, post.twin, post.lang),
        ],
        t.locale,
      ),
      await linkToTwins(post.body, content, post.href, options, post.images),
      around.length ? `${heading(2, t('twinMorePosts'))}\n\n${around.join('\n')}` : '',
    ]),
  };
}

/** "3 posts by Mara Lindqvist, newest first.": the posts index's description, shared by its page and twin. */
export const postsSummary = ({ site, posts }: Pick<Listing, 'site' | 'posts'>) => {
  const t = stringsFor(site);
  return t('postsSummary', { posts: t('postsCount', { n: posts.length }), name: site.name });
};

/** A post as a list shows it: title, summary, date (and a draft says so: FO-DRAFTS). */
const postEntry = (p: Listed<Post>, href: (path: string) => string) => entry(p.title, href(p.twin), `${p.summary} (${p.draft ? 'draft, ' : ''}${p.date})`);

/** The posts index (/posts.md): every post, newest first, grouped by year (FO-POSTS). */
export function postsTwin(content: Listing, options: TwinOptions = {}): Twin {
  const { site } = content;
  const href = hrefFor(content, options);
  const summary = postsSummary(content);
  const t = stringsFor(site);
  return {
    path: localPath(site, POSTS_TWIN),
    page: localPath(site, POSTS_PATH),
    title: t('sectionPosts'),
    summary,
    lastmod: lastChanged(content.posts),
    markdown: document([
      heading(1, t('sectionPosts')),
      opening(site, summary),
      fieldList(
        [
          [t('twinWebPage'), autolink(absoluteUrl(site, localPath(site, POSTS_PATH)))],
          [t('twinAuthor'), link(site.name, href.local(HOME_TWIN))],
          ...siteFields(site, href, localPath(site, POSTS_TWIN)),
        ],
        t.locale,
      ),
      ...postsByYear(content.posts).map((g) => `${heading(2, g.year)}\n\n${g.posts.map((p) => postEntry(p, href)).join('\n')}`),
    ]),
  };
}

/**
 * Page `page` (2 or more) of the posts index for people, /posts/page/<n>, as Markdown: its posts, and
 * the twin of the whole index. Every page links a twin of its own (src/builder/vercel-config.ts), so
 * each page of the index has one; /posts.md is the first page's, and lists every post.
 */
export function postsPageTwin(content: Listing, page: number, options: TwinOptions = {}): Twin | undefined {
  const { site } = content;
  const pages = postsIndexCount(content);
  if (!Number.isInteger(page) || page < 2 || page > pages) return undefined;
  const href = hrefFor(content, options);
  const path = localPath(site, postsIndexPath(page));
  const posts = content.posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);
  const t = stringsFor(site);
  const summary = t('twinPostsPage', { page, pages, name: site.name });
  const title = t('postsTwinPageTitle', { page, pages });
  return {
    path: `${path}.md`,
    page: path,
    title,
    summary,
    lastmod: lastChanged(posts),
    markdown: document([
      heading(1, title),
      opening(site, summary),
      fieldList(
        [[t('twinWebPage'), autolink(absoluteUrl(site, path))], [t('twinEveryPost'), link(t('sectionPosts'), href.local(POSTS_TWIN))], ...siteFields(site)],
        t.locale,
      ),
      ...postsByYear(posts).map((g) => `${heading(2, g.year)}\n\n${g.posts.map((p) => postEntry(p, href)).join('\n')}`),
    ]),
  };
}

export function resumeTwin(resume: Resume, catalog: Catalog, options: TwinOptions = {}): Promise<Twin> {
  return remembered(resume, catalog, options, () => makeResumeTwin(resume, catalog.content, options));
}

/** "2020-09 – present": a résumé entry's dates as JSON Resume writes them, "present" in the site's language. */
const spanIn = (t: Strings) => (start?: string, end?: string) => (start ? `${start} – ${end ?? t('present')}` : end);

/** `### heading`, then fields, a paragraph and a list of highlights: one entry of a résumé section. */
const resumeEntryIn =
  (locale: string) =>
  (title: string | Markdown, fields: [string, string | undefined][], summary?: string, highlights: readonly string[] = []) => {
    return [heading(3, title), fieldList(fields, locale), summary ? escapeMarkdownText(summary) : '', bulletList(highlights)].filter(Boolean).join('\n\n');
  };

const section = (title: string, entries: string[]) => (entries.length ? `${heading(2, title)}\n\n${entries.join('\n\n')}` : '');

/** The owner's links (site.md `links`), comma-separated as the résumé's and the home twin's fields give them; none, undefined. */
const siteLinks = (site: Site): Markdown | undefined =>
  site.links.length
    ? joined(
        ', ',
        site.links.map((l) => link(l.label, l.url)),
      )
    : undefined;

/** The résumé (/resume.md, FO-RESUME): who, the professional summary, then JSON Resume's sections in its order. */
async function makeResumeTwin(resume: Resume, content: Content, options: TwinOptions): Promise<Twin> {
  const { site } = content;
  const href = hrefFor(content, options);
  const links = siteLinks(site);
  const linked = (text: string, url?: string) => (url ? link(text, url) : text);
  const t = stringsFor(site);
  const span = spanIn(t);
  const resumeEntry = resumeEntryIn(t.locale);
  // FO-TYPOGRAPHY: "Français : Langue maternelle" in French, the colon as the language sets it.
  const colon = colonOf(t.locale);
  return {
    path: resume.twin,
    page: resume.href,
    title: resume.title,
    summary: resume.summary,
    markdown: document([
      heading(1, resume.title),
      opening(site, resume.label),
      fieldList(
        [
          [t('twinName'), site.name],
          [t('twinRole'), resume.label],
          [t('twinLocation'), site.location],
          [t('twinEmail'), site.email ? link(site.email, `mailto:${site.email}`) : undefined],
          [t('twinElsewhere'), links],
          [t('twinWebPage'), autolink(absoluteUrl(site, resume.href))],
          [
            'JSON Resume',
            joined(', ', [link('resume.json', absoluteUrl(site, localPath(site, RESUME_JSON_PATH))), 'the same résumé as a JSON Resume document']),
          ],
          [t('twinAuthor'), link(site.name, href.local(HOME_TWIN))],
          ...siteFields(site, href, resume.twin, resume.lang),
        ],
        t.locale,
      ),
      resume.body.trim() ? `${heading(2, t('resumeSummary'))}\n\n${await linkToTwins(resume.body, content, resume.href, options, resume.images)}` : '',
      section(
        t('experience'),
        resume.work.map((w) =>
          resumeEntry(
            joined(', ', [w.position, linked(w.name, w.url)]),
            [
              [t('twinDates'), span(w.startDate, w.endDate)],
              [t('twinLocation'), w.location],
            ],
            w.summary,
            w.highlights,
          ),
        ),
      ),
      section(
        t('education'),
        resume.education.map((e) =>
          resumeEntry(linked(e.institution, e.url), [
            [t('twinStudy'), [e.studyType, e.area].filter(Boolean).join(', ') || undefined],
            [t('twinDates'), span(e.startDate, e.endDate)],
            [t('twinScore'), e.score],
            [t('twinCourses'), e.courses.join(', ') || undefined],
          ]),
        ),
      ),
      resume.skills.length
        ? section(t('skills'), [
            bulletList(resume.skills.map((s) => `${s.name}${s.level ? ` (${s.level})` : ''}${s.keywords.length ? `${colon} ${s.keywords.join(', ')}` : ''}`)),
          ])
        : '',
      resume.languages.length
        ? section(t('languages'), [bulletList(resume.languages.map((l) => `${l.language}${l.fluency ? `${colon} ${l.fluency}` : ''}`))])
        : '',
      section(
        t('volunteering'),
        resume.volunteer.map((v) =>
          resumeEntry(joined(', ', [v.position, linked(v.organization, v.url)]), [[t('twinDates'), span(v.startDate, v.endDate)]], v.summary, v.highlights),
        ),
      ),
      section(
        t('awards'),
        resume.awards.map((a) =>
          resumeEntry(
            a.title,
            [
              [t('twinAwardedBy'), a.awarder],
              [t('twinDate'), a.date],
            ],
            a.summary,
          ),
        ),
      ),
      section(
        t('certificates'),
        resume.certificates.map((c) =>
          resumeEntry(linked(c.name, c.url), [
            [t('twinIssuer'), c.issuer],
            [t('twinDate'), c.date],
          ]),
        ),
      ),
      section(
        t('publications'),
        resume.publications.map((p) =>
          resumeEntry(
            linked(p.name, p.url),
            [
              [t('twinPublisher'), p.publisher],
              [t('twinReleased'), p.releaseDate],
            ],
            p.summary,
          ),
        ),
      ),
    ]),
  };
}

/** The home page: the profile and bio, the featured projects, the latest posts, every project, every page. */
export async function homeTwin(content: SiteListing, options: TwinOptions = {}): Promise<Twin> {
  const { site, pages, posts, resume } = content;
  const href = hrefFor(content, options);
  const links = siteLinks(site);
  const featured = featuredProjects(content);
  const archived = archivedProjects(content);
  const t = stringsFor(site);
  return {
    path: localPath(site, HOME_TWIN),
    page: localPath(site, '/'),
    title: site.name,
    summary: site.summary,
    lastmod: lastChanged([...content.projects, ...posts]),
    markdown: document([
      heading(1, site.name),
      opening(site, site.summary),
      site.avatar ? imageMarkdown(content, site.avatar) : '',
      // FO-HERO: the home page's hero image, as the page shows it.
      site.hero ? imageMarkdown(content, site.hero) : '',
      fieldList(
        [
          [t('twinRole'), site.headline],
          [t('twinLocation'), site.location],
          [t('twinEmail'), site.email ? link(site.email, `mailto:${site.email}`) : undefined],
          [t('twinElsewhere'), links],
          // FO-RESUME: the résumé is linked from the home page when there is one.
          [t('twinResume'), resume && joined(', ', [link(t('twinResume'), href(resume.twin)), resume.label])],
          [t('twinWebPage'), autolink(absoluteUrl(site, localPath(site, '/')))],
          ...siteFields(site, href, localPath(site, HOME_TWIN)),
        ],
        t.locale,
      ),
      await linkToTwins(site.bio, content, '/', options, site.images),
      featured.length ? `${heading(2, t('twinFeaturedProjects'))}\n\n${featured.map((p) => projectEntry(p, href, site)).join('\n')}` : '',
      // FO-POSTS: the latest posts, when there are any.
      posts.length
        ? `${heading(2, t('twinLatestPosts'))}\n\n${posts
            .slice(0, LATEST_POSTS)
            .map((p) => postEntry(p, href))
            .join('\n')}\n\n${sentence(site, 'twinEveryPostByYear', link(t('sectionPosts'), href.local(POSTS_TWIN)))}`
        : '',
      `${heading(2, t('twinAllProjects'))}\n\n${sentence(site, 'twinAllProjectsNote', link(t('twinProjectsIndex'), href.local(PROJECTS_TWIN)))}`,
      ...byCategory(site, activeProjects(content)).map((g) => `${heading(3, g.label)}\n\n${g.projects.map((p) => projectEntry(p, href, site)).join('\n')}`),
      archived.length
        ? `${heading(3, t('archived'))}\n\n${escapeMarkdownText(t('archivedNote'))}\n\n${archived.map((p) => projectEntry(p, href, site)).join('\n')}`
        : '',
      pages.length ? `${heading(2, t('sectionPages'))}\n\n${pages.map((p) => entry(p.title, href(p.twin), p.summary)).join('\n')}` : '',
      `${heading(2, t('twinForAgents'))}\n\n${entry('llms.txt', href.local('/llms.txt'), t('twinLlmsTxt'))}\n${entry('llms-full.txt', href.local('/llms-full.txt'), t('twinLlmsFullTxt'))}`,
    ]),
  };
}

/**
 * The projects index: every project once, by category, archived apart (FO-WORK: one listing; each
 * entry names its type). The filtered pages people browse have twins of their own.
 */
export async function projectsTwin(content: Listing, options: TwinOptions = {}): Promise<Twin> {
  const { site } = content;
  const href = hrefFor(content, options);
  const active = activeProjects(content);
  const archived = archivedProjects(content);
  const summary = projectsSummary(content);
  const t = stringsFor(site);
  return {
    path: localPath(site, PROJECTS_TWIN),
    page: localPath(site, '/projects'),
    title: t('navProjects'),
    summary,
    lastmod: lastChanged(content.projects),
    markdown: document([
      heading(1, t('navProjects')),
      opening(site, summary),
      fieldList(
        [
          [t('twinWebPage'), autolink(absoluteUrl(site, localPath(site, '/projects')))],
          [t('twinAuthor'), link(site.name, href.local(HOME_TWIN))],
          ...siteFields(site, href, localPath(site, PROJECTS_TWIN)),
        ],
        t.locale,
      ),
      ...byCategory(site, active).map((g) => `${heading(2, g.label)}\n\n${g.projects.map((p) => projectEntry(p, href, site)).join('\n')}`),
      archived.length
        ? `${heading(2, t('archived'))}\n\n${escapeMarkdownText(t('archivedNote'))}\n\n${archived.map((p) => projectEntry(p, href, site)).join('\n')}`
        : '',
    ]),
  };
}

/**
 * A page of the projects index for people other than /projects itself (FO-WORK): a later page, or
 * a category's or a type's pages. Like the page, it lists that page's projects, active then
 * archived; it names /projects.md, which lists every project.
 */
export function projectsPageTwin(catalog: ListingFacts, filter: ProjectFilter, page: number, options: TwinOptions = {}): Twin | undefined {
  const { site } = catalog.listing;
  const all = catalog.filtered(filter);
  const pages = catalog.pageCount(filter);
  if (!Number.isInteger(page) || page < 1 || page > pages || (filter.kind === 'all' && page === 1) || !isListedFilter(catalog.filters, filter))
    return undefined;
  const href = hrefFor(catalog.listing, options);
  const path = localPath(site, projectsListPath(filter, page));
  const title = projectsPageTitle(site, filter, page, pages);
  const summary = projectFilterSummary(catalog, filter);
  const shown = all.slice((page - 1) * PROJECTS_PER_PAGE, page * PROJECTS_PER_PAGE);
  const active = shown.filter((p) => !p.archived);
  const archived = shown.filter((p) => p.archived);
  const t = stringsFor(site);
  return {
    path: `${path}.md`,
    page: path,
    title,
    summary,
    lastmod: lastChanged(shown),
    markdown: document([
      heading(1, title),
      opening(site, summary),
      fieldList(
        [
          [t('twinWebPage'), autolink(absoluteUrl(site, path))],
          [t('twinEveryProject'), link(t('navProjects'), href.local(PROJECTS_TWIN))],
          ...siteFields(site),
        ],
        t.locale,
      ),
      active.length ? active.map((p) => projectEntry(p, href, site)).join('\n') : '',
      archived.length
        ? `${heading(2, t('archived'))}\n\n${escapeMarkdownText(t('archivedNote'))}\n\n${archived.map((p) => projectEntry(p, href, site)).join('\n')}`
        : '',
    ]),
  };
}

/** "Projects: Talks, page 2 of 3": a page of the projects index, as its page and twin title it. */
export function projectsPageTitle(site: Site, filter: ProjectFilter, page: number, pages: number): string {
  const t = stringsFor(site);
  const name = filter.kind === 'all' ? t('navProjects') : t('projectsTitleFiltered', { name: projectFilterLabel(site, filter) });
  return page === 1 ? name : t('pageOf', { title: name, page, pages });
}

/** "4 talks by Mara." / "6 projects by Mara in Data engineering.": a filtered view's description. */
export function projectFilterSummary(catalog: ListingFacts, filter: ProjectFilter): string {
  if (filter.kind === 'all') return projectsSummary(catalog.listing, catalog.filters);
  const n = catalog.filtered(filter).length;
  const { site } = catalog.listing;
  const t = stringsFor(site);
  if (filter.kind === 'type') return t('filterSummaryType', { n, type: typeWord(site, filter.id, n), name: site.name });
  return t('filterSummaryCategory', { projects: t('projectsCount', { n }), name: site.name, category: categoryLabel(site, filter.id) });
}

/** One tag's page: every project, post and page that carries it. */
export function tagTwin(group: TagGroup<Listed<Project | Page | Post>>, site: Site, options: TwinOptions = {}): Twin {
  const href = hrefFor({ site }, options);
  const summary = tagSummary(group, site);
  const t = stringsFor(site);
  const title = t('taggedTitle', { tag: group.tag });
  return {
    path: group.twin,
    page: group.href,
    title,
    summary,
    lastmod: lastChanged(group.records),
    markdown: document([
      heading(1, title),
      opening(site, summary),
      fieldList(
        [[t('twinWebPage'), autolink(absoluteUrl(site, group.href))], [t('allTags'), link(t('tagsTitle'), href.local(TAGS_TWIN))], ...siteFields(site)],
        t.locale,
      ),
      group.records
        .map((r) => (r.kind === 'project' ? projectEntry(r, href, site) : r.kind === 'post' ? postEntry(r, href) : entry(r.title, href(r.twin), r.summary)))
        .join('\n'),
    ]),
  };
}

/**
 * "2 projects and 1 page tagged “rust”: Quarry, Sieve and Notes.": a tag page's description, shared
 * by its page's meta description, twin and card. The titles make it say what the page holds (search
 * engines and agents read it as the page's summary); past three, the rest are counted. The page's
 * lead says the count alone (`titles: false`): its cards and lists name them just below.
 */
export function tagSummary({ tag, records }: TagGroup<Listed<Project | Page | Post>>, site: Pick<Site, 'locale' | 'strings'>, { titles = true } = {}): string {
  const t = stringsFor(site);
  const and = (items: string[]) => (items.length > 1 ? t('listAnd', { first: items.slice(0, -1).join(', '), last: items.at(-1)! }) : items[0]!);
  const counted = (kind: string, key: 'projectsCount' | 'postsCount' | 'pagesCount') => {
    const n = records.filter((r) => r.kind === kind).length;
    return n ? t(key, { n }) : '';
  };
  const parts = [counted('project', 'projectsCount'), counted('post', 'postsCount'), counted('page', 'pagesCount')].filter(Boolean);
  if (!titles) return t('tagCount', { parts: and(parts), tag });
  const names = records.map((r) => r.title);
  const named = names.length > 3 ? [...names.slice(0, 3), t('moreCount', { n: names.length - 3 })] : names;
  return t('tagSummary', { parts: and(parts), tag, titles: and(named) });
}

/** "12 tags across Mara's projects, posts and pages.": the tags index's description (posts named only when there are any). */
export function tagsSummary(content: Listing): string {
  const groups = tagGroups(content, content.site.base);
  const t = stringsFor(content.site);
  const kinds = t(content.posts.length ? 'kindsWithPosts' : 'kindsWithoutPosts');
  return t('tagsSummary', { tags: t('tagsCount', { n: groups.length }), name: content.site.name, kinds });
}

/** The tags index: every tag with how many projects, posts and pages carry it. */
export function tagsTwin(content: Listing, options: TwinOptions = {}): Twin {
  const href = hrefFor(content, options);
  const groups = tagGroups(content, content.site.base);
  const summary = tagsSummary(content);
  const t = stringsFor(content.site);
  return {
    path: localPath(content.site, TAGS_TWIN),
    page: localPath(content.site, TAGS_PATH),
    title: t('tagsTitle'),
    summary,
    lastmod: lastChanged(groups.flatMap((g) => g.records)),
    markdown: document([
      heading(1, t('tagsTitle')),
      opening(content.site, summary),
      fieldList(
        [
          [t('twinWebPage'), autolink(absoluteUrl(content.site, localPath(content.site, TAGS_PATH)))],
          ...siteFields(content.site, href, localPath(content.site, TAGS_TWIN)),
        ],
        t.locale,
      ),
      groups.map((g) => entry(g.tag, href(g.twin), `${g.records.length}`)).join('\n'),
    ]),
  };
}

/** Served (with status 404) for a Markdown request to a path that has no twin. */
export function notFoundTwin(content: Content): Twin {
  const t = stringsFor(content.site);
  const title = t('notFoundTitle');
  const summary = t('notFoundSummary');
  return {
    path: NOT_FOUND_TWIN,
    page: '/404',
    title,
    summary,
    markdown: document([
      heading(1, title),
      quote(summary),
      sentence(content.site, 'twinNotFoundIntro'),
      [
        entry(content.site.name, HOME_TWIN, t('twinNotFoundHome')),
        entry(t('navProjects'), PROJECTS_TWIN, t('twinNotFoundProjects')),
        ...(content.posts.length ? [entry(t('sectionPosts'), POSTS_TWIN, t('twinNotFoundPosts'))] : []),
        entry('llms.txt', '/llms.txt', t('twinLlmsTxt')),
      ].join('\n'),
    ]),
  };
}

/**
 * "19 projects …": the one-line description of the projects index, shared by its page and twin.
 * Every page of the projects index (~420 at 10,000 projects) says this line: those pass the
 * catalog's filters, counted once per build.
 */
export function projectsSummary(content: Listing, filters: Pick<ProjectFilters, 'archived' | 'categoriesUsed'> = projectFilters(content)): string {
  const { site, projects } = content;
  const { archived, categoriesUsed: categories } = filters;
  const t = stringsFor(site);
  return t('projectsSummary', {
    projects: t('projectsCount', { n: projects.length }),
    name: site.name,
    categories: t('categoriesCount', { n: categories }),
    archived: archived ? t('archivedOfThem', { n: archived }) : '',
  });
}

/**
 * Every twin in reading order: who (home), what (the projects index, then active projects with the
 * featured first), the pages, and last the archived projects. llms-full.txt follows this order.
 */
export async function allTwins(catalog: Catalog, options: TwinOptions = {}): Promise<Twin[]> {
  const { content } = catalog;
  const featured = featuredProjects(content);
  const rest = activeProjects(content).filter((p) => !featured.includes(p));
  return Promise.all([
    homeTwin(content, options),
    ...(content.resume ? [resumeTwin(content.resume, catalog, options)] : []),
    projectsTwin(content, options),
    ...[...featured, ...rest].map((p) => projectTwin(p, catalog, options)),
    ...(content.posts.length ? [postsTwin(content, options)] : []),
    ...content.posts.map((p) => postTwin(p, catalog, options)),
    ...content.pages.map((p) => pageTwin(p, catalog, options)),
    ...archivedProjects(content).map((p) => projectTwin(p, catalog, options)),
  ]);
}

/**
 * Every record's twin by its site path, with absolute links, as their routes serve them
 * (src/pages/[...lang]/[slug].md.ts and kin): the data file carries them (MCP resources). Posts and the résumé are
 * records as projects and pages are (FO-POSTS, FO-RESUME).
 */
export function recordTwins(catalog: Catalog): Promise<Record<string, string>> {
  return (catalog.kept.recordTwins ??= makeRecordTwins(catalog));
}

async function makeRecordTwins(catalog: Catalog): Promise<Record<string, string>> {
  const { content } = catalog;
  const twins = await Promise.all([
    ...content.projects.map((p) => projectTwin(p, catalog, ABSOLUTE)),
    ...content.posts.map((p) => postTwin(p, catalog, ABSOLUTE)),
    ...content.pages.map((p) => pageTwin(p, catalog, ABSOLUTE)),
    ...(content.resume ? [resumeTwin(content.resume, catalog, ABSOLUTE)] : []),
  ]);
  return Object.fromEntries(twins.map((t) => [t.path, keptTwinText(t, catalog)]));
}

/** A twin's links: `href(path)` as the options ask; `href.local(path)` for a path of the site's own pages, in the twin's language (FO-I18N). */
const hrefFor = ({ site }: Pick<Content, 'site'>, options: TwinOptions) => {
  const href = (path: string) => (options.absolute ? absoluteUrl(site, path) : path);
  return Object.assign(href, { local: (path: string) => href(localPath(site, path)) });
};

function projectEntry(p: Listed<Project>, href: (path: string) => string, site: Pick<Site, 'locale' | 'strings' | 'types'>) {
  return entry(p.title, href(p.twin), `${p.summary} (${typeWord(site, p.type)}, ${p.date.slice(0, 4)})`);
}

/** A type as a word inside a sentence: "talk", "talks"; German keeps its nouns' capital (FO-LANGUAGE). */
function typeWord(site: Pick<Site, 'locale' | 'strings' | 'types'>, type: Project['type'], n = 1) {
  return inSentence(stringsFor(site), typeLabel(site, type, n));
}
