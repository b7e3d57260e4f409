// Small corpora for search tests: records built in memory and indexed exactly as the build does
// (buildDataFile, then the serialized index loaded back), so tests see what the function sees.
import MiniSearch from 'minisearch';
import type { Page, Project, ProjectType, Site } from '../../src/records/schema.ts';
import { buildDataFile } from '../../src/builder/data-file.ts';
import { siteDataOf, type SiteData } from '../../src/search/data-file.ts';
import { indexOptions, type IndexedDocument } from '../../src/search/options.ts';

export const testSite: Site = {
  name: 'Test',
  headline: 'Test site',
  summary: 'A site for tests.',
  url: 'https://test.example',
  locale: 'en',
  base: '',
  languages: [{ lang: 'en', base: '' }],
  allowedOrigins: [],
  links: [],
  categories: { data: 'Data systems', web: 'Web performance', 'developer-tools': 'Developer tools' },
  featured: [],
  rateLimits: { knowledge: { limit: 120, window: 60 }, portfolio: { limit: 60, window: 60 } },
  apiVersions: [{ version: 'v1' }],
  contentSignal: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' },
  players: 'ask',
  bio: 'Bio.',
  images: {},
};

export function project(slug: string, fields: Partial<Omit<Project, 'kind' | 'slug'>> = {}): Project {
  return {
    kind: 'project',
    slug,
    title: slug,
    summary: `Summary of ${slug}.`,
    type: 'library' as ProjectType,
    category: 'data',
    tags: [],
    archived: false,
    date: '2024-01-01',
    links: {},
    stack: [],
    body: '',
    href: `/projects/${slug}`,
    twin: `/projects/${slug}.md`,
    source: `content/projects/${slug}.md`,
    images: {},
    ...fields,
  };
}

export function page(slug: string, fields: Partial<Omit<Page, 'kind' | 'slug'>> = {}): Page {
  return {
    kind: 'page',
    slug,
    title: slug,
    summary: `Summary of ${slug}.`,
    tags: [],
    order: 100,
    body: '',
    href: `/${slug}`,
    twin: `/${slug}.md`,
    source: `content/pages/${slug}.md`,
    images: {},
    ...fields,
  };
}

export function corpus(projects: Project[], pages: Page[] = [], site: Site = testSite): SiteData {
  const file = buildDataFile({ site, projects, pages, posts: [] }, {});
  const index = MiniSearch.loadJS<IndexedDocument>(file.index as never, indexOptions(site.locale));
  return siteDataOf({ buildId: file.buildId, site: file.site, projects: file.projects, pages: file.pages, twins: file.twins, related: file.related, index });
}
