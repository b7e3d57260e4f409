// The ways the site groups and orders records. HTML pages, Markdown twins and llms.txt all list
// projects through these functions, so a reader sees the same grouping on every surface.
import { PROJECT_TYPES, type Content, type Project, type ProjectType, type Site } from './schema.ts';

export const TYPE_LABELS: Record<ProjectType, { one: string; many: string }> = {
  app: { one: 'App', many: 'Apps' },
  library: { one: 'Library', many: 'Libraries' },
  tool: { one: 'Tool', many: 'Tools' },
  service: { one: 'Service', many: 'Services' },
  research: { one: 'Research', many: 'Research' },
  talk: { one: 'Talk', many: 'Talks' },
};

export interface ProjectGroup {
  /** Stable key, used for anchors: `category-data`, `type-library`. */
  id: string;
  label: string;
  projects: Project[];
}

export const categoryLabel = (site: Site, category: string) => site.categories[category] ?? category;

export const absoluteUrl = (site: Pick<Site, 'url'>, path: string) => new URL(path, `${site.url}/`).href;

/** The featured projects, in the order content/site.md lists them. */
export function featuredProjects({ site, projects }: Content): Project[] {
  return site.featured.map((slug) => projects.find((p) => p.slug === slug)).filter((p): p is Project => p !== undefined);
}

export const activeProjects = ({ projects }: Content) => projects.filter((p) => !p.archived);
export const archivedProjects = ({ projects }: Content) => projects.filter((p) => p.archived);

/** Projects grouped by category, in the order content/site.md declares the categories; empty groups left out. */
export function byCategory(site: Site, projects: Project[]): ProjectGroup[] {
  return Object.entries(site.categories)
    .map(([id, label]) => ({ id: `category-${id}`, label, projects: projects.filter((p) => p.category === id) }))
    .filter((g) => g.projects.length > 0);
}

/** Projects grouped by type, in PROJECT_TYPES order; empty groups left out. */
export function byType(projects: Project[]): ProjectGroup[] {
  return PROJECT_TYPES.map((type) => ({ id: `type-${type}`, label: TYPE_LABELS[type].many, projects: projects.filter((p) => p.type === type) })).filter(
    (g) => g.projects.length > 0,
  );
}

/**
 * Projects that share tags or the category with `project`, best first: two points per shared tag,
 * one for the category; ties go to active, then newer projects. Unrelated projects never appear.
 */
export function relatedProjects(project: Project, { projects }: Content, limit = 3): Project[] {
  const tags = new Set(project.tags);
  return projects
    .filter((p) => p.slug !== project.slug)
    .map((p) => ({ p, score: 2 * p.tags.filter((t) => tags.has(t)).length + (p.category === project.category ? 1 : 0) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || Number(a.p.archived) - Number(b.p.archived) || b.p.date.localeCompare(a.p.date) || a.p.slug.localeCompare(b.p.slug))
    .slice(0, limit)
    .map((x) => x.p);
}

/** "March 2021": dates are days, but a portfolio reads better by month. UTC, so no day slips. */
export function formatMonth(date: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
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
