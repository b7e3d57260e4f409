// FO-BUILD-OUTPUT: what `npm run build` prints, from real builds of a small fixture site with images
// and a résumé (tests/fixtures/second-site, plus a résumé) in a copy of the repository: one line per
// phase with its counts and a summary, not Astro's route-by-route log; `--verbose` keeps that log.
import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyProject, REPO_ROOT } from '../../bench/site.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = tempDir('folio-build-output-', 'file');
const repo = copyProject(join(root, 'repo'));
const content = join(root, 'content');
cpSync(join(REPO_ROOT, 'tests/fixtures/second-site/content'), content, { recursive: true });
writeFileSync(join(content, 'resume.md'), '---\nlabel: Photographer and sensor tinkerer\n---\n\nI build cameras and the sensors in them.\n');

// biome-ignore lint/suspicious/noControlCharactersInRegex: a terminal colour code starts with ESC.
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** `npm run build` in the copy (not a terminal: its output is a log), with Node 24 first on PATH. */
function npmBuild(args: string[] = []): string {
  const run = spawnSync('npm', ['run', '--silent', 'build', '--', ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 240_000,
    env: {
      ...process.env,
      PATH: `${join(repo, 'node_modules/.bin')}:${join(process.execPath, '..')}:${process.env.PATH ?? ''}`,
      ASTRO_TELEMETRY_DISABLED: '1',
      FOLIO_CONTENT: content,
      FOLIO_CACHE_DIR: join(root, 'cache'),
      FOLIO_SITE_URL: 'http://127.0.0.1:4321',
      FOLIO_VERBOSE: '',
    },
  });
  const output = `${run.stdout}${run.stderr}`.replace(ANSI_COLOUR, '');
  expect(run.status, output).toBe(0);
  return output;
}

describe('FO-BUILD-OUTPUT: a build shows its phases, not a route log', () => {
  test('FO-BUILD-OUTPUT: a first build prints one line per phase with counts and a summary with the time, and no route of Astro’s', {
    timeout: 300_000,
  }, () => {
    const out = npmBuild();
    const lines = out.split('\n');
    // Phases, in order, with their counts.
    const phases = [
      /^Building .*content\/ \(6 projects, 0 posts, 12 pages, a résumé\); --verbose shows Astro's log$/,
      /^pages: [\d,]+ rendered$/,
      /^social cards: (\d+), \1 drawn, 0 from the cache$/,
      /^images: \d+ files of 5 source images, \d+ encoded, 0 from the cache$/,
      /^llms\.txt: [\d,]+ characters, ~[\d,]+ tokens$/,
      /^data file: 6 projects, 0 posts, 12 pages, a résumé for the function \(build [\w-]+\)$/,
      /^twins: \d+ Markdown files; (\d+) of \1 pages have a twin$/,
      /^function: \d+ files, \d+ KB$/,
      /^Built in \d+\.\d s: \d+ pages, \d+ Markdown files, \d+ image files \(\d+ encoded now\), \d+ social cards \(\d+ drawn now\), in dist\/\.$/,
    ];
    let at = -1;
    for (const phase of phases) {
      const found = lines.findIndex((line, i) => i > at && phase.test(line));
      expect(found, `no line ${phase} after line ${at} in:\n${out}`).toBeGreaterThan(at);
      at = found;
    }
    // None of Astro's own lines: its route log, its headings, its per-page timings.
    expect(out).not.toContain('├─');
    expect(out).not.toContain('generating static routes');
    expect(out).not.toMatch(/\[build\]|\[vite\]|\[types\]/);
    expect(out).not.toContain('file not created');
  });

  test('FO-BUILD-OUTPUT: --verbose keeps Astro’s route-by-route log; the résumé’s twin route writes its file on a site with a résumé', {
    timeout: 300_000,
  }, () => {
    const out = npmBuild(['--verbose']);
    expect(out).toContain('generating static routes');
    expect(out).toMatch(/├─ \/og\/projects\/lumen-meter\.png/);
    expect(out).toMatch(/^pages: [\d,]+ rendered$/m);
    // The résumé's twin is its route's file (src/pages/[...lang]/resume.md.ts) on a site that has a résumé.
    expect(out).toMatch(/├─ \/resume\.md/);
    expect(out).not.toMatch(/\/resume\.md.*file not created/);
    expect(out).not.toContain("--verbose shows Astro's log");
  });
});
