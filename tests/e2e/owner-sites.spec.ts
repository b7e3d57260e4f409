// FO-OWNER-CHECK: `npm run check` and `npm run new-site` as an owner meets them where only the command
// shows it: broken content refused before any build with a line naming the file at fault, the new
// site's skeleton refused one line per placeholder, a url that is not the deploy's refused, and the
// exit codes. What the check's site checks say of a site is shown with no build over rendered sites
// (tests/unit/pages-owner-sites.test.ts: the second fixture site, nothing like the sample, passing;
// a broken link; the new site filled in; a scheduled post on its date). The whole command (build,
// serve, check over real HTTP, pass) and the owner's loop with npm start run on the kitchen-sink
// site's one build (tests/e2e/kitchen-sink.spec.ts, with its scheduled post and large image), on
// generated sites (tests/integration/content-model-sites.test.ts) and at owner scale
// (tests/scale/owner-scale.test.ts) (FO-TEST-TIERS: at most 12 site builds a run).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { cleanEnv, repoCopy } from './serve-support.ts';
import { freePort } from '../../scripts/free-port.ts';
import { SECOND_SITE } from '../support/scheduled-site.ts';

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

test('FO-CONTENT-ERRORS, FO-CONTENT-ALL: invalid content: npm run check fails before building, one line per problem naming the file and field, in every language', () => {
  const { status, out } = check('tests/fixtures/content-many-problems/content');
  expect(status, out).toBe(1);
  expect(out).toMatch(/^✗ content\/projects\/[a-z]+\.md: field "/m);
  // FO-CONTENT-ALL: the translation's mistakes in the same run as the main language's, each naming its file and field.
  expect(out).toMatch(
    /^✗ content\/de\/projects\/alpha\.md: field "date" is the main file's, the same in every language: set it in content\/projects\/alpha\.md/m,
  );
  expect(out).toMatch(/^✗ content\/de\/pages\/about\.md: line 6: a level-1 heading/m);
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
