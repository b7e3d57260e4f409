// llms.txt and llms-full.txt (https://llmstxt.org): the site's index for language models and
// every twin in one file. Both are built from the same records and twins as the HTML pages.
//
// llms.txt format (llmstxt.org § Format): an H1 with the site's name, a blockquote summary, optional
// prose, then H2 sections of `- [title](url): notes` entries. A section named "Optional" holds what
// an agent may skip when its context is short; here, the archived projects.
import { absoluteUrl, activeProjects, archivedProjects, featuredProjects, type Listed, type Listing, tagGroups, TYPE_LABELS } from '../records/collections.ts';
import {
  allTwins,
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
} from './twin.ts';
import { RESUME_JSON_PATH } from '../records/resume.ts';
import { JSON_TYPE } from '../http/media-types.ts';
import { entry } from '../records/markdown-text.ts';
import type { Content, Project, Site } from '../records/schema.ts';
import { machineAgentDocs, readableAgentDocs } from '../discovery/llms-section.ts';
import { TAGS_INDEX_LINK } from '../discovery/links.ts';

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

/** The agent-facing documents: llms-full.txt, then the API and agent docs (src/discovery/llms-section.ts). */
export function agentDocs(_site: Site): LlmsEntry[] {
  return [{ title: 'llms-full.txt', path: '/llms-full.txt', note: 'every page listed here as Markdown, in one file' }, ...readableAgentDocs()];
}

/** The H2 sections of llms.txt, in order. Exported so tests can check each twin appears once. */
export function llmsSections(content: SiteListing): LlmsSection[] {
  const featured = featuredProjects(content);
  const active = [...featured, ...activeProjects(content).filter((p) => !featured.includes(p))];
  const archived = archivedProjects(content);
  const project = (p: Listed<Project>): LlmsEntry => ({
    title: p.title,
    path: p.twin,
    note: `${p.summary} (${TYPE_LABELS[p.type].one.toLowerCase()}, ${p.date.slice(0, 4)})`,
  });
  const { posts, resume } = content;
  return [
    { title: 'Projects', entries: active.map(project) },
    // FO-POSTS: a "Writing" section when there are posts, newest first, with the index that lists them by year.
    {
      title: 'Writing',
      entries: posts.length
        ? [
            { title: 'All posts', path: POSTS_TWIN, note: `${postsSummary(content)} Grouped by year.` },
            ...posts.map((p) => ({ title: p.title, path: p.twin, note: `${p.summary} (${p.date})` })),
          ]
        : [],
    },
    {
      title: 'Pages',
      entries: [
        { title: 'Home', path: HOME_TWIN, note: `${content.site.name}'s profile and featured projects, with every project and page listed` },
        // FO-RESUME: the résumé when there is one (its JSON Resume document is named with the machine-readable files).
        ...(resume ? [{ title: 'Résumé', path: RESUME_TWIN, note: `${resume.label}: experience, education, skills and languages` }] : []),
        { title: 'Projects', path: PROJECTS_TWIN, note: `${projectsSummary(content)} Listed by category and by type.` },
        ...content.pages.map((p) => ({ title: p.title, path: p.twin, note: p.summary })),
        // llms.txt v2: a section file covers the pages under its path; this one, every tag page.
        ...(tagGroups(content).length ? [{ title: 'Tags', path: TAGS_LLMS_TXT, note: 'every tag and what carries it, in an llms.txt of its own' }] : []),
      ],
    },
    { title: 'API and agent docs', entries: agentDocs(content.site) },
    // llmstxt.org § Format: "Optional" marks what can be skipped for a shorter context.
    { title: 'Optional', entries: archived.map((p) => ({ ...project(p), note: `Archived. ${project(p).note}` })) },
  ].filter((s) => s.entries.length > 0);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The tags' section file (llms.txt v2: an llms.txt under a path covers the pages under it). */
export const TAGS_LLMS_TXT = TAGS_INDEX_LINK.href;

/** /tags/llms.txt: the tags index and every tag page, each as its Markdown twin, in llms.txt's format. */
export function tagsLlmsTxt(content: Listing): string {
  const { site } = content;
  const groups = tagGroups(content);
  const blocks = [
    `# ${site.name}: tags`,
    `> ${tagsSummary(content).replace(/\.$/, '')}, each with a page listing what carries it.`,
    `The site's index is ${absoluteUrl(site, '/llms.txt')}. Every page here has a Markdown version at its path plus \`.md\`; the links below point at those.`,
    `## Tags\n\n${[
      entry(
        'All tags',
        absoluteUrl(site, TAGS_TWIN),
        `every tag, with how many ${content.posts.length ? 'projects, posts and pages' : 'projects and pages'} carry it`,
      ),
      ...groups.map((g) => entry(g.tag, absoluteUrl(site, g.twin), tagSummary(g, site))),
    ].join('\n')}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

export function llmsTxt(content: SiteListing): string {
  const { site, projects, pages, posts } = content;
  const published = [count(projects.length, 'project'), ...(posts.length ? [count(posts.length, 'post')] : []), count(pages.length, 'page')];
  const intro = [
    `${site.headline.replace(/[.!?]*$/, '')}.`,
    `This site publishes ${published.slice(0, -1).join(', ')} and ${published.at(-1)}${content.resume ? ', and a résumé' : ''}. Every page has a Markdown version at its path plus \`.md\` (the home page: \`/index.md\`); the links below point at those.`,
    'Content changes only when the site is redeployed.',
  ].join(' ');
  const machine = [
    'Machine-readable descriptions (JSON documents, not pages to read; fetch one when you need the exact shape of the API):',
    '',
    ...[
      ...machineAgentDocs(),
      // FO-RESUME: the résumé as data, named like the other JSON documents (llms.txt links only what reads as text).
      ...(content.resume
        ? [{ title: 'Résumé', path: RESUME_JSON_PATH, mediaType: JSON_TYPE, note: 'the résumé as a JSON Resume document (jsonresume.org)' }]
        : []),
    ].map((d) => `- ${d.title}: \`${absoluteUrl(site, d.path)}\` (${d.mediaType.split(';')[0]}): ${d.note}`),
  ].join('\n');
  const blocks = [
    `# ${site.name}`,
    `> ${site.summary.replace(/\s+/g, ' ')}`,
    intro,
    machine,
    ...llmsSections(content).map((s) => `## ${s.title}\n\n${s.entries.map((e) => entry(e.title, absoluteUrl(site, e.path), e.note)).join('\n')}`),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** Every twin, in the reading order of `allTwins`, with absolute links, separated by rules. */
export async function llmsFullTxt(content: Content): Promise<string> {
  const { site } = content;
  const twins = await allTwins(content, { absolute: true });
  const preface = [
    `# ${site.name}: the whole site as Markdown`,
    `> Every page of ${absoluteUrl(site, '/')} in one file: the home page,${content.resume ? ' the résumé,' : ''} the projects index, each active project (featured first),${content.posts.length ? ' the posts (newest first),' : ''} the pages, then archived projects. The short index is ${absoluteUrl(site, '/llms.txt')}.`,
  ].join('\n\n');
  return `${[preface, ...twins.map((t) => t.markdown.trim())].join('\n\n---\n\n')}\n`;
}
