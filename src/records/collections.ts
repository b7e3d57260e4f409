// The ways the site groups and orders records. HTML pages, Markdown twins and llms.txt all list
// projects through these functions, so a reader sees the same grouping on every surface.
import { ENGLISH, type StringKey, stringsFor } from './strings.ts';
import type { FactContext } from './facts.ts';
import {
  type BuiltInType,
  isBuiltInType,
  type PROJECT_LINK_KEYS,
  siteTypes,
  type Content,
  type Page,
  type Post,
  type Project,
  type ProjectType,
  type Resume,
  type Site,
} from './schema.ts';

const TYPE_KEYS = {
  app: 'typeApp',
  library: 'typeLibrary',
  tool: 'typeTool',
  service: 'typeService',
  research: 'typeResearch',
  talk: 'typeTalk',
} as const satisfies Record<BuiltInType, StringKey>;

/** The site fields a type's words depend on: its locale, its `strings:` and its `types:` (FO-LANGUAGE, FO-TYPES). */
type TypesSite = StringsSite & Pick<Site, 'types'>;

/**
 * A type as a word inside machine-facing English text (llms.txt: "(talk, 2024)"): a built-in type's
 * English word in lower case, an owner type's label as site.md writes it (the owner's words are the
 * only ones it has, FO-TYPES); pages and twins say typeLabel.
 */
export function typeName(site: Pick<Site, 'types'>, type: ProjectType): string {
  const declared = site.types?.[type];
  if (declared) return declared.label;
  return isBuiltInType(type) ? ENGLISH[TYPE_KEYS[type]].one.toLowerCase() : type;
}

/**
 * "Talk", "Talks", "Lamp": a project type in the site's interface language (FO-LANGUAGE); `n` picks
 * the form. An owner type (or a built-in one site.md rewords) says its `types:` label, its `plural`
 * for more than one (FO-TYPES).
 */
export function typeLabel(site: TypesSite, type: ProjectType, n = 1): string {
  const declared = site.types?.[type];
  if (declared) return n === 1 ? declared.label : (declared.plural ?? declared.label);
  return isBuiltInType(type) ? stringsFor(site)(TYPE_KEYS[type], { n }) : type;
}

/**
 * A project's type as its twin states it (FO-LANGUAGE): the word the page shows, in the site's
 * language, then the type's id in parentheses when the word is not the id itself ("Conférence
 * (talk)", "Talk"), since the id is what agents filter by (REST `type=`, MCP `type`).
 */
export function twinTypeValue(site: TypesSite, type: ProjectType): string {
  const label = typeLabel(site, type);
  return label.toLowerCase() === type ? label : `${label} (${type})`;
}

/** The type's id a twin's Type field names (twinTypeValue read back, for the check's parity reader); an owner's id may hold hyphens. */
export const typeOfTwinValue = (value: string): string => /\(([a-z0-9-]+)\)$/.exec(value)?.[1] ?? value.toLowerCase();

export interface ProjectGroup<P extends Listed<Project> = Project> {
  /** Stable key, used for anchors: `category-data`, `type-library`. */
  id: string;
  label: string;
  projects: P[];
}

/**
 * The content as the pages that list every record read it: the site, and each record as listed
 * (no body). Content is a Listing too; a listing page renders from `listingOf(content)`.
 */
export interface Listing<P extends Listed<Project> = Listed<Project>, G extends Listed<Page> = Listed<Page>, W extends Listed<Post> = Listed<Post>> {
  readonly site: Site;
  readonly projects: readonly P[];
  readonly pages: readonly G[];
  /** Published posts, newest first (drafts too under `npm run dev`). */
  readonly posts: readonly W[];
}

export const categoryLabel = (site: Pick<Site, 'categories'>, category: string) => site.categories[category] ?? category;

/** The featured projects, in the order content/site.md lists them. */
export function featuredProjects<P extends Listed<Project>>({ site, projects }: Listing<P>): P[] {
  return site.featured.map((slug) => projects.find((p) => p.slug === slug)).filter((p): p is P => p !== undefined);
}

export const activeProjects = <P extends Listed<Project>>({ projects }: Pick<Listing<P>, 'projects'>) => projects.filter((p) => !p.archived);
export const archivedProjects = <P extends Listed<Project>>({ projects }: Listing<P>) => projects.filter((p) => p.archived);

/** Projects grouped by category, in the order content/site.md declares the categories; empty groups left out. */
export function byCategory<P extends Listed<Project>>(site: Site, projects: readonly P[]): ProjectGroup<P>[] {
  return Object.entries(site.categories)
    .map(([id, label]) => ({ id: `category-${id}`, label, projects: projects.filter((p) => p.category === id) }))
    .filter((g) => g.projects.length > 0);
}

/**
 * Projects that share tags or the category with `project`, best first: two points per shared tag,
 * one for the category; ties go to active, then newer projects. Unrelated projects never appear.
 * This makes the index of `projects` for one answer (O(N)); every project page and twin asks, so a
 * build asks its Catalog (src/records/catalog.ts), which makes the index once and keeps each answer.
 */
export function relatedProjects(project: Project, { projects }: Pick<Content, 'projects'>, limit = RELATED_LIMIT): Project[] {
  return scoreRelated(project, projects, relatedIndex(projects), limit).map((i) => projects[i]!);
}

/** How many related projects a page and a twin show: relatedProjects' default. */
export const RELATED_LIMIT = 3;

/**
 * The scoring itself, given the index of `projects` (relatedIndex): the positions in `projects` of
 * `project`'s related projects, best first. Candidates come from the index by tag and by category:
 * scanning every project for every project was O(N²) per build (bench/RESULTS.md: minutes at
 * 10,000 records).
 */
export function scoreRelated(project: Project, projects: readonly Project[], index: RelatedIndex, limit = RELATED_LIMIT): number[] {
  const { byTag, byCategory, category, rank, score } = index;
  // Scores add up in one array by position, with no object per candidate (a common tag lists
  // thousands at 10,000 records); `touched` says which entries to read and then clear.
  const touched: number[] = [];
  // A project listed twice under a tag (a repeated tag) scores twice, as p.tags.filter(...) counts it.
  for (const tag of new Set(project.tags)) {
    for (const i of byTag.get(tag) ?? []) {
      if (score[i] === 0) touched.push(i);
      score[i] = score[i]! + 2;
    }
  }
  const ownCategory = byCategory.get(project.category)?.[0] ?? -1;
  const total = (i: number) => score[i]! + (category[i] === ownCategory ? 1 : 0);
  const candidates = touched.filter((i) => projects[i]!.slug !== project.slug);
  // Category-only matches score 1, below any shared tag (2+): they matter only when too few share a tag.
  if (candidates.length < limit) {
    for (const i of byCategory.get(project.category) ?? []) if (projects[i]!.slug !== project.slug && score[i] === 0) candidates.push(i);
  }
  // Score, then the order of `rank` (active, newer, slug): a total order.
  const order = (a: number, b: number) => total(b) - total(a) || rank[a]! - rank[b]!;
  // The best `limit` only: insertion into a short sorted list, the order a full sort would give.
  const keep = Math.max(0, Math.floor(limit));
  let best: number[] = [];
  if (!(keep <= 64)) best = candidates.sort(order).slice(0, limit);
  else {
    for (const c of candidates) {
      if (best.length === keep && (keep === 0 || order(c, best[keep - 1]!) >= 0)) continue;
      let at = best.length;
      while (at > 0 && order(c, best[at - 1]!) < 0) at--;
      best.splice(at, 0, c);
      if (best.length > keep) best.pop();
    }
  }
  for (const i of touched) score[i] = 0;
  return best;
}

/** Active before archived, then newer, then slug: how projects of one score are ordered (a total order). */
const tieOrder = (a: Project, b: Project) => Number(a.archived) - Number(b.archived) || b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);

/** The candidates of relatedProjects, by tag and by category, for one project list. */
export interface RelatedIndex {
  /** Positions in the project list, by tag and by category. */
  byTag: Map<string, number[]>;
  byCategory: Map<string, number[]>;
  /** Each position's category as a number (the first position with that category). */
  category: Int32Array;
  /** Each position's place in tieOrder, so that ties compare as numbers. */
  rank: Int32Array;
  /** Scratch scores by position, all zero between calls. */
  score: Int32Array;
}

export function relatedIndex(projects: readonly Project[]): RelatedIndex {
  const n = projects.length;
  const index: RelatedIndex = { byTag: new Map(), byCategory: new Map(), category: new Int32Array(n), rank: new Int32Array(n), score: new Int32Array(n) };
  projects.forEach((p, i) => {
    for (const tag of p.tags) push(index.byTag, tag, i);
    push(index.byCategory, p.category, i);
    index.category[i] = index.byCategory.get(p.category)![0]!;
  });
  const sorted = projects.map((p, i) => ({ p, i })).sort((a, b) => tieOrder(a.p, b.p));
  for (const [place, { i }] of sorted.entries()) index.rank[i] = place;
  return index;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** "March 2021": dates are days, but a portfolio reads better by month. UTC, so no day slips. */
export function formatMonth(date: string, locale = 'en'): string {
  // One formatter per locale: making one costs about 0.3 ms, and every project page formats two dates.
  let format = monthFormats.get(locale);
  if (!format) monthFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' })));
  return format.format(new Date(`${date}T00:00:00Z`));
}

export const yearOf = (date: string) => date.slice(0, 4);

/** "Mara Lindqvist" → "ML": the header mark and the favicon. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => [...word][0] ?? '')
    .filter((c) => /\p{L}/u.test(c))
    .map((c) => c.toUpperCase());
  return (letters.length > 2 ? [letters[0], letters.at(-1)] : letters).join('') || 'F';
}

/**
 * At most this many entries in the header's navigation (Projects, Writing, pages, Résumé): with the
 * owner's name, the skip link and Menu, the header holds at most eight links, whatever the number
 * of pages; the footer's menu has every page.
 */
export const NAV_PAGES = 5;

/**
 * The header's pages: those marked `nav: true`, else the first pages by `order` not marked
 * `nav: false` nor `footer: true` (a legal page is the footer's, FO-FOOTER-PAGES, unless it asks for the header).
 */
export function navPages({ pages }: Pick<Content, 'pages'>): Page[] {
  const chosen = pages.filter((p) => p.nav === true);
  return (chosen.length ? chosen : pages.filter((p) => p.nav !== false && p.footer !== true)).slice(0, NAV_PAGES);
}

/** The footer's pages (FO-FOOTER-PAGES): every page marked `footer: true`, in the pages' one order (`order`, then slug). */
export function footerPages({ pages }: Pick<Content, 'pages'>): Page[] {
  return pages.filter((p) => p.footer === true);
}

/** A record as a list shows it (a card, a list entry, a related project): all but its body and the body's images. */
export type Listed<T extends Project | Page | Post> = T extends unknown ? Omit<T, 'body' | 'images'> : never;

/** The listed form of a record (no body), frozen: what a page that lists records renders from (src/render/page-inputs.ts). */
export function listed<T extends Project | Page | Post>(record: T): Listed<T> {
  const { body: _body, images: _images, ...rest } = record;
  return Object.freeze(rest) as Listed<T>;
}

/** The content's Listing, frozen. A build takes its one Listing from the Catalog (src/records/catalog.ts), not from here per page. */
export function listingOf(content: Pick<Content, 'site' | 'projects' | 'pages' | 'posts'>): Listing {
  const projects = Object.freeze(content.projects.map((p) => listed(p)));
  const pages = Object.freeze(content.pages.map((p) => listed(p)));
  return Object.freeze({ site: content.site, projects, pages, posts: Object.freeze(content.posts.map((p) => listed(p))) });
}

/** What the home page's twin and llms.txt name of the résumé: that there is one, and its title line. */
export type ResumeMention = Pick<Resume, 'label' | 'href' | 'twin'>;

/** A listing plus the résumé's mention: what the home twin and llms.txt render from. */
export interface SiteListing extends Listing {
  readonly resume?: ResumeMention;
}

/** A listing with the résumé's mention, when there is a résumé (frozen). */
export const siteListingOf = (listing: Listing, resume: Resume | undefined): SiteListing =>
  resume ? Object.freeze({ ...listing, resume: Object.freeze({ label: resume.label, href: resume.href, twin: resume.twin }) }) : listing;

/** What every HTML page shows around its own content (src/layouts/Base.astro): the site, the header's pages, and whether there are more pages than those. */
export interface PageFrame {
  readonly site: Site;
  readonly nav: readonly { readonly href: string; readonly label: string }[];
  /** The pages every page's footer links (`footer: true`, FO-FOOTER-PAGES): an Impressum, a privacy page, a licence. */
  readonly footer: readonly { readonly href: string; readonly label: string }[];
  /** Whether some page is linked from neither the header nor the footer's own list: then the footer's menu links "All pages". */
  readonly morePages: boolean;
  /** The header links "Writing" when the site has posts (FO-POSTS) and "Résumé" when it has one (FO-RESUME). */
  readonly writing: boolean;
  readonly resume: boolean;
}

/**
 * The frame of every HTML page, frozen: the header pages' titles and paths, and whether there are
 * posts and a résumé. A build's pages share one frame, the Catalog's (src/records/catalog.ts).
 */
export function pageFrame({ site, pages, posts, resume }: Pick<Content, 'site' | 'pages' | 'posts' | 'resume'>): PageFrame {
  const header = navPages({ pages });
  const footer = footerPages({ pages });
  const linked = (p: Page) => header.includes(p) || footer.includes(p);
  const entry = (p: Page) => Object.freeze({ href: p.href, label: p.title });
  return Object.freeze({
    site,
    nav: Object.freeze(header.map(entry)),
    footer: Object.freeze(footer.map(entry)),
    morePages: pages.some((p) => !linked(p)),
    writing: posts.length > 0,
    resume: resume !== undefined,
  });
}

/** Tag pages: `/tags/<tag>` lists every project, post and page with the tag. */
export const tagPath = (tag: string) => `/tags/${tag}`;
export const TAGS_PATH = '/tags';

export interface TagGroup<R extends Listed<Project | Page | Post> = Project | Page | Post> {
  tag: string;
  href: string;
  twin: string;
  /** Projects (newest first), then posts (newest first), then pages (by order). */
  records: R[];
}

const NO_POSTS: readonly never[] = Object.freeze([]);

/**
 * When a listing last changed, as far as the content says (sitemaps.org § lastmod): the newest
 * `updated`, else `date`, of the dated records it lists; drafts never count (FO-DRAFTS). A listing
 * of undated records (pages) has none. The sitemap's `<lastmod>` and a twin's front matter both
 * say this (FO-SITEMAP-MD, FO-TWIN-FRONT-MATTER).
 */
export function lastChanged(records: readonly object[]): string | undefined {
  let last: string | undefined;
  for (const r of records as readonly { date?: unknown; updated?: unknown; draft?: unknown }[]) {
    if (r.draft === true || typeof r.date !== 'string') continue;
    const changed = typeof r.updated === 'string' ? r.updated : r.date;
    if (!last || changed > last) last = changed;
  }
  return last;
}

/**
 * Every tag of every project, post and page, alphabetically, with what carries it. Each tag page,
 * its twin, the sitemap and the twins' link index ask: a build keeps one answer in its Catalog.
 */
export function tagGroups<P extends Listed<Project>, G extends Listed<Page>, W extends Listed<Post> = never>(
  { projects, pages, posts = NO_POSTS }: Pick<Listing<P, G>, 'projects' | 'pages'> & { readonly posts?: readonly W[] },
  base = '',
): TagGroup<P | G | W>[] {
  const groups = new Map<string, (P | G | W)[]>();
  for (const record of [...projects, ...posts, ...pages]) for (const tag of record.tags) push(groups, tag, record);
  return [...groups.keys()].sort().map((tag) => ({ tag, href: `${base}${tagPath(tag)}`, twin: `${base}${tagPath(tag)}.md`, records: groups.get(tag)! }));
}

/**
 * The projects index for people (FO-WORK): one listing, a page of PROJECTS_PER_PAGE at a time, and
 * filtered by category or type at real URLs (/projects/category/<id>, /projects/type/<type>) that
 * work without script. Tags filter at their own pages (/tags/<tag>), which the filter bar links.
 */
export const PROJECTS_PER_PAGE = 24;
export const PROJECTS_PATH = '/projects';

export type ProjectFilter = { readonly kind: 'all' } | { readonly kind: 'category'; readonly id: string } | { readonly kind: 'type'; readonly id: ProjectType };
export const ALL_PROJECTS: ProjectFilter = Object.freeze({ kind: 'all' });

/** `/projects`, `/projects/category/data`, `/projects/type/talk`: a filter's first page. */
export const projectFilterPath = (filter: ProjectFilter) => (filter.kind === 'all' ? PROJECTS_PATH : `${PROJECTS_PATH}/${filter.kind}/${filter.id}`);

/** Page `page` of a filter: its first page's path, then `<that>/page/<n>`. */
export const projectsListPath = (filter: ProjectFilter, page: number) => (page === 1 ? projectFilterPath(filter) : `${projectFilterPath(filter)}/page/${page}`);

/** A filter's name as the filter bar and the page title say it: "Data engineering", "Talks". */
export const projectFilterLabel = (site: Site, filter: ProjectFilter) =>
  filter.kind === 'all' ? stringsFor(site)('filterAll') : filter.kind === 'category' ? categoryLabel(site, filter.id) : typeLabel(site, filter.id, 2);

/**
 * What a filter lists, active first (newest first), then archived: the order the pages cut into
 * pages. Each of a filter's pages, its twin and its card asks, and scanning every project for each
 * (~1,250 pages at 10,000 projects) took seconds of a rebuild: a build asks its Catalog.
 */
export function filteredProjects<P extends Listed<Project>>({ projects }: Pick<Listing<P>, 'projects'>, filter: ProjectFilter): readonly P[] {
  const kept = filter.kind === 'all' ? projects : projects.filter((p) => (filter.kind === 'category' ? p.category === filter.id : p.type === filter.id));
  return Object.freeze([...kept.filter((p) => !p.archived), ...kept.filter((p) => p.archived)]);
}

/** The key of a filter, one per filter page: `all`, `category/data`, `type/talk`. */
export const filterKey = (filter: ProjectFilter) => (filter.kind === 'all' ? 'all' : `${filter.kind}/${filter.id}`);

export interface FilterLink {
  readonly filter: ProjectFilter;
  readonly label: string;
  readonly href: string;
  readonly count: number;
}

export interface ProjectFilters {
  readonly all: FilterLink;
  readonly categories: readonly FilterLink[];
  readonly types: readonly FilterLink[];
  /** How many projects are archived, and how many of site.md's categories have a project: the index's summary line says both. */
  readonly archived: number;
  readonly categoriesUsed: number;
}

/**
 * Every filter that narrows the listing: all, then categories in content/site.md's order, then
 * types in siteTypes order (built-in, then the owner's). A category or type with no project, or with every project (it
 * would repeat /projects), has no page and no link. Every project page asks: a build asks its Catalog.
 */
export function projectFilters({ site, projects }: Pick<Listing, 'site' | 'projects'>): ProjectFilters {
  const counts = new Map<string, number>();
  let archived = 0;
  for (const p of projects) {
    for (const key of [`category/${p.category}`, `type/${p.type}`]) counts.set(key, (counts.get(key) ?? 0) + 1);
    if (p.archived) archived++;
  }
  const link = (filter: ProjectFilter): FilterLink => ({
    filter,
    label: projectFilterLabel(site, filter),
    href: `${site.base}${projectFilterPath(filter)}`,
    count: filter.kind === 'all' ? projects.length : (counts.get(`${filter.kind}/${filter.id}`) ?? 0),
  });
  const narrows = (l: FilterLink) => l.count > 0 && l.count < projects.length;
  return Object.freeze({
    all: link(ALL_PROJECTS),
    categories: Object.keys(site.categories)
      .map((id) => link({ kind: 'category', id }))
      .filter(narrows),
    types: siteTypes(site)
      .map((id) => link({ kind: 'type', id }))
      .filter(narrows),
    archived,
    categoriesUsed: Object.keys(site.categories).filter((id) => counts.has(`category/${id}`)).length,
  });
}

/** Whether a filter has pages of its own: all does, and each filter projectFilters lists. */
export const isListedFilter = (filters: ProjectFilters, filter: ProjectFilter) => filter.kind === 'all' || filterHref(filters, filter) !== filters.all.href;

/** Where a project page's type or category links: its filtered listing, or /projects (in its language) when there is none. */
export function filterHref(filters: ProjectFilters, filter: ProjectFilter): string {
  const list = filter.kind === 'category' ? filters.categories : filter.kind === 'type' ? filters.types : [];
  return list.find((l) => l.filter.kind === filter.kind && 'id' in l.filter && filter.kind !== 'all' && l.filter.id === filter.id)?.href ?? filters.all.href;
}

/** How many pages a filter has for people (at least one, so /projects exists on a site without projects). */
export const projectsPageCount = (listing: Pick<Listing, 'projects'>, filter: ProjectFilter) =>
  Math.max(1, Math.ceil(filteredProjects(listing, filter).length / PROJECTS_PER_PAGE));

/** A tag the filter bar offers, with how many projects carry it. */
export interface TopTag {
  readonly tag: string;
  readonly href: string;
  readonly count: number;
}

/**
 * The tags the filter bar offers: the most used on projects, most first (the rest are on /tags).
 * Every page of the projects index shows the same bar: a build asks its Catalog.
 */
export function topProjectTags({ site, projects }: Pick<Listing, 'site' | 'projects'>, limit = TOP_TAGS): readonly TopTag[] {
  const counts = new Map<string, number>();
  for (const p of projects) for (const tag of new Set(p.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return Object.freeze(
    [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([tag, count]) => Object.freeze({ tag, href: `${site.base}${tagPath(tag)}`, count })),
  );
}
const TOP_TAGS = 12;

/**
 * The rest parameter of src/pages/[...lang]/projects/[...page].astro for a filter's page: undefined for
 * /projects, `page/2`, `category/data`, `type/talk/page/3` …
 */
export const projectsParam = (filter: ProjectFilter, page: number) => projectsListPath(filter, page).slice(PROJECTS_PATH.length + 1) || undefined;

/** The filter and page a rest parameter names, or undefined for anything else (the route answers 404). */
export function parseProjectsParam(param: string | undefined, types: readonly string[]): { filter: ProjectFilter; page: number } | undefined {
  const m = /^(?:(category|type)\/([a-z0-9-]+))?(?:\/?page\/([1-9]\d*))?$/.exec(param ?? '');
  if (!m) return undefined;
  const [, kind, id, n] = m;
  // `category/data` + `page/2` needs the slash; a bare `page/2` has none before it.
  if (kind && n && !param!.includes(`${id}/page/`)) return undefined;
  const page = n ? Number(n) : 1;
  if (n && page === 1) return undefined;
  if (kind === 'type' && !types.includes(id!)) return undefined;
  const filter: ProjectFilter = kind === 'category' ? { kind, id: id! } : kind === 'type' ? { kind, id: id! } : ALL_PROJECTS;
  return { filter, page };
}

/** The site fields the interface words depend on: its locale and its `strings:` (FO-LANGUAGE). */
type StringsSite = Pick<Site, 'locale' | 'strings'>;

const LINK_KEYS = {
  repo: 'linkRepo',
  docs: 'linkDocs',
  demo: 'linkDemo',
  video: 'linkVideo',
  slides: 'linkSlides',
  paper: 'linkPaper',
  website: 'linkWebsite',
} as const satisfies Record<(typeof PROJECT_LINK_KEYS)[number], StringKey>;

/** What each named project link is called in English (FO-WORK); a site's pages and twins word it in its locale. */
export const LINK_LABELS = Object.fromEntries(Object.entries(LINK_KEYS).map(([key, k]) => [key, ENGLISH[k]])) as Record<
  (typeof PROJECT_LINK_KEYS)[number],
  string
>;

/**
 * A project's links in the order its owner wrote them (schema.ts keeps that order), each `more`
 * link where `more` was written: the page's buttons (the first is the primary one) and the twin.
 * Named links are worded in the site's language when a site is given (FO-LANGUAGE), else English.
 */
export function projectLinkList({ links }: Pick<Project, 'links'>, site?: StringsSite): { key: string; label: string; url: string }[] {
  const t = site && stringsFor(site);
  return Object.entries(links).flatMap(([key, value]) => {
    if (key === 'more') return (value as { label: string; url: string }[]).map((l) => ({ key, label: l.label, url: l.url }));
    const named = key as keyof typeof LINK_KEYS;
    return typeof value === 'string' ? [{ key, label: t ? t(LINK_KEYS[named]) : LINK_LABELS[named], url: value }] : [];
  });
}

/**
 * What a fact's readers are handed (src/records/facts.ts): the site's words and the helpers here
 * they word a value with; a page gives the links of its type's and category's listings too.
 */
export function factContext(site: TypesSite & Pick<Site, 'categories'>, links: Pick<FactContext, 'typeHref' | 'categoryHref'> = {}): FactContext {
  return {
    site,
    t: stringsFor(site),
    typeLabel: (type) => typeLabel(site, type),
    twinTypeValue: (type) => twinTypeValue(site, type),
    categoryLabel: (category) => categoryLabel(site, category),
    month: (date) => formatMonth(date, site.locale),
    ...links,
  };
}
