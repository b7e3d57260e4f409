// FO-OWNER-CHECK: Folio holds for content that looks nothing like the sample. `npm run
// check` (build, serve, check over real HTTP) runs in a throwaway copy of the repository on a
// second fixture site (other categories and types, no featured list, archived projects, a dozen
// pages, non-ASCII titles and slugs' titles, another locale), then on broken sites, which it must
// refuse with a line naming the file or URL at fault.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import sharp from 'sharp';
import { cleanEnv, raw, repoCopy, startServer } from './serve-support.ts';
import { freePort } from '../../scripts/free-port.ts';
import { SKELETON } from '../../scripts/lib/skeleton.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SECOND_SITE = 'tests/fixtures/second-site/content';
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

test('FO-OWNER-CHECK: a link to a project that does not exist: npm run check fails, naming the page, its twin and the link', () => {
  const broken = 'tests/fixtures/broken-link-site/content';
  cpSync(join(copy, SECOND_SITE), join(copy, broken), { recursive: true });
  const file = join(copy, broken, 'pages/prensa.md');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee also [the lost project](/projects/perdido).\n`);
  const { status, out } = check(broken);
  expect(status, out).toBe(1);
  expect(out).toMatch(
    /^✗ content\/pages\/prensa\.md: links to \/projects\/perdido \(on \/prensa, \/prensa\.md\), which answers 404\. Fix: point the link at an existing project or page/m,
  );
  expect(out).toMatch(/^1 problem in your content: nothing should deploy/m);
  expect(out).not.toContain("Folio's own");
});

test('FO-SCHEDULED, FO-IMAGE-SIZE: a scheduled post and a large image: the build and npm run check name both and pass; the post is in no file until its date', async () => {
  test.setTimeout(480_000);
  const site = 'tests/fixtures/scheduled-site/content';
  const dir = join(copy, site);
  cpSync(join(copy, SECOND_SITE), dir, { recursive: true });
  mkdirSync(join(dir, 'posts'));
  const post = (slug: string, front: string) => writeFileSync(join(dir, 'posts', `${slug}.md`), `---\n${front}\n---\n\nTexto del artículo.\n`);
  post('noche-polar', 'title: Noche polar\nsummary: Fotografiar sin sol.\ndate: 2030-05-01\ncover: ../images/enorme.png\ncoverAlt: Un cielo naranja');
  post('puesta-de-sol', 'title: Puesta de sol en Hokkaido\nsummary: Lo que aprendí esperando la luz.\ndate: 2030-06-01');
  // Generated here, never committed: 4200 × 3200 px (one colour, so a small file).
  await sharp({ create: { width: 4200, height: 3200, channels: 3, background: { r: 230, g: 120, b: 30 } } })
    .png()
    .toFile(join(dir, 'images/enorme.png'));
  const scheduled = 'content/posts/puesta-de-sol.md: scheduled for 2030-06-01, left out until then';
  const large = /content\/images\/enorme\.png: a large source image \(0\.\d\d MB, 4200×3200 px\); resize it to 2400 px wide or less/;

  // The build's log names both, once each; nothing it wrote names the post.
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: copy,
    env: cleanEnv({ FOLIO_CONTENT: site, FOLIO_NOW: '2030-05-31' }),
    encoding: 'utf8',
    timeout: 200_000,
  });
  const log = `${built.stdout}${built.stderr}`;
  expect(built.status, log).toBe(0);
  expect(log.split(scheduled)).toHaveLength(2);
  expect(log).toMatch(large);
  const texts = ['dist', 'generated'].flatMap((top) =>
    readdirSync(join(copy, top), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(html|md|txt|xml|json)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name)),
  );
  expect(texts.length).toBeGreaterThan(40);
  expect(texts.filter((file) => /puesta-de-sol|Puesta de sol/.test(readFileSync(file, 'utf8')))).toEqual([]);
  expect(readFileSync(join(copy, 'dist/feed.xml'), 'utf8')).toContain('Noche polar');

  // npm run check prints both and passes: a warning never stops a deploy.
  const before = check(site, { FOLIO_NOW: '2030-05-31' });
  expect(before.status, before.out).toBe(0);
  expect(before.out).toContain(`⚠ ${scheduled}`);
  expect(before.out).toMatch(new RegExp(`^⚠ ${large.source}`, 'm'));
  expect(before.out).toContain('No problems');

  // On its date: the check builds again though no file changed, and the post is everywhere.
  const on = check(site, { FOLIO_NOW: '2030-06-01' });
  expect(on.status, on.out).toBe(0);
  expect(on.out).toContain('Building');
  expect(on.out).not.toContain('scheduled for');
  expect(readFileSync(join(copy, 'dist/feed.xml'), 'utf8')).toContain('Puesta de sol en Hokkaido');
  expect(readFileSync(join(copy, 'dist/posts/puesta-de-sol.md'), 'utf8')).toContain('Texto del artículo.');
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

test('FO-OWNER-CHECK: npm run new-site writes a minimal site that npm run check refuses, one line per placeholder; filled in, it passes', () => {
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
  // Filled in: every placeholder replaced, and the check builds, serves and passes.
  const fill = (file: string, pairs: [string, string][]) => {
    let text = readFileSync(join(copy, file), 'utf8');
    for (const [from, to] of pairs) text = text.split(from).join(to);
    writeFileSync(join(copy, file), text);
  };
  fill('content/site.md', [
    [SKELETON.name, 'Ines Duarte'],
    [SKELETON.headline, 'Type designer in Porto'],
    [SKELETON.summary, 'I draw typefaces for screens and print, and write about how letters are made.'],
    [SKELETON.url, 'https://ines.example.org'],
    [SKELETON.bio, 'I draw type.'],
  ]);
  fill('content/projects/first-project.md', [
    [SKELETON.projectTitle, 'Maré Sans'],
    [SKELETON.projectSummary, 'A humanist sans for long reading on screens.'],
    [SKELETON.projectBody, 'Maré Sans started as a study of Portuguese tile lettering.'],
  ]);
  fill('content/pages/about.md', [
    [SKELETON.pageSummary, 'Who I am, and how to reach me.'],
    [SKELETON.pageBody, 'I live in Porto.'],
  ]);
  fill('content/posts/first-post.md', [
    [SKELETON.postTitle, 'Why Maré'],
    [SKELETON.postSummary, 'How Portuguese tiles led to a typeface.'],
    [SKELETON.postBody, 'It began with the tiles of the Capela das Almas.'],
  ]);
  const r = SKELETON.resume;
  fill('content/resume.md', [
    [SKELETON.resumeBody, 'Type designer drawing for screens and print.'],
    [r.employer, 'Atelier Nord'],
    [r.position, 'Type designer'],
    [r.highlight, 'Drew Maré Sans, now in four weights.'],
    [r.institution, 'Universidade do Porto'],
    [r.studyType, 'MA'],
    [r.area, 'Communication design'],
    [r.skill, 'Type design'],
    [r.keyword, 'variable fonts'],
    [r.language, 'Portuguese'],
  ]);
  const filled = check('content');
  // The project, the page, the post and the résumé, with the home, the indexes (projects, posts) and the tag page.
  expect(filled.out).toContain('Checked 11 pages, 11 Markdown twins');
  expect(filled.out).toContain('4 records (search, REST, MCP)');
  expect(filled.status, filled.out).toBe(0);
  // One project: the home page's link says so, not "All 1 projects".
  const home = readFileSync(join(copy, 'dist/index.html'), 'utf8');
  expect(home).toContain('The project <span aria-hidden="true">→</span>');
  expect(home).not.toMatch(/All 1 projects/);
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
