// Shared by the generator tests: the twin fixture site, loaded with the URLs its files configure.
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ContentError, loadContent, loadLanguages } from '../../src/records/load.ts';
import type { Content } from '../../src/records/schema.ts';

/**
 * `npm test` sets FOLIO_SITE_URL for the whole run; tests that pin generated text need each site's
 * own configured URL, so the override is lifted for the file and restored after it. Call at the
 * top of a test file, before the beforeAll that loads content.
 */
export function withConfiguredSiteUrls() {
  const saved = process.env.FOLIO_SITE_URL;
  beforeAll(() => {
    delete process.env.FOLIO_SITE_URL;
  });
  afterAll(() => {
    if (saved !== undefined) process.env.FOLIO_SITE_URL = saved;
  });
}

export const loadTwinFixture = (): Content => loadContent(join(import.meta.dirname, '..', 'fixtures', 'content-twins', 'content'));

/** The ContentError `load` refuses the content with; undefined when it loads. Any other error is thrown. */
function refusalOf(load: () => unknown): ContentError | undefined {
  try {
    load();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  return undefined;
}

/** What loading the content folder `dir` refuses, as the build says it (a ContentError's message); '' when it loads. */
export const contentErrorOf = (dir: string): string => refusalOf(() => loadContent(dir))?.message ?? '';

/** Each problem loading the content folder `dir` (its main language) refuses; none when it loads. */
export const contentProblemsOf = (dir: string): string[] => refusalOf(() => loadContent(dir))?.problems ?? [];

/** Each problem loading `dir` in every language refuses; none when it loads. */
export const languageProblemsOf = (dir: string): string[] => refusalOf(() => loadLanguages(dir))?.problems ?? [];
