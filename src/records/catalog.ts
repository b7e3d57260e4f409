// The Catalog: one object per loaded Content, holding what the pages, twins, llms.txt, the feed,
// social cards and the data file ask for again and again (the listing, the page frame, related
// projects, filters, tag groups). The functions of collections.ts compute each from what they are
// given and keep nothing; the Catalog is where a result is kept, made where the content is loaded
// (load.ts loadCatalog), so a new load starts empty and nothing hides state in a pure-looking
// function (docs/architecture.md § Caches). Each field is computed on first ask.
import {
  filteredProjects,
  filterKey,
  type Listed,
  type Listing,
  listingOf,
  navPages,
  type PageFrame,
  pageFrame,
  type ProjectFilter,
  type ProjectFilters,
  PROJECTS_PER_PAGE,
  projectFilters,
  relatedIndex,
  type RelatedIndex,
  type SiteListing,
  scoreRelated,
  siteListingOf,
  type TagGroup,
  type TopTag,
  tagGroups,
  topProjectTags,
} from './collections.ts';
import type { Content, Page, Post, Project } from './schema.ts';

type AnyListed = Listed<Project | Page | Post>;

/**
 * What the build keeps per catalog beyond the record core's own facts, declared where it is kept
 * (src/discovery/twin.ts: each record's twin), so the core names no build type. Empty when made.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules that keep something here.
export interface CatalogKept {}

export class Catalog {
  readonly content: Content;
  /** CatalogKept: made empty, each field made on first ask by the one module that reads it. */
  readonly kept: CatalogKept = {};

  constructor(content: Content) {
    this.content = content;
  }

  #listing?: Listing;
  /** Every record as listed, frozen, made once per Catalog: every page that lists records shares it. */
  get listing(): Listing {
    return (this.#listing ??= listingOf(this.content));
  }

  #siteListing?: SiteListing;
  /** The listing with the résumé's mention (the home twin, llms.txt): saves re-digesting the listing for each. */
  get siteListing(): SiteListing {
    return (this.#siteListing ??= siteListingOf(this.listing, this.content.resume));
  }

  #frame?: PageFrame;
  /** The frame of every HTML page: saves digesting it per page (10,000 pages share one frozen frame). */
  get frame(): PageFrame {
    return (this.#frame ??= pageFrame(this.content));
  }

  #nav?: readonly Page[];
  /** The header's pages: saves a scan of every page per page. */
  get nav(): readonly Page[] {
    return (this.#nav ??= navPages(this.content));
  }

  #projects?: Map<string, number>;
  #pages?: Map<string, Page>;
  #posts?: Map<string, Post>;
  /** Records by slug: pages look theirs up on each render (astro dev keeps getStaticPaths' props); saves an O(N²) scan per build. */
  project(slug: string | undefined): Project | undefined {
    this.#projects ??= new Map(this.content.projects.map((p, i) => [p.slug, i]));
    const at = this.#projects.get(slug ?? '');
    return at === undefined ? undefined : this.content.projects[at];
  }
  page(slug: string | undefined): Page | undefined {
    return (this.#pages ??= new Map(this.content.pages.map((p) => [p.slug, p]))).get(slug ?? '');
  }
  post(slug: string | undefined): Post | undefined {
    return (this.#posts ??= new Map(this.content.posts.map((p) => [p.slug, p]))).get(slug ?? '');
  }

  #index?: RelatedIndex;
  readonly #related = new Map<string, readonly Listed<Project>[]>();
  /**
   * A project's related projects (as listed, frozen): saves an O(N²) scan per build (minutes at
   * 10,000 records).
   * A project page, its twin, the data file and llms-full.txt all ask.
   */
  related(project: Project): readonly Listed<Project>[] {
    const known = this.#related.get(project.slug);
    if (known) return known;
    const { projects } = this.content;
    const positions = scoreRelated(project, projects, (this.#index ??= relatedIndex(projects)));
    const related = Object.freeze(positions.map((i) => this.listing.projects[i]!));
    this.#related.set(project.slug, related);
    return related;
  }

  #tagGroups?: readonly TagGroup<AnyListed>[];
  #tagIndex?: Map<string, TagGroup<AnyListed>>;
  /** Every tag with what carries it (as listed): saves grouping every record again for each tag page, twin and the sitemap. */
  get tagGroups(): readonly TagGroup<AnyListed>[] {
    return (this.#tagGroups ??= Object.freeze(tagGroups(this.listing, this.content.site.base)));
  }
  /** One tag's group, or undefined: saves a scan of every tag per tag page. */
  tagGroup(tag: string | undefined): TagGroup<AnyListed> | undefined {
    return (this.#tagIndex ??= new Map(this.tagGroups.map((g) => [g.tag, g]))).get(tag ?? '');
  }

  #filters?: ProjectFilters;
  /** The projects index's filters: saves counting every project per project page and index page. */
  get filters(): ProjectFilters {
    return (this.#filters ??= projectFilters(this.listing));
  }

  readonly #filtered = new Map<string, readonly Listed<Project>[]>();
  /**
   * What a filter lists, as listed and frozen: saves scanning every project for each of a filter's
   * pages, twins and cards (~1,250 at 10,000 projects: ~5 s of a rebuild's CPU).
   */
  filtered(filter: ProjectFilter): readonly Listed<Project>[] {
    const key = filterKey(filter);
    let known = this.#filtered.get(key);
    if (!known) this.#filtered.set(key, (known = filteredProjects(this.listing, filter)));
    return known;
  }

  /** How many pages a filter has for people (at least one, so /projects exists on a site without projects). */
  pageCount(filter: ProjectFilter): number {
    return Math.max(1, Math.ceil(this.filtered(filter).length / PROJECTS_PER_PAGE));
  }

  #topTags?: readonly TopTag[];
  /** The tags the projects index's filter bar offers: saves counting every project's tags per index page. */
  get topTags(): readonly TopTag[] {
    return (this.#topTags ??= topProjectTags(this.listing));
  }
}

/** What a page that renders from the listing alone may read: the listing and what the Catalog computes from it (no body). */
export type ListingFacts = Pick<Catalog, 'listing' | 'filters' | 'filtered' | 'pageCount' | 'tagGroups' | 'topTags'>;
