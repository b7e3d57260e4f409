// One record, every surface: on the sample fixture site, every project's HTML page (its JSON-LD and
// related cards), Markdown twin, MCP resource and MCP `get_project` state what its REST record
// states: title, summary, type, category, tags, dates, links, image and related projects (the
// second fixture site is held to the same by `npm run check` in tests/e2e/owner-sites.spec.ts).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkSite } from '../../scripts/lib/site-check.ts';
import { loadContent } from '../../src/records/load.ts';
import { PAGE_MANIFEST_FILE } from '../../src/routing/page-manifest.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

test('FO-ONE-RECORD, PF-TOOLS: every project of the sample site reads the same on its page, twin, MCP resource, MCP tool and REST record', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const content = loadContent(SAMPLE_SITE_CONTENT);
  expect(content.projects.length).toBeGreaterThan(10);
  const manifest = JSON.parse(readFileSync(PAGE_MANIFEST_FILE, 'utf8'));
  const { problems, counted } = await checkSite({
    base: baseURL!,
    manifest,
    records: [...content.projects, ...content.pages],
    site: content.site,
    sourceOf: () => undefined,
  });
  expect(counted.records).toBe(content.projects.length + content.pages.length);
  expect(
    problems.filter((p) => p.what.startsWith('its surfaces disagree')),
    JSON.stringify(problems, null, 1),
  ).toEqual([]);
  expect(problems, JSON.stringify(problems, null, 1)).toEqual([]);
});
