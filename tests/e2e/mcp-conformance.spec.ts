// FO-MCP-CONFORMANCE: the MCP conformance suite (npm `@modelcontextprotocol/conformance`, unmodified)
// against /api/mcp as npm start serves the sample fixture site, for both protocol revisions it
// tests. The suite's own baseline check reads tests/conformance/expected-failures.yaml: a failure
// not listed fails the run, and so does a listed scenario that now passes (the file must shrink).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const BASELINE = 'tests/conformance/expected-failures.yaml';
const REVISIONS = ['2025-06-18', '2025-11-25'] as const;
/** What a read-only tools-and-resources server must pass in every revision: the test can fail here. */
const MUST_PASS = ['server-initialize', 'ping', 'tools-list', 'resources-list'];

/** The baseline's entries, each with the reason after its `#`. */
function baseline(): Map<string, string> {
  const entries = [...readFileSync(BASELINE, 'utf8').matchAll(/^ {2}- ([a-z0-9-]+)(?:\s*#\s*(.*))?$/gm)];
  return new Map(entries.map((m) => [m[1]!, (m[2] ?? '').trim()]));
}

/** Scenario → whether it passed (no FAILURE and no WARNING check, the suite's own rule), from its checks.json files. */
function outcomes(dir: string): Map<string, boolean> {
  const result = new Map<string, boolean>();
  for (const entry of readdirSync(dir)) {
    const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(join(dir, entry, 'checks.json'), 'utf8')) as { status: string }[];
    result.set(
      scenario,
      checks.every((c) => c.status !== 'FAILURE' && c.status !== 'WARNING'),
    );
  }
  return result;
}

test.describe.configure({ mode: 'serial' });

test('FO-MCP-CONFORMANCE: every expected failure says why it does not apply to a read-only tools server', () => {
  const entries = baseline();
  expect(entries.size).toBeGreaterThan(10);
  for (const [scenario, reason] of entries) expect(reason.length, `${scenario} needs a reason after #`).toBeGreaterThan(20);
  for (const scenario of MUST_PASS) expect(entries.has(scenario), scenario).toBe(false);
});

for (const revision of REVISIONS) {
  test(`FO-MCP-CONFORMANCE: the conformance suite at ${revision} finds no failure beyond the expected ones, and none of those passes`, async ({ baseURL }) => {
    test.setTimeout(240_000);
    const out = mkdtempSync(join(tmpdir(), `folio-conformance-${revision}-`));
    try {
      // Node 24 (the suite needs 22 or later), the project's own copy.
      const run = spawnSync(
        'node_modules/.bin/node',
        [
          'node_modules/@modelcontextprotocol/conformance/dist/index.js',
          'server',
          '--url',
          `${baseURL}/api/mcp`,
          '--spec-version',
          revision,
          '--expected-failures',
          BASELINE,
          '-o',
          out,
        ],
        { encoding: 'utf8', timeout: 220_000, maxBuffer: 64 * 2 ** 20 },
      );
      const ran = outcomes(out);
      const expected = baseline();
      const unexpected = [...ran].filter(([s, passed]) => !passed && !expected.has(s)).map(([s]) => s);
      const stale = [...ran].filter(([s, passed]) => passed && expected.has(s)).map(([s]) => s);
      const figures = {
        pass: [...ran.values()].filter(Boolean).length,
        expected: [...ran].filter(([s, passed]) => !passed && expected.has(s)).length,
        unexpected: unexpected.length,
      };
      test.info().annotations.push({ type: `conformance ${revision}`, description: JSON.stringify(figures) });
      expect(ran.size, run.stdout + run.stderr).toBeGreaterThan(20);
      expect(unexpected, 'failures not in tests/conformance/expected-failures.yaml').toEqual([]);
      expect(stale, `these now pass: remove them from ${BASELINE}`).toEqual([]);
      for (const scenario of MUST_PASS) expect(ran.get(scenario), scenario).toBe(true);
      // The suite's own baseline check agrees (exit 0 only when nothing is unexpected or stale).
      expect(run.status, run.stdout.slice(-2000)).toBe(0);
      expect(run.stdout).toContain('Baseline check passed');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}
