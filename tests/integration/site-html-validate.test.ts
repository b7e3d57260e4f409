// FO-ACCESSIBLE: every built page validates with html-validate's recommended
// preset (duplicate ids, obsolete attributes such as a table's align, over-long titles …).
// `npm run test:all` builds the sample fixture site before this suite runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, test } from 'vitest';

const DIST = 'dist';
const pages = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.html'))
  .map((e) => relative(DIST, join(e.parentPath, e.name)))
  .sort();

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // The one inline style: Shiki colours code tokens with CSS variables in style attributes (docs/
    // architecture.md § Running it locally: the Content-Security-Policy allows style attributes for this alone).
    'no-inline-style': ['error', { allowedProperties: ['--shiki-light', '--shiki-dark', '--shiki-light-bg', '--shiki-dark-bg', 'overflow-x'] }],
  },
});

describe('FO-ACCESSIBLE: the built pages are valid HTML (html-validate, recommended preset)', () => {
  test('there are pages to validate', () => {
    expect(pages).toContain('index.html');
    expect(pages.length).toBeGreaterThan(20);
  });

  test.each(pages)('%s', async (page) => {
    const report = await validator.validateString(readFileSync(join(DIST, page), 'utf8'), page);
    const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`));
    expect(messages).toEqual([]);
  });
});
