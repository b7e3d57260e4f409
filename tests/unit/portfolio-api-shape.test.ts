// FO-API-SHAPE: a project and a post as REST and MCP answer them are their front matter where the
// two agree; the fields the API reshapes or adds are stated once (src/server/portfolio/schemas.ts).
import { describe, expect, it } from 'vitest';
import { postFields, projectFields } from '../../src/records/schema.ts';
import { siteData } from '../../src/server/data.ts';
import {
  POST_CONTENT_KEYS,
  POST_RESHAPED,
  postSummary,
  postSummaryOf,
  PROJECT_CONTENT_KEYS,
  PROJECT_RESHAPED,
  projectSummary,
  projectSummaryOf,
} from '../../src/server/portfolio.ts';

const data = siteData();

describe('FO-API-SHAPE: one shape of a project and of a post', () => {
  it.each([
    ['project', projectFields.shape, PROJECT_CONTENT_KEYS, PROJECT_RESHAPED, projectSummary.shape],
    ['post', postFields.shape, POST_CONTENT_KEYS, POST_RESHAPED, postSummary.shape],
  ] as const)('every %s front-matter field is answered as written or named among the reshaped ones, never both', (_, fields, shared, reshaped, api) => {
    for (const key of Object.keys(fields)) {
      const asWritten = (shared as readonly string[]).includes(key);
      expect(asWritten !== Object.hasOwn(reshaped, key), key).toBe(true);
      if (asWritten) expect(Object.keys(api), key).toContain(key);
    }
  });

  // FO-I18N: `lang` is answered only on a site in several languages (tests/unit/i18n-api.test.ts); this site has one.
  const oneLanguageKeys = (shape: object) =>
    Object.keys(shape)
      .filter((k) => k !== 'lang')
      .sort();

  it('an answered project and post hold each shared field as the record does, and the schema’s fields and no others', () => {
    expect(data.projects.length).toBeGreaterThan(0);
    for (const record of data.projects) {
      const answer = projectSummaryOf(data, record.slug)!;
      expect(Object.keys(answer).sort(), record.slug).toEqual(oneLanguageKeys(projectSummary.shape));
      for (const key of PROJECT_CONTENT_KEYS) expect(answer[key], `${record.slug} ${key}`).toEqual(record[key]);
      expect(() => projectSummary.parse(answer)).not.toThrow();
    }
    expect(data.posts.length).toBeGreaterThan(0);
    for (const record of data.posts) {
      const answer = postSummaryOf(data, record.slug)!;
      expect(Object.keys(answer).sort(), record.slug).toEqual(oneLanguageKeys(postSummary.shape));
      for (const key of POST_CONTENT_KEYS) expect(answer[key], `${record.slug} ${key}`).toEqual(record[key]);
    }
  });
});
