// FO-AGENT-READABILITY: Vercel's Agent Readability audit (npm `@vercel/agent-readability`, its
// `audit` bin, unmodified) against the sample fixture site as npm start serves it. Not at its top
// score, by decision: every check it fails is listed below with the reason, the test fails on any
// other failure, and an entry whose check passes fails the run as stale (the list must shrink).
// Read in its source (dist/cli/index.cjs, 0.5.1), not guessed: each reason says what the check sends.
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

interface Check {
  name: string;
  passed: boolean;
  skipped: boolean;
  tier: string;
  detail?: string;
}
interface Report {
  score: number;
  categories: Record<string, { passed: number; total: number; skipped: number; checks: Check[] }>;
}

/** The checks Folio fails by decision, and why. */
const KNOWN: Record<string, string> = {
  // docs/decisions.md § Markdown twins: one URL answers one form by Accept and ?mode=agent, so the
  // CDN keys both apart by Vary; a User-Agent route would send a browser-like agent the other form.
  'Agent UA → markdown': 'negotiation is by Accept (and ?mode=agent), never by User-Agent',
  // It asks /this-page-does-not-exist-404-test with Accept: text/markdown and passes only on a 2xx
  // ("Return 200 with markdown for missing pages"); its own required "Soft 404 detection" fails a
  // 2xx at /nonexistent-path-check. Folio answers 404 with a Markdown body (the audit sees "returned
  // 404"): DESIGN § Markdown twins, "Unknown paths: a real 404 … never a 200".
  'Missing page → markdown': 'a missing page is a real 404 (with a Markdown body for a Markdown request), never a 200',
};

/**
 * Checks whose outcome depends on which pages the audit samples (it shuffles the sitemap with
 * Math.random() and reads five): excused either way, never stale.
 */
const SAMPLED: Record<string, string> = {
  // It wants 50–160 characters. A tag page names what carries the tag (FO-TAG-SUMMARY), but one
  // with a short-titled page stays under 50, as do filtered listings: a third of the sample's pages.
  'Meta description':
    'pages use their summary as meta description: a tag page with one record ("1 page tagged “now”: Now.") and a filtered listing ("2 apps by Mara Lindqvist.") are under the audit\'s 50 characters',
  // It wants over 200 characters of text in <main> on half of the five it reads: 15 of the sample's
  // 102 pages are tag pages listing one page (148–200 characters), so a draw of three of them fails it.
  'Server-rendered content': 'a tag page listing one record has under 200 characters of text; the audit counts five pages drawn at random',
  // Three h1–h3 on half of the five it reads.
  'Heading structure': 'a short page has one or two headings; the audit counts h1–h3 on five pages drawn at random',
  // It reads the first sampled page's Markdown (by Accept) and wants a `date:`/`lastmod:` key: a
  // twin says when it changed only where the content dates it (FO-TWIN-FRONT-MATTER), so a page,
  // the résumé, the developer pages and a tag with only pages have none; no build date is invented.
  Frontmatter: 'an undated page (about, the résumé, /developers) has no date in its front matter: the content gives it none',
};
async function audit(base: string): Promise<Report> {
  const { stdout, stderr } = await promisify(execFile)('node_modules/.bin/agent-readability', ['audit', `${base}/`, '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 16 * 2 ** 20,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }));
  expect(stdout.length, stderr).toBeGreaterThan(0);
  return JSON.parse(stdout) as Report;
}

test('FO-AGENT-READABILITY: the audit finds nothing beyond the listed decisions, and every listed finding still fails', async ({ baseURL }) => {
  test.setTimeout(150_000);
  const report = await audit(baseURL!);
  const checks = Object.values(report.categories).flatMap((c) => c.checks);
  expect(checks.length).toBeGreaterThanOrEqual(20);
  const failed = checks.filter((c) => !c.passed && !c.skipped).map((c) => c.name);
  test.info().annotations.push({ type: 'agent-readability', description: JSON.stringify({ score: report.score, failed }) });
  expect(failed.filter((name) => !(name in KNOWN) && !(name in SAMPLED))).toEqual([]);
  expect(
    Object.keys(KNOWN).filter((name) => !failed.includes(name)),
    'these pass now: remove them from KNOWN',
  ).toEqual([]);
  // Every check of the required tier but the User-Agent one passes (the reach and discovery checks
  // among them), but for one whose outcome is the random draw's (SAMPLED).
  expect(checks.filter((c) => c.tier === 'required' && !c.passed && !c.skipped && !(c.name in SAMPLED)).map((c) => c.name)).toEqual(['Agent UA → markdown']);
  // FO-SITEMAP-MD: the sitemap's lastmod and /sitemap.md pass, whichever pages were sampled.
  for (const name of ['sitemap.md', 'sitemap.xml']) expect(checks.find((c) => c.name === name)?.passed, name).toBe(true);
  // FO-TWIN-FRONT-MATTER: the twin it read has front matter with a title, a description and a
  // canonical URL; only the date may be missing (an undated page, above).
  const front = checks.find((c) => c.name === 'Frontmatter')!;
  expect(front.skipped, 'the audit read a twin').toBe(false);
  if (!front.passed) expect(front.detail).toBe('missing last_updated');
});
