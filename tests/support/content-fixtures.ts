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

/** What loading the content folder `dir` refuses, as the build says it (a ContentError's message); '' when it loads. */
export function contentErrorOf(dir: string): string {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  return '';
}

/** Each problem `load` refuses the content with (a ContentError's problems); none when it loads. Any other error is thrown. */
function problemsOfLoad(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

/** Each problem loading the content folder `dir` (its main language) refuses; none when it loads. */
export const contentProblemsOf = (dir: string): string[] => problemsOfLoad(() => loadContent(dir));

/** Each problem loading `dir` in every language refuses; none when it loads. */
export const languageProblemsOf = (dir: string): string[] => problemsOfLoad(() => loadLanguages(dir));
