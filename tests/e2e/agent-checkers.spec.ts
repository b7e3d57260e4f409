// FO-CHECKERS: the Agent-Friendly Documentation checker (npm `afdocs`, unmodified) against the
// sample fixture site as npm start serves it: no check fails, llms.txt (with its section files)
// covers every page of the sitemap, and the twins and the HTML pages point at it.
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

test('FO-CHECKERS: afdocs finds no failing check, and llms.txt covers the sitemap', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const run = spawnSync('node_modules/.bin/afdocs', ['check', baseURL!, '--format', 'json', '--quiet', '--sampling', 'deterministic'], {
    encoding: 'utf8',
    timeout: 220_000,
    maxBuffer: 64 * 2 ** 20,
  });
  expect(run.stdout.length, run.stderr).toBeGreaterThan(0);
  const report = JSON.parse(run.stdout) as { summary: Record<string, number>; results: { id: string; status: string; message: string }[] };
  const notPassing = report.results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => `${r.id}: ${r.message}`);
  expect(notPassing).toEqual([]);
  expect(report.summary.pass).toBeGreaterThan(20);
  const status = (id: string) => report.results.find((r) => r.id === id)?.status;
  expect(status('llms-txt-coverage')).toBe('pass');
  expect(status('content-negotiation')).toBe('pass');
  expect(status('markdown-url-support')).toBe('pass');
});
