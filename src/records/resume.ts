// The résumé as every surface hands it out: /resume.json, REST GET /api/v1/resume and the MCP tool
// get_resume all answer this one JSON Resume document (FO-RESUME), built from the site, the résumé
// and the site's active projects.
import { markdownTree, plainText } from './markdown-tree.ts';
import { activeProjects, type Listed } from './collections.ts';
import { absoluteUrl } from './urls.ts';
import type { Project, Resume, Site } from './schema.ts';

export const RESUME_PATH = '/resume';
export const RESUME_TWIN = '/resume.md';
export const RESUME_JSON_PATH = '/resume.json';

/** The version of JSON Resume's schema the document follows (npm @jsonresume/schema 1.x). */
export const JSON_RESUME_SCHEMA = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

/** A JSON Resume document: the schema's top-level sections, each optional. */
export interface JsonResume {
  $schema: string;
  basics: {
    name: string;
    label: string;
    email?: string;
    url: string;
    summary: string;
    location?: { address: string };
    profiles: { network: string; url: string }[];
  };
  work: Resume['work'];
  volunteer: Resume['volunteer'];
  education: Resume['education'];
  awards: Resume['awards'];
  certificates: Resume['certificates'];
  publications: Resume['publications'];
  skills: Resume['skills'];
  languages: Resume['languages'];
  projects: { name: string; description: string; url: string; startDate: string; keywords: string[]; type: string }[];
  meta: { canonical: string };
}

/** The body as plain text, paragraph by paragraph: JSON Resume's `summary` is text, not Markdown. */
export function plainSummary(markdown: string): string {
  // CommonMark alone, as JSON Resume's text has always read it: a GFM table would run its cells together.
  const tree = markdownTree(markdown, { gfm: false });
  // A list's items stay one to a line; every other block is one paragraph.
  const blocks = (tree.children ?? []).flatMap((node) =>
    node.type === 'list'
      ? [(node.children ?? []).map((item) => plainText(item).replace(/\s+/g, ' ').trim()).join('\n')]
      : [plainText(node).replace(/\s+/g, ' ').trim()],
  );
  return blocks.filter(Boolean).join('\n\n');
}

/** The JSON Resume document of a site with a résumé (FO-RESUME); `projects` are the site's active ones. */
export function resumeDocument(site: Site, resume: Omit<Resume, 'images'>, projects: readonly Listed<Project>[]): JsonResume {
  // Empty lists are left out by JSON.stringify's readers no better than by us: keep every section, so
  // a consumer never has to tell "none" from "not provided".
  return {
    $schema: JSON_RESUME_SCHEMA,
    basics: {
      name: site.name,
      label: resume.label,
      ...(site.email && { email: site.email }),
      url: absoluteUrl(site, '/'),
      summary: plainSummary(resume.body) || site.summary,
      ...(site.location && { location: { address: site.location } }),
      profiles: site.links.map((l) => ({ network: l.label, url: l.url })),
    },
    work: resume.work,
    volunteer: resume.volunteer,
    education: resume.education,
    awards: resume.awards,
    certificates: resume.certificates,
    publications: resume.publications,
    skills: resume.skills,
    languages: resume.languages,
    projects: activeProjects({ projects }).map((p) => ({
      name: p.title,
      description: p.summary,
      url: absoluteUrl(site, p.href),
      startDate: p.date,
      keywords: [...new Set([...p.stack, ...p.tags])],
      type: p.type,
    })),
    meta: { canonical: absoluteUrl(site, RESUME_JSON_PATH) },
  };
}

/**
 * What search finds the résumé by (FO-RESUME: organisation, position and skill): every employer,
 * position, school, skill and keyword, and the languages, as one text beside the summary.
 */
export function resumeSearchText(resume: Omit<Resume, 'images' | 'body'>): string {
  return [
    resume.label,
    ...resume.work.flatMap((w) => [w.position, w.name, w.location, w.summary, ...w.highlights]),
    ...resume.education.flatMap((e) => [e.institution, e.area, e.studyType]),
    ...resume.skills.flatMap((s) => [s.name, ...s.keywords]),
    ...resume.languages.map((l) => l.language),
    ...resume.volunteer.flatMap((v) => [v.organization, v.position]),
    ...resume.certificates.map((c) => c.name),
    ...resume.awards.map((a) => a.title),
    ...resume.publications.map((p) => p.name),
  ]
    .filter(Boolean)
    .join('\n');
}
