// FO-OWNER-CHECK: Folio holds for content that looks nothing like the sample. `npm run
// check` (build, serve, check over real HTTP) runs in a throwaway copy of the repository on a
// second fixture site (other categories and types, no featured list, archived projects, a dozen
// pages, non-ASCII titles and slugs' titles, another locale), then on broken sites, which it must
// refuse with a line naming the file or URL at fault. What the check's site checks say of a site is
// shown with no build over rendered sites (tests/unit/pages-owner-sites.test.ts: a broken link, the
// new site filled in, a scheduled post on its date); a check builds here only where the command
// itself is the proof (FO-TEST-TIERS: at most 12 site builds a run).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { cleanEnv, raw, repoCopy, startServer } from './serve-support.ts';
import { freePort } from '../../scripts/free-port.ts';
import { writeStamp } from '../../scripts/lib/build.ts';
import { BEFORE_ITS_DATE, LARGE_IMAGE_WARNING, SCHEDULED_WARNING, SECOND_SITE, writeScheduledSite } from '../support/scheduled-site.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let copy = '';
/** The port `npm start` and `npm run check` use in the copy (PORT): one of its own, so parallel suites never share it. */
let port = 0;

test.beforeAll(async () => {
  copy = repoCopy('folio-owner-');
  port = await freePort();
});

test.afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** `npm run check` in the copy, on the content folder `content` (relative to the copy). */
function check(content: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['scripts/check.ts'], {
    cwd: copy,
    env: cleanEnv({ FOLIO_CONTENT: content, PORT: String(port), ...env }),
    encoding: 'utf8',
    timeout: 110_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

// First: it builds another site into the copy, and the tests after it use the second site's build,
// which the next test leaves fresh (FO-TEST-TIERS: no rebuild of it later).
test('FO-SCHEDULED, FO-IMAGE-SIZE: a scheduled post and a large image: the build and npm run check name both and pass; the post is in no file until its date', async () => {
  test.setTimeout(300_000);
  const site = 'tests/fixtures/scheduled-site/content';
  await writeScheduledSite(join(copy, site), copy);
  // The address npm run check builds for when npm start's is free (scripts/check.ts), so the one
  // build serves both: the build's own log, then the check over it.
  const base = `http://localhost:${port}`;

  // The build's log names both, once each (integration.ts logs them when the pages are done: only a
  // build runs that hook); nothing it wrote names the post.
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: copy,
    env: cleanEnv({ FOLIO_CONTENT: site, FOLIO_NOW: BEFORE_ITS_DATE, FOLIO_SITE_URL: base }),
    encoding: 'utf8',
    timeout: 200_000,
  });
  const log = `${built.stdout}${built.stderr}`;
  expect(built.status, log).toBe(0);
  expect(log.split(SCHEDULED_WARNING)).toHaveLength(2);
  expect(log).toMatch(LARGE_IMAGE_WARNING);
  const texts = ['dist', 'generated'].flatMap((top) =>
    readdirSync(join(copy, top), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(html|md|txt|xml|json)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name)),
  );
  expect(texts.length).toBeGreaterThan(40);
  expect(texts.filter((file) => /puesta-de-sol|Puesta de sol/.test(readFileSync(file, 'utf8')))).toEqual([]);
  expect(readFileSync(join(copy, 'dist/feed.xml'), 'utf8')).toContain('Noche polar');

  // The stamp npm start and npm run check write after their build (scripts/lib/build.ts build),
  // written as they write it, so the check finds this build fresh and checks it instead of making
  // another (its own build when stale: the tests above).
  const saved = { content: process.env.FOLIO_CONTENT, now: process.env.FOLIO_NOW };
  Object.assign(process.env, { FOLIO_CONTENT: site, FOLIO_NOW: BEFORE_ITS_DATE });
  try {
    writeStamp(base, copy);
  } finally {
    for (const [name, value] of [
      ['FOLIO_CONTENT', saved.content],
      ['FOLIO_NOW', saved.now],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }

  // npm run check prints both and passes: a warning never stops a deploy.
  const before = check(site, { FOLIO_NOW: BEFORE_ITS_DATE });
  expect(before.status, before.out).toBe(0);
  expect(before.out).toContain(`made for ${base}: it is fresh`);
  expect(before.out).toContain(`⚠ ${SCHEDULED_WARNING}`);
  expect(before.out).toMatch(new RegExp(`^⚠ ${LARGE_IMAGE_WARNING.source}`, 'm'));
  expect(before.out).toContain('No problems');
  // On its date the build is stale though no file changed (tests/unit/serve-build-stamp.test.ts), the
  // loader warns of it no more (tests/unit/records-warnings.test.ts), and the post is on every page
  // and file that lists posts (tests/unit/pages-owner-sites.test.ts, this site rendered that day).
});

test('FO-OWNER-CHECK: the second fixture site builds, serves and passes npm run check: every page, twin, link, record, MCP resource and agent file', () => {
  const { status, out } = check(SECOND_SITE);
  // Every page with a twin in the manifest (FO-WORK: the projects index by category and by type too); the 404 page is not a page.
  expect(out).toContain('Checked 41 pages, 41 Markdown twins');
  expect(out).toContain('18 records (search, REST, MCP)');
  expect(out).toContain('No problems');
  expect(status, out).toBe(0);
  expect(out).toContain(`for http://localhost:${port} (`);

  // What the sample never exercises, in the build the check served.
  const dist = (file: string) => readFileSync(join(copy, 'dist', file), 'utf8');
  const llms = dist('llms.txt');
  expect(llms).toMatch(/^# Zoë Ñúñez-Økland$/m);
  expect(llms.slice(llms.indexOf('## Optional'))).toContain('北海道 field notes (冬)');
  expect(llms.slice(llms.indexOf('## Optional'))).toContain('Viejo escáner de película');
  const projects = dist('projects.html');
  for (const label of ['Fotografía', 'Hardware &amp; sensores', 'Docencia']) expect(projects).toContain(label);
  expect(dist('index.html')).toContain('<html lang="es"');
  expect(dist('projects/hokkaido-notes.md')).toMatch(/^# 北海道 field notes \(冬\)$/m);
});

test('the owner’s loop: npm start after npm run check serves the check’s build, and a second check builds nothing', async () => {
  // The test before left a build of the second site, made by the check for npm start's own address.
  const again = check(SECOND_SITE);
  expect(again.status, again.out).toBe(0);
  expect(again.out).toContain(`made for http://localhost:${port}: it is fresh`);
  expect(again.out).not.toContain('Building');
  const base = `http://localhost:${port}`;
  const server = await startServer(copy, 'scripts/start.ts', cleanEnv({ FOLIO_CONTENT: SECOND_SITE, PORT: String(port) }), `${base}/ready-check`);
  try {
    expect(server.output()).not.toContain('Building');
    expect((await raw(base, '/')).status).toBe(200);
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

test('FO-CONTENT-ERRORS: invalid content: npm run check fails before building, one line per problem naming the file and field', () => {
  const { status, out } = check('tests/fixtures/content-many-problems/content');
  expect(status, out).toBe(1);
  expect(out).toMatch(/^✗ content\/projects\/[a-z]+\.md: field "/m);
  expect(out).toContain('it does not load, so nothing was built');
  // Each content problem already says what to do: no generic Fix line after it.
  expect(out).not.toContain('Fix: edit the file');
  expect(out).not.toContain('Building');
  expect(out).not.toMatch(/^\s+at /m);
});

test('FO-OWNER-CHECK: npm run new-site writes a minimal site that npm run check refuses before building, one line per placeholder', () => {
  const run = spawnSync(process.execPath, ['scripts/new-site.ts', '--force'], { cwd: copy, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('content/ now holds a minimal site');
  const skeleton = check('content');
  expect(skeleton.status, skeleton.out).toBe(1);
  const lines = skeleton.out.split('\n').filter((l) => l.startsWith('✗ '));
  for (const field of ['name', 'headline', 'summary', 'url', 'the bio (the text below the front matter)']) {
    expect(
      lines.some((l) => l.startsWith(`✗ content/site.md: ${field} is still the placeholder`)),
      field,
    ).toBe(true);
  }
  for (const file of ['content/projects/first-project.md', 'content/pages/about.md', 'content/posts/first-post.md', 'content/resume.md'])
    expect(
      lines.some((l) => l.startsWith(`✗ ${file}: `)),
      file,
    ).toBe(true);
  expect(skeleton.out).toContain("still holds the new site's placeholders");
  expect(skeleton.out).not.toContain('Building');
  // Filled in, it passes the check's site checks: tests/unit/pages-owner-sites.test.ts, over the same skeleton rendered.
});

test('FO-OWNER-CHECK: npm run check refuses a url that is not where the deploy is served (VERCEL_PROJECT_PRODUCTION_URL)', () => {
  const run = spawnSync(process.execPath, ['scripts/check.ts'], {
    cwd: copy,
    env: cleanEnv({ FOLIO_CONTENT: SECOND_SITE, VERCEL_PROJECT_PRODUCTION_URL: 'somewhere-else.example.net' }),
    encoding: 'utf8',
    timeout: 110_000,
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/^✗ content\/site\.md: url is https?:\/\/[^,]+, but this deploy is served at somewhere-else\.example\.net/m);
});

test('npm run new-site refuses to overwrite uncommitted changes in content/', () => {
  const repo = repoCopy('folio-new-site-');
  try {
    spawnSync('git', ['init', '-q'], { cwd: repo });
    spawnSync('git', ['add', 'content'], { cwd: repo });
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'c'], { cwd: repo });
    writeFileSync(join(repo, 'content/pages/about.md'), 'edited');
    const run = spawnSync(process.execPath, ['scripts/new-site.ts'], { cwd: repo, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/ has changes git has not committed');
    expect(readFileSync(join(repo, 'content/pages/about.md'), 'utf8')).toBe('edited');
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test('the owner’s loop: npm run deploy:dry rehearses the deploy offline and reports what would publish', () => {
  const run = spawnSync(process.execPath, ['scripts/deploy-dry.ts'], {
    cwd: copy,
    env: cleanEnv({ FOLIO_CONTENT: SECOND_SITE, PORT: String(port) }),
    encoding: 'utf8',
    timeout: 115_000,
  });
  const out = `${run.stdout}${run.stderr}`;
  expect(run.status, out).toBe(0);
  expect(out).toContain('No problems');
  expect(out).toMatch(/Site URL +https:\/\/zoe\.example\.org\//);
  expect(out).toMatch(/Static files +\d+ files, [\d.]+ MB/);
  expect(out).toMatch(/Function +api\/index\.ts on nodejs2\d\.x: \d+ files/);
  expect(out).toContain('all 41 pages are served as files');
  // FO-ANALYTICS-LOCAL: the provider the deploy wires, and what it loads (the second site sets none).
  expect(out).toMatch(/^ {2}Analytics +none \(site\.md sets no analytics:\)$/m);
  expect(out).toContain('Ready:');
});
