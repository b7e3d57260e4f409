// Markdown twins: every HTML page /x has /x.md (the home page: /index.md), generated from the same
// records as the page. A twin is a faithful document: `# Title`, the summary as a blockquote, the
// record's fields as a list, then the body as written, with links to site pages pointed at their
// twins, so an agent reading Markdown stays in Markdown. One module for every twin (records, indexes,
// tags, 404), over 300 lines: they share the link rewriting; the list format is in markdown-text.ts.
import { sourceLinks } from './source-links.ts';
import { agentImage, type ContentImage } from '../images/images.ts';
import {
  TYPE_LABELS,
  absoluteUrl,
  activeProjects,
  archivedProjects,
  byCategory,
  byType,
  categoryLabel,
  featuredProjects,
  relatedProjects,
  tagGroups,
  TAGS_PATH,
  type Listed,
  type Listing,
  type TagGroup,
} from '../records/collections.ts';
import type { Content, Page, Post, Project, Site } from '../records/schema.ts';
import { autolink, document, entry, escapeText, fieldList, opening, quote, siteFields } from '../records/markdown-text.ts';
import { HOME_TWIN, PROJECTS_TWIN } from '../records/urls.ts';

export { HOME_TWIN, PROJECTS_TWIN };
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
}

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
  if (path === '/' || path === '/index') return HOME_TWIN;
  if (path === '/projects') return PROJECTS_TWIN;
  if (path === TAGS_PATH) return TAGS_TWIN;
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
    index = new Map([...content.projects, ...content.pages, ...tagGroups(content)].map((r) => [r.href, r.twin]));
    twinIndexes.set(content, index);
  }
  return index;
}

/** The absolute URL agents are given for a content image (src/images/). */
export const imageUrl = (content: Pick<Content, 'site'>, image: ContentImage) => absoluteUrl(content.site, agentImage(image).path);

/** A content image as Markdown: its alt text and absolute URL. */
const imageMarkdown = (content: Pick<Content, 'site'>, image: ContentImage) => `![${escapeText(image.alt)}](${imageUrl(content, image)})`;

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
    ...[...content.projects, ...content.pages].map((r) => ({ source: r.source, body: r.body, from: r.href })),
  ];
  const broken: BrokenLink[] = [];
  for (const { source, body, from } of sources) {
    for (const { url, image } of sourceLinks(body)) {
      if (image) continue;
      if (HAS_SCHEME.test(url) || url.startsWith('#') || twinOfLink(url, content, from)) continue;
      const path = new URL(url, new URL(from, origin)).pathname.replace(/\/+$/, '');
      const project = /^\/projects\/([^/]+)$/.exec(path);
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

/**
 * One memo per process (the build's pages and its data file load separate copies of this module):
 * each record's twin with absolute links is asked for by its route, llms-full.txt and the data file.
 * Keyed by the content object, which a build loads once (load.ts); elsewhere each load is new.
 */
const TWINS = Symbol.for('folio.recordTwins');
const twinMemo = ((globalThis as { [TWINS]?: WeakMap<Content, WeakMap<Project | Page, Promise<Twin>>> })[TWINS] ??= new WeakMap());

function remembered(record: Project | Page, content: Content, options: TwinOptions, make: () => Promise<Twin>): Promise<Twin> {
  if (!options.absolute) return make();
  let known = twinMemo.get(content);
  if (!known) twinMemo.set(content, (known = new WeakMap()));
  let twin = known.get(record);
  if (!twin) known.set(record, (twin = make()));
  return twin;
}

export function projectTwin(project: Project, content: Content, options: TwinOptions = {}): Promise<Twin> {
  return remembered(project, content, options, () => makeProjectTwin(project, content, options));
}

async function makeProjectTwin(project: Project, content: Content, options: TwinOptions): Promise<Twin> {
  const { site } = content;
  const href = hrefFor(content, options);
  const fields: [string, string | undefined][] = [
    ['Type', project.type],
    ['Category', categoryLabel(site, project.category)],
    ['Status', project.archived ? 'archived (no longer maintained)' : 'active'],
    [dateLabel(project), project.date],
    ['Updated', project.updated],
    ['Tags', project.tags.join(', ') || undefined],
    ['Stack', project.stack.join(', ') || undefined],
    ['Repository', autolink(project.links.repo)],
    ['Documentation', autolink(project.links.docs)],
    ['Demo', autolink(project.links.demo)],
    ['Web page', autolink(absoluteUrl(site, project.href))],
    ['Author', `[${escapeText(site.name)}](${href(HOME_TWIN)})`],
    ...siteFields(site),
  ];
  const related = relatedProjects(project, content);
  return {
    path: project.twin,
    page: project.href,
    title: project.title,
    summary: project.summary,
    markdown: document([
      `# ${project.title}`,
      opening(site, project.summary),
      project.cover ? imageMarkdown(content, project.cover) : '',
      fieldList(fields),
      await linkToTwins(project.body, content, project.href, options, project.images),
      related.length ? `## Related projects\n\n${related.map((p) => projectEntry(p, href)).join('\n')}` : '',
    ]),
  };
}

export function pageTwin(page: Page, content: Content, options: TwinOptions = {}): Promise<Twin> {
  return remembered(page, content, options, () => makePageTwin(page, content, options));
}

async function makePageTwin(page: Page, content: Content, options: TwinOptions): Promise<Twin> {
  const href = hrefFor(content, options);
  return {
    path: page.twin,
    page: page.href,
    title: page.title,
    summary: page.summary,
    markdown: document([
      `# ${page.title}`,
      opening(content.site, page.summary),
      fieldList([
        ['Tags', page.tags.join(', ') || undefined],
        ['Web page', autolink(absoluteUrl(content.site, page.href))],
        ['Author', `[${escapeText(content.site.name)}](${href(HOME_TWIN)})`],
        ...siteFields(content.site),
      ]),
      await linkToTwins(page.body, content, page.href, options, page.images),
    ]),
  };
}

/** The home page: the profile and bio, the featured projects, every project, every page. */
export async function homeTwin(content: Listing, options: TwinOptions = {}): Promise<Twin> {
  const { site, pages } = content;
  const href = hrefFor(content, options);
  const links = site.links.map((l) => `[${escapeText(l.label)}](${l.url})`).join(', ');
  const featured = featuredProjects(content);
  const archived = archivedProjects(content);
  return {
    path: HOME_TWIN,
    page: '/',
    title: site.name,
    summary: site.summary,
    markdown: document([
      `# ${site.name}`,
      opening(site, site.summary),
      site.avatar ? imageMarkdown(content, site.avatar) : '',
      fieldList([
        ['Role', site.headline],
        ['Location', site.location],
        ['Email', site.email && `[${site.email}](mailto:${site.email})`],
        ['Elsewhere', links || undefined],
        ['Web page', autolink(absoluteUrl(site, '/'))],
        ...siteFields(site),
      ]),
      await linkToTwins(site.bio, content, '/', options, site.images),
      featured.length ? `## Featured projects\n\n${featured.map((p) => projectEntry(p, href)).join('\n')}` : '',
      `## All projects\n\nEvery project, by category. The [projects index](${href(PROJECTS_TWIN)}) also lists them by type.`,
      ...byCategory(site, activeProjects(content)).map((g) => `### ${g.label}\n\n${g.projects.map((p) => projectEntry(p, href)).join('\n')}`),
      archived.length ? `### Archived\n\nNo longer maintained; kept for reference.\n\n${archived.map((p) => projectEntry(p, href)).join('\n')}` : '',
      pages.length ? `## Pages\n\n${pages.map((p) => entry(p.title, href(p.twin), p.summary)).join('\n')}` : '',
      `## For agents\n\n${entry('llms.txt', href('/llms.txt'), 'an index of this site for language models')}\n${entry('llms-full.txt', href('/llms-full.txt'), 'every page of this site as Markdown, in one file')}`,
    ]),
  };
}

/** The projects index: by category, archived apart, and an index by type. */
export async function projectsTwin(content: Listing, options: TwinOptions = {}): Promise<Twin> {
  const { site, projects } = content;
  const href = hrefFor(content, options);
  const active = activeProjects(content);
  const archived = archivedProjects(content);
  const summary = projectsSummary(content);
  return {
    path: PROJECTS_TWIN,
    page: '/projects',
    title: 'Projects',
    summary,
    markdown: document([
      '# Projects',
      opening(site, summary),
      fieldList([['Web page', autolink(absoluteUrl(site, '/projects'))], ['Author', `[${escapeText(site.name)}](${href(HOME_TWIN)})`], ...siteFields(site)]),
      ...byCategory(site, active).map((g) => `## ${g.label}\n\n${g.projects.map((p) => projectEntry(p, href)).join('\n')}`),
      archived.length ? `## Archived\n\nNo longer maintained; kept for reference.\n\n${archived.map((p) => projectEntry(p, href)).join('\n')}` : '',
      `## By type\n\n${byType(projects)
        .map((g) => `- ${g.label}: ${g.projects.map((p) => `[${escapeText(p.title)}](${href(p.twin)})${p.archived ? ' (archived)' : ''}`).join(', ')}`)
        .join('\n')}`,
    ]),
  };
}

/** One tag's page: every project and page that carries it. */
export function tagTwin(group: TagGroup<Listed<Project | Page | Post>>, site: Site, options: TwinOptions = {}): Twin {
  const href = hrefFor({ site }, options);
  const summary = tagSummary(group);
  return {
    path: group.twin,
    page: group.href,
    title: `Tagged “${group.tag}”`,
    summary,
    markdown: document([
      `# Tagged “${group.tag}”`,
      opening(site, summary),
      fieldList([['Web page', autolink(absoluteUrl(site, group.href))], ['All tags', `[Tags](${href(TAGS_TWIN)})`], ...siteFields(site)]),
      group.records.map((r) => (r.kind === 'project' ? projectEntry(r, href) : entry(r.title, href(r.twin), r.summary))).join('\n'),
    ]),
  };
}

/** "3 projects and 1 page tagged rust.": a tag page's description, shared by its page and twin. */
export function tagSummary({ tag, records }: TagGroup<Listed<Project | Page | Post>>): string {
  const counted = (kind: string, one: string, many: string) => {
    const n = records.filter((r) => r.kind === kind).length;
    return n && `${n} ${n === 1 ? one : many}`;
  };
  const parts = [counted('project', 'project', 'projects'), counted('post', 'post', 'posts'), counted('page', 'page', 'pages')].filter(Boolean);
  return `${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]} tagged “${tag}”.`;
}

/** The tags index: every tag with how many projects and pages carry it. */
export function tagsTwin(content: Listing, options: TwinOptions = {}): Twin {
  const href = hrefFor(content, options);
  const groups = tagGroups(content);
  const summary = `${groups.length} ${groups.length === 1 ? 'tag' : 'tags'} across ${content.site.name}'s projects and pages.`;
  return {
    path: TAGS_TWIN,
    page: TAGS_PATH,
    title: 'Tags',
    summary,
    markdown: document([
      '# Tags',
      opening(content.site, summary),
      fieldList([['Web page', autolink(absoluteUrl(content.site, TAGS_PATH))], ...siteFields(content.site)]),
      groups.map((g) => entry(g.tag, href(g.twin), `${g.records.length}`)).join('\n'),
    ]),
  };
}

/** Served (with status 404) for a Markdown request to a path that has no twin. */
export function notFoundTwin(content: Content): Twin {
  const summary = 'There is no page at this address.';
  return {
    path: NOT_FOUND_TWIN,
    page: '/404',
    title: 'Page not found',
    summary,
    markdown: document([
      '# Page not found',
      quote(summary),
      'Every page on this site has a Markdown version at its path plus `.md`. These are good places to start:',
      [
        entry(content.site.name, HOME_TWIN, 'the home page: profile, featured projects and every page'),
        entry('Projects', PROJECTS_TWIN, 'every project by category and type'),
        entry('llms.txt', '/llms.txt', 'an index of this site for language models'),
      ].join('\n'),
    ]),
  };
}

/** "19 projects …": the one-line description of the projects index, shared by its page and twin. */
export function projectsSummary(content: Listing): string {
  const { site, projects } = content;
  const archived = archivedProjects(content).length;
  const categories = byCategory(site, projects).length;
  return `${projects.length} ${projects.length === 1 ? 'project' : 'projects'} by ${site.name} in ${categories} ${categories === 1 ? 'category' : 'categories'}${archived ? `, ${archived} of them archived` : ''}.`;
}

/**
 * Every twin in reading order: who (home), what (the projects index, then active projects with the
 * featured first), the pages, and last the archived projects. llms-full.txt follows this order.
 */
export async function allTwins(content: Content, options: TwinOptions = {}): Promise<Twin[]> {
  const featured = featuredProjects(content);
  const rest = activeProjects(content).filter((p) => !featured.includes(p));
  return Promise.all([
    homeTwin(content, options),
    projectsTwin(content, options),
    ...[...featured, ...rest].map((p) => projectTwin(p, content, options)),
    ...content.pages.map((p) => pageTwin(p, content, options)),
    ...archivedProjects(content).map((p) => projectTwin(p, content, options)),
  ]);
}

/** Every record's twin by its site path, with absolute links: read away from the site (MCP resources). */
export async function recordTwins(content: Content): Promise<Record<string, string>> {
  const twins = await Promise.all([
    ...content.projects.map((p) => projectTwin(p, content, { absolute: true })),
    ...content.pages.map((p) => pageTwin(p, content, { absolute: true })),
  ]);
  return Object.fromEntries(twins.map((t) => [t.path, t.markdown]));
}

const hrefFor =
  ({ site }: Pick<Content, 'site'>, options: TwinOptions) =>
  (path: string) =>
    options.absolute ? absoluteUrl(site, path) : path;

const dateLabel = (p: Project) => (p.type === 'talk' ? 'Given' : p.type === 'research' ? 'Published' : 'Started');

function projectEntry(p: Listed<Project>, href: (path: string) => string) {
  return entry(p.title, href(p.twin), `${p.summary} (${TYPE_LABELS[p.type].one.toLowerCase()}, ${p.date.slice(0, 4)})`);
}
