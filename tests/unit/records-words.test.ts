// Counts in words: every count the site prints takes its number's plural form.
import { describe, expect, test } from 'vitest';
import { allOf, countOf } from '../../src/records/words.ts';
import { publicPages } from '../../src/server/knowledge/catalog.ts';
import { corpus, project } from '../support/search-fixtures.ts';

describe('the owner’s loop: plural forms of every count', () => {
  test('one, none and many', () => {
    expect(countOf(1, 'project', 'projects')).toBe('1 project');
    expect(countOf(0, 'project', 'projects')).toBe('0 projects');
    expect(countOf(19, 'project', 'projects')).toBe('19 projects');
    expect(allOf(1, 'project', 'projects')).toBe('The project');
    expect(allOf(6, 'project', 'projects')).toBe('All 6 projects');
  });

  test('a one-project site never says "All 1 projects" in the catalog (the home page: tests/unit/pages-owner-sites.test.ts)', () => {
    const one = corpus([project('solo')]);
    expect(publicPages(one).find((p) => p.name === 'Projects')!.description).toBe('The project by Test.');
  });
});
