// FO-THEME: content/custom.css is content. The deploy workflow (.github/workflows/deploy.yml) runs
// Folio's engine suite only when something outside content/ changed; its "What changed" step, run
// here as written, on real commits: a custom.css edit is content-only, a change to Folio's own
// stylesheet is code.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const WORKFLOW = readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'deploy.yml'), 'utf8');

/** The shell script of the step named `What changed`: the `run: |` block, de-indented. */
function whatChangedScript(): string {
  const lines = WORKFLOW.split('\n');
  const step = lines.findIndex((l) => /^\s*- name: What changed\s*$/.test(l));
  const run = lines.findIndex((l, i) => i > step && /^\s*run: \|\s*$/.test(l));
  expect(step).toBeGreaterThan(0);
  const indent = /^\s*/.exec(lines[run + 1]!)![0].length;
  const body: string[] = [];
  for (const line of lines.slice(run + 1)) {
    if (line.trim() && /^\s*/.exec(line)![0].length < indent) break;
    body.push(line.slice(indent));
  }
  return body.join('\n');
}

const repo = mkdtempSync(join(tmpdir(), 'folio-deploy-change-'));
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(`${repo}.github-output`, { force: true });
});
const git = (...args: string[]) => {
  const run = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
};
const commitFile = (path: string, text: string) => {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
  git('add', '-A');
  git('commit', '-q', '-m', path);
  return git('rev-parse', 'HEAD');
};
/** The step's output (code=true|false) for the change from `base` to HEAD. */
function codeChanged(base: string, event = 'push'): string {
  const out = `${repo}.github-output`;
  writeFileSync(out, '');
  const run = spawnSync('bash', ['-e', '-c', whatChangedScript()], {
    cwd: repo,
    env: { ...process.env, BASE: base, EVENT: event, GITHUB_OUTPUT: out },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(out, 'utf8').trim();
}

describe('FO-THEME: the deploy workflow treats content/custom.css as content', () => {
  git('init', '-q');
  const first = commitFile('src/styles/global.css', ':root { --accent: #a1401a; }\n');
  commitFile('content/site.md', '---\nname: A\n---\n');

  test("adding or editing content/custom.css (and site.md's theme) is a content-only change: no engine suite", () => {
    const before = git('rev-parse', 'HEAD');
    commitFile('content/custom.css', ':root { --radius: 3px; }\n');
    expect(codeChanged(before)).toBe('code=false');
    const again = git('rev-parse', 'HEAD');
    commitFile('content/custom.css', ':root { --radius: 0; }\n');
    commitFile('content/site.md', '---\nname: A\ntheme:\n  accent: "#6b21a8"\n---\n');
    expect(codeChanged(again)).toBe('code=false');
  });

  test("a change to Folio's own stylesheet is code: the engine suite runs", () => {
    const before = git('rev-parse', 'HEAD');
    commitFile('src/styles/global.css', ':root { --accent: #1d5fd1; }\n');
    expect(codeChanged(before)).toBe('code=true');
    expect(codeChanged(first)).toBe('code=true');
  });
});

describe('FO-SCHEDULED: the deploy workflow rebuilds once a day, so a scheduled post appears on its date without a push', () => {
  test('a daily schedule, deployed to production like a push to main', () => {
    expect(WORKFLOW).toMatch(/^ {2}schedule:\n {4}- cron: '\d+ \d+ \* \* \*'$/m);
    expect(WORKFLOW).toMatch(/TARGET: \$\{\{ github\.event_name != 'pull_request' && 'production' \|\| 'preview' \}\}/);
    expect(WORKFLOW).toMatch(/PROD_FLAG: \$\{\{ github\.event_name != 'pull_request' && '--prod' \|\| '' \}\}/);
  });

  test('the daily run has no base commit and changed no code: no engine suite, only the check and the deploy', () => {
    // A schedule event carries no "before" commit: without the schedule case the step says code=true.
    expect(codeChanged('', 'push')).toBe('code=true');
    expect(codeChanged('', 'schedule')).toBe('code=false');
  });
});
