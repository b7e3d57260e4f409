// The groupings every surface lists projects through (PF-RECORDS: browse by category and type,
// archived apart; related projects share tags or category).
import { describe, expect, test } from 'vitest';
import { activeProjects, archivedProjects, byCategory, featuredProjects, formatMonth, initialsOf, relatedProjects } from '../../src/records/collections.ts';
import { loadContent } from '../../src/records/load.ts';

const content = loadContent();
const { site, projects } = content;

describe('groupings of the sample content', () => {
  test('featured projects come in the order content/site.md lists them', () => {
    expect(featuredProjects(content).map((p) => p.slug)).toEqual(site.featured);
  });

  test('PF-RECORDS: active and archived split the projects with nothing lost or shared', () => {
    const active = activeProjects(content);
    const archived = archivedProjects(content);
    expect(active.every((p) => !p.archived) && archived.every((p) => p.archived)).toBe(true);
    expect(active.length + archived.length).toBe(projects.length);
  });

  test('byCategory follows the declared category order, holds each project once, and drops empty categories', () => {
    const groups = byCategory(site, projects);
    const declared = Object.keys(site.categories);
    expect(groups.map((g) => g.id.replace(/^category-/, ''))).toEqual(declared.filter((c) => projects.some((p) => p.category === c)));
    expect(groups.flatMap((g) => g.projects).sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([...projects].sort((a, b) => a.slug.localeCompare(b.slug)));
    for (const g of groups) expect(g.label).toBe(site.categories[g.id.replace(/^category-/, '')]);
  });

  test('related projects share a tag or the category, never include the project, best match first', () => {
    for (const p of projects) {
      const related = relatedProjects(p, content);
      expect(related.length).toBeLessThanOrEqual(3);
      expect(related).not.toContain(p);
      const score = (r: (typeof projects)[number]) => 2 * r.tags.filter((t) => p.tags.includes(t)).length + (r.category === p.category ? 1 : 0);
      for (const r of related) expect(score(r)).toBeGreaterThan(0);
      expect(related.map(score)).toEqual([...related.map(score)].sort((a, b) => b - a));
    }
  });

  test('the search talk is related to Quarry (three shared tags)', () => {
    const quarry = projects.find((p) => p.slug === 'quarry')!;
    expect(relatedProjects(quarry, content)[0]?.slug).toBe('search-in-200-lines');
  });
});

describe('formatting', () => {
  test('formatMonth writes month and year in UTC, so no date slips a day or month', () => {
    expect(formatMonth('2021-03-01')).toBe('March 2021');
    expect(formatMonth('2026-12-31')).toBe('December 2026');
    expect(formatMonth('2021-03-14', 'sv')).toBe('mars 2021');
  });

  test.each([
    ['Mara Lindqvist', 'ML'],
    ['Ada', 'A'],
    ['Jean-Luc de la Tour', 'JT'],
    ['élodie ångström', 'ÉÅ'],
    ['  ', 'F'],
    ['<script> & co', 'C'], // only letters: nothing to escape in the favicon's SVG
  ])('initialsOf(%j) → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
