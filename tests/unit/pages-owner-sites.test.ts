// FO-OWNER-CHECK, FO-SCHEDULED: what `npm run check` says of an owner's site, shown over the site
// rendered and served as `npm start` serves a build, with no build (tests/support/rendered-site.ts
// checkRendered: the check's own site checks, scripts/lib/site-check.ts), and the lines it prints
// made by its own reportLines. tests/e2e/owner-sites.spec.ts keeps the real command where only it
// shows something: the new site's skeleton and broken content refused before any build, the exit
// codes; the whole command over a build (and the build's and the check's warnings) runs on the
// kitchen-sink site (tests/e2e/kitchen-sink.spec.ts).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { reportLines } from '../../scripts/lib/site-check.ts';
import { placeholders } from '../../scripts/lib/skeleton.ts';
import { loadContent, today } from '../../src/records/load.ts';
import { fixtureSite } from '../support/render-page.ts';
import { checkRendered } from '../support/rendered-site.ts';
import { BEFORE_ITS_DATE, ON_ITS_DATE, SCHEDULED_TITLE, SECOND_SITE, writeScheduledSite } from '../support/scheduled-site.ts';
import { fillSkeleton, writeSkeleton } from '../support/skeleton-site.ts';
import { tempDir } from '../support/temp-dir.ts';

/** What `npm run check` prints after its checks (scripts/check.ts finish), for a report of checkRendered. */
const printed = (report: Awaited<ReturnType<typeof checkRendered>>) => {
  const { counted } = report;
  const summary = `Checked ${counted.pages} pages, ${counted.twins} Markdown twins, ${counted.links} internal links, ${counted.records} records (search, REST, MCP) and ${counted.files} agent files.`;
  return reportLines(report.problems, summary, '1.0 s').join('\n');
};

describe('FO-SCHEDULED: the scheduled site, rendered on either side of the post’s date', () => {
  const dir = join(tempDir('folio-scheduled-', 'file'), 'content');

  /** The site as a build on `day` renders it (FOLIO_NOW; fixtureSite keys its renders by the day). */
  async function on(day: string, read: (site: ReturnType<typeof fixtureSite>) => Promise<void>) {
    vi.stubEnv('FOLIO_NOW', day);
    try {
      await read(fixtureSite(dir));
    } finally {
      vi.unstubAllEnvs();
    }
  }

  test('FO-SCHEDULED: left out the day before its date; on its date the post is in the feed and has its page and twin, with no build made for it', async () => {
    await writeScheduledSite(dir);
    // The day before (the e2e check builds this day and finds the post in no built file).
    await on(BEFORE_ITS_DATE, async (site) => {
      expect(await site.has('/posts/puesta-de-sol')).toBe(false);
      expect(await site.has('/posts/puesta-de-sol.md')).toBe(false);
      expect(await site.text('/feed.xml')).not.toContain(SCHEDULED_TITLE);
      expect(await site.text('/feed.xml')).toContain('Noche polar');
    });
    // On its date: the build that day (the build stamp is stale that day: tests/unit/serve-build-stamp.test.ts) publishes it everywhere.
    await on(ON_ITS_DATE, async (site) => {
      expect(await site.text('/feed.xml')).toContain(SCHEDULED_TITLE);
      expect(await site.text('/posts/puesta-de-sol.md')).toContain('Texto del artículo.');
      expect((await site.page('/posts/puesta-de-sol')).get('h1').text).toBe(SCHEDULED_TITLE);
      expect(await site.text('/posts.md')).toContain(SCHEDULED_TITLE);
    });
  }, 120_000);
});

describe('FO-OWNER-CHECK: npm run check’s site checks over rendered owner sites', () => {
  test('FO-OWNER-CHECK: the second fixture site passes the check: every page, twin, link, record, MCP resource and agent file', async () => {
    // A site nothing like the sample: other categories and types, no featured list, archived
    // projects, a dozen pages, non-ASCII titles and slugs' titles, another locale.
    const site = fixtureSite(SECOND_SITE);
    const report = await checkRendered(site);
    const out = printed(report);
    // Every page with a twin in the manifest (FO-WORK: the projects index by category and by type too); the 404 page is not a page.
    expect(out).toContain('Checked 41 pages, 41 Markdown twins');
    expect(out).toContain('18 records (search, REST, MCP)');
    expect(out).toContain('No problems');
    expect(report.problems).toEqual([]);
    // What the sample never exercises, in the files a build of it writes.
    const llms = await site.text('/llms.txt');
    expect(llms).toMatch(/^# Zoë Ñúñez-Økland$/m);
    expect(llms.slice(llms.indexOf('## Optional'))).toContain('北海道 field notes (冬)');
    expect(llms.slice(llms.indexOf('## Optional'))).toContain('Viejo escáner de película');
    const projects = await site.text('/projects');
    for (const label of ['Fotografía', 'Hardware &amp; sensores', 'Docencia']) expect(projects).toContain(label);
    expect(await site.text('/')).toContain('<html lang="es"');
    expect(await site.text('/projects/hokkaido-notes.md')).toMatch(/^# 北海道 field notes \(冬\)$/m);
  }, 120_000);

  test('FO-OWNER-CHECK: a link to a project that does not exist: the check names the page, its twin and the link, as one problem in the owner’s content', async () => {
    const dir = join(tempDir('folio-broken-link-'), 'content');
    cpSync(SECOND_SITE, dir, { recursive: true });
    const file = join(dir, 'pages/prensa.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee also [the lost project](/projects/perdido).\n`);
    const report = await checkRendered(fixtureSite(dir));
    const out = printed(report);
    expect(report.problems, out).toHaveLength(1);
    expect(out).toMatch(
      /^✗ content\/pages\/prensa\.md: links to \/projects\/perdido \(on \/prensa, \/prensa\.md\), which answers 404\. Fix: point the link at an existing project or page/m,
    );
    expect(out).toMatch(/^1 problem in your content: nothing should deploy/m);
    expect(out).not.toContain("Folio's own");
  }, 120_000);

  test('FO-OWNER-CHECK: the site npm run new-site writes, every placeholder filled in, passes the check: its pages, twins and records', async () => {
    // As scripts/new-site.ts writes it, dated today.
    const dir = join(tempDir('folio-new-site-'), 'content');
    writeSkeleton(dir, today());
    fillSkeleton(dir);
    // No placeholder left, so the check goes on to build (scripts/check.ts refuses before any build otherwise).
    const content = loadContent(dir);
    expect(
      placeholders({
        site: content.site,
        records: [...content.projects, ...content.pages, ...content.posts],
        resume: content.resume,
        siteFile: 'content/site.md',
      }),
    ).toEqual([]);
    const site = fixtureSite(dir);
    const report = await checkRendered(site);
    const out = printed(report);
    // The project, the page, the post and the résumé, with the home, the indexes (projects, posts) and the tag page.
    expect(out).toContain('Checked 11 pages, 11 Markdown twins');
    expect(out).toContain('4 records (search, REST, MCP)');
    expect(out).toContain('No problems');
    expect(report.problems).toEqual([]);
    // One project: the home page's link says so, not "All 1 projects".
    const home = await site.text('/');
    expect(home).toContain('The project <span aria-hidden="true">→</span>');
    expect(home).not.toMatch(/All 1 projects/);
  }, 120_000);
});
