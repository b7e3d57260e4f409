// llms.txt and llms-full.txt (https://llmstxt.org): the site's index for language models and
// every twin in one file. Both are built from the same records and twins as the HTML pages.
//
// llms.txt format (llmstxt.org § Format): an H1 with the site's name, a blockquote summary, optional
// prose, then H2 sections of `- [title](url): notes` entries. A section named "Optional" holds what
// an agent may skip when its context is short; here, the archived projects.
import {
  ALL_PROJECTS,
  activeProjects,
  archivedProjects,
  featuredProjects,
  filteredProjects,
  type Listed,
  type Listing,
  PROJECTS_PER_PAGE,
  projectsListPath,
  tagGroups,
  typeName,
} from '../records/collections.ts';
import { POSTS_PER_PAGE, postsIndexPath } from '../records/posts.ts';
import { absoluteUrl, localPath } from '../records/urls.ts';
import { languageName, stringsFor } from '../records/strings.ts';
import {
  HOME_TWIN,
  POSTS_TWIN,
  PROJECTS_TWIN,
  postsSummary,
  projectsSummary,
  RESUME_TWIN,
  type SiteListing,
  TAGS_TWIN,
  tagSummary,
  tagsSummary,
  allTwins,
} from './twin.ts';
import type { Catalog } from '../records/catalog.ts';
import { RESUME_JSON_PATH } from '../records/resume.ts';
import { JSON_TYPE } from '../http/media-types.ts';
import { entry, heading, link, quote } from '../records/markdown-text.ts';
import { escapeMarkdownText } from '../records/escape.ts';
import type { Post, Project, Site } from '../records/schema.ts';
import { machineAgentDocs, readableAgentDocs } from './llms-section.ts';
import { POSTS_INDEX_LINK, PROJECTS_INDEX_LINK, TAGS_INDEX_LINK } from './links.ts';

export interface LlmsEntry {
  title: string;
  /** Site path; written absolute in the file. */
  path: string;
  note: string;
}

export interface LlmsSection {
  title: string;
  entries: LlmsEntry[];
}

/** The agent-facing documents: llms-full.txt, sitemap.md (FO-SITEMAP-MD), then the API and agent docs (src/discovery/llms-section.ts). */
export function agentDocs(_site: Site): LlmsEntry[] {
  return [
    { title: 'llms-full.txt', path: '/llms-full.txt', note: 'every page listed here as Markdown, in one file' },
    { title: 'sitemap.md', path: '/sitemap.md', note: 'every page by its Markdown version, with the date it last changed' },
    ...readableAgentDocs(),
  ];
}

/**
 * How many records of one kind the root llms.txt lists itself. Past it, the root lists the
 * featured projects (or the newest posts) this far and names the section's own llms.txt, so the
 * root stays within what agents read whole (LLMS_TXT_WARN_CHARS) at 10,000 records (FO-SCALE).
 */
export const ROOT_LIST_MAX = 60;
/** How many records a section's llms.txt lists itself; past it, it lists the pages of its index instead. */
export const SECTION_LIST_MAX = 200;

/**
 * FO-I18N: a record a translation lists untranslated says so in its item, as its card does (TextLang.astro):
 * "In French." in the file's language, before its note; an agent then knows the linked twin is in that language.
 */
const inItsLanguage = (site: Site, record: { lang?: string }, note: string) =>
  record.lang ? `${stringsFor(site)('textIn', { language: languageName(record.lang, site.locale) })}. ${note}` : note;

const projectEntry =
  (site: Site) =>
  (p: Listed<Project>): LlmsEntry => ({
    title: p.title,
    path: p.twin,
    note: inItsLanguage(site, p, `${p.summary} (${typeName(site, p.type)}, ${p.date.slice(0, 4)})`),
  });
const postEntry =
  (site: Site) =>
  (p: Listed<Post>): LlmsEntry => ({ title: p.title, path: p.twin, note: inItsLanguage(site, p, `${p.summary} (${p.date})`) });

/** The H2 sections of llms.txt, in order. Exported so tests can check each twin appears once. */
export function llmsSections(content: SiteListing): LlmsSection[] {
  const featured = featuredProjects(content);
  const active = [...featured, ...activeProjects(content).filter((p) => !featured.includes(p))];
  const archived = archivedProjects(content);
  const { posts, resume } = content;
  const projectsShort = active.length > ROOT_LIST_MAX || archived.length > ROOT_LIST_MAX;
  const postsShort = posts.length > ROOT_LIST_MAX;
  const pages = content.pages.slice(0, ROOT_LIST_MAX);
  const { site } = content;
  return [
    {
      title: 'Projects',
      entries: [
        ...active.slice(0, ROOT_LIST_MAX).map(projectEntry(site)),
        // llms.txt v2: the section file covers /projects and every project page, and lists them all.
        ...(projectsShort
          ? [
              {
                title: `All ${count(content.projects.length, 'project')}`,
                path: localPath(content.site, PROJECTS_LLMS_TXT),
                note: 'every project, in an llms.txt of its own',
              },
            ]
          : []),
      ],
    },
    // FO-POSTS: a "Writing" section when there are posts, newest first, with the index that lists them by year.
    {
      title: 'Writing',
      entries: posts.length
        ? [
            { title: 'All posts', path: localPath(content.site, POSTS_TWIN), note: `${postsSummary(content)} Grouped by year.` },
            ...posts.slice(0, ROOT_LIST_MAX).map(postEntry(site)),
            ...(postsShort
              ? [{ title: `All ${count(posts.length, 'post')}`, path: localPath(content.site, POSTS_LLMS_TXT), note: 'every post, in an llms.txt of its own' }]
              : []),
          ]
        : [],
    },
    {
      title: 'Pages',
      entries: [
        {
          title: 'Home',
          path: localPath(content.site, HOME_TWIN),
          note: `${content.site.name}'s profile and featured projects, with every project and page listed`,
        },
        // FO-RESUME: the résumé when there is one (its JSON Resume document is named with the machine-readable files).
        ...(resume
          ? [{ title: 'Résumé', path: localPath(content.site, RESUME_TWIN), note: `${resume.label}: experience, education, skills and languages` }]
          : []),
        { title: 'Projects', path: localPath(content.site, PROJECTS_TWIN), note: `${projectsSummary(content)} Listed by category and by type.` },
        ...pages.map((p) => ({ title: p.title, path: p.twin, note: inItsLanguage(site, p, p.summary) })),
        ...(content.pages.length > pages.length
          ? [
              {
                title: `${count(content.pages.length - pages.length, 'more page')}`,
                path: localPath(content.site, HOME_TWIN),
                note: 'the home page lists every page',
              },
            ]
          : []),
        // llms.txt v2: a section file covers the pages under its path; these, the projects', the posts' and the tags'.
        { title: 'Projects section', path: localPath(content.site, PROJECTS_LLMS_TXT), note: 'the projects and their index pages, in an llms.txt of its own' },
        ...(posts.length
          ? [{ title: 'Writing section', path: localPath(content.site, POSTS_LLMS_TXT), note: 'the posts and their index pages, in an llms.txt of its own' }]
          : []),
        ...(tagGroups(content, content.site.base).length
          ? [{ title: 'Tags', path: localPath(content.site, TAGS_LLMS_TXT), note: 'every tag and what carries it, in an llms.txt of its own' }]
          : []),
      ],
    },
    // FO-I18N: each other language's llms.txt, so an agent that starts here reaches every language (llms-txt discussion #147).
    {
      title: 'Other languages',
      entries: content.site.languages
        .filter((l) => l.base !== content.site.base)
        .map((l) => {
          const name = languageName(l.lang, 'en');
          return { title: name, path: localPath(l, '/llms.txt'), note: `the site in ${name} (${l.lang}): every page of that language, in its own llms.txt` };
        }),
    },
    { title: 'API and agent docs', entries: agentDocs(content.site) },
    // llmstxt.org § Format: "Optional" marks what can be skipped for a shorter context.
    { title: 'Optional', entries: projectsShort ? [] : archived.map((p) => ({ ...projectEntry(site)(p), note: `Archived. ${projectEntry(site)(p).note}` })) },
  ].filter((s) => s.entries.length > 0);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The tags' section file (llms.txt v2: an llms.txt under a path covers the pages under it). */
export const TAGS_LLMS_TXT = TAGS_INDEX_LINK.href;

/** /tags/llms.txt: the tags index and every tag page, each as its Markdown twin, in llms.txt's format. */
export function tagsLlmsTxt(content: Listing): string {
  const { site } = content;
  const groups = tagGroups(content, content.site.base);
  const blocks = [
    heading(1, `${site.name}: tags`),
    quote(`${tagsSummary(content).replace(/\.$/, '')}, each with a page listing what carries it.`),
    `The site's index is ${absoluteUrl(site, localPath(site, '/llms.txt'))}. Every page here has a Markdown version at its path plus \`.md\`; the links below point at those.`,
    `## Tags\n\n${[
      entry(
        'All tags',
        absoluteUrl(site, localPath(site, TAGS_TWIN)),
        `every tag, with how many ${content.posts.length ? 'projects, posts and pages' : 'projects and pages'} carry it`,
      ),
      ...groups.map((g) => entry(g.tag, absoluteUrl(site, g.twin), tagSummary(g, site))),
    ].join('\n')}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** The projects' and the posts' section files (llms.txt v2), which the root llms.txt links. */
export const PROJECTS_LLMS_TXT = PROJECTS_INDEX_LINK.href;
export const POSTS_LLMS_TXT = POSTS_INDEX_LINK.href;

interface SectionFile<R> {
  /** The H1 after the site's name, and the blockquote. */
  title: string;
  summary: string;
  /** The index's twin, which lists every record on one page. */
  twin: string;
  /** The records as the index's pages cut them, and the path of page n. */
  records: readonly R[];
  perPage: number;
  pagePath: (page: number) => string;
  entry: (record: R) => LlmsEntry;
  /** The records to list under "Optional", when the file lists its records itself. */
  optional?: (record: R) => boolean;
}

/**
 * A section's own llms.txt: its records, each as its twin; past SECTION_LIST_MAX, the first page's
 * records and then every later page of the index (each a twin listing its records), so the file
 * stays within what agents read whole at 10,000 records and every record is one link further.
 */
function sectionLlmsTxt<R>(site: Site, file: SectionFile<R>): string {
  const line = (e: LlmsEntry) => entry(e.title, absoluteUrl(site, e.path), e.note);
  const pages = Math.max(1, Math.ceil(file.records.length / file.perPage));
  const paged = file.records.length > SECTION_LIST_MAX;
  const listed = paged ? file.records.slice(0, file.perPage) : file.records;
  const kept = listed.filter((r) => !file.optional?.(r));
  const optional = paged ? [] : listed.filter((r) => file.optional?.(r));
  const blocks = [
    heading(1, `${site.name}: ${file.title}`),
    quote(`${file.summary.replace(/\.$/, '')}.`),
    `The site's index is ${absoluteUrl(site, localPath(site, '/llms.txt'))}. Every page here has a Markdown version at its path plus \`.md\`; the links below point at those. ${link('The index on one page', absoluteUrl(site, file.twin)).markdown}.`,
    ...(kept.length
      ? [`## ${paged ? `Page 1 of ${pages}` : file.title[0]!.toUpperCase() + file.title.slice(1)}\n\n${kept.map(file.entry).map(line).join('\n')}`]
      : []),
    ...(paged
      ? [
          `## More pages\n\n${Array.from({ length: pages - 1 }, (_, i) => entry(`Page ${i + 2} of ${pages}`, absoluteUrl(site, `${file.pagePath(i + 2)}.md`))).join('\n')}`,
        ]
      : []),
    ...(optional.length
      ? [
          `## Optional\n\n${optional
            .map((r) => ({ ...file.entry(r), note: `Archived. ${file.entry(r).note}` }))
            .map(line)
            .join('\n')}`,
        ]
      : []),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** /projects/llms.txt: every project (active, newest first, then archived under "Optional"), or past SECTION_LIST_MAX the index's pages. */
export const projectsLlmsTxt = (content: Listing) =>
  sectionLlmsTxt(content.site, {
    title: 'projects',
    summary: projectsSummary(content),
    twin: localPath(content.site, PROJECTS_TWIN),
    records: filteredProjects(content, ALL_PROJECTS),
    perPage: PROJECTS_PER_PAGE,
    pagePath: (page) => projectsListPath(ALL_PROJECTS, page),
    entry: projectEntry(content.site),
    optional: (p) => p.archived,
  });

/** /posts/llms.txt: every post, newest first, or past SECTION_LIST_MAX the index's pages. */
export const postsLlmsTxt = (content: Listing) =>
  sectionLlmsTxt(content.site, {
    title: 'writing',
    summary: postsSummary(content),
    twin: localPath(content.site, POSTS_TWIN),
    records: content.posts,
    perPage: POSTS_PER_PAGE,
    pagePath: postsIndexPath,
    entry: postEntry(content.site),
  });

export function llmsTxt(content: SiteListing): string {
  const { site, projects, pages, posts } = content;
  const published = [count(projects.length, 'project'), ...(posts.length ? [count(posts.length, 'post')] : []), count(pages.length, 'page')];
  // FO-I18N: the home page's twin in this file's language (`/en.md` in /en/llms.txt), not the main one's.
  const intro = [
    `${escapeMarkdownText(site.headline.replace(/[.!?]*$/, ''))}.`,
    `This site publishes ${published.slice(0, -1).join(', ')} and ${published.at(-1)}${content.resume ? ', and a résumé' : ''}. Every page has a Markdown version at its path plus \`.md\` (the home page: \`${localPath(site, HOME_TWIN)}\`); the links below point at those.`,
    'Content changes only when the site is redeployed.',
  ].join(' ');
  const machine = [
    'Machine-readable descriptions (JSON documents, not pages to read; fetch one when you need the exact shape of the API):',
    '',
    ...[
      ...machineAgentDocs(),
      // FO-RESUME: the résumé as data, named like the other JSON documents (llms.txt links only what reads as text).
      ...(content.resume
        ? [
            {
              title: 'Résumé',
              path: localPath(content.site, RESUME_JSON_PATH),
              mediaType: JSON_TYPE,
              note: 'the résumé as a JSON Resume document (jsonresume.org)',
            },
          ]
        : []),
    ].map((d) => `- ${d.title}: \`${absoluteUrl(site, d.path)}\` (${d.mediaType.split(';')[0]}): ${d.note}`),
  ].join('\n');
  const blocks = [
    heading(1, site.name),
    quote(site.summary),
    intro,
    machine,
    ...llmsSections(content).map((s) => `## ${s.title}\n\n${s.entries.map((e) => entry(e.title, absoluteUrl(site, e.path), e.note)).join('\n')}`),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** llms-full.txt: every twin, in the reading order of `allTwins`, with absolute links, separated by rules. */
export async function llmsFullTxt(catalog: Catalog): Promise<string> {
  const { content } = catalog;
  const { site } = content;
  const twins = await allTwins(catalog, { absolute: true });
  const preface = [
    heading(1, `${site.name}: the whole site as Markdown`),
    `> Every page of ${absoluteUrl(site, localPath(site, '/'))} in one file: the home page,${content.resume ? ' the résumé,' : ''} the projects index, each active project (featured first),${content.posts.length ? ' the posts (newest first),' : ''} the pages, then archived projects. The short index is ${absoluteUrl(site, localPath(site, '/llms.txt'))}.`,
  ].join('\n\n');
  return `${[preface, ...twins.map((t) => t.markdown.trim())].join('\n\n---\n\n')}\n`;
}
