// FO-MCP-CONFORMANCE: the MCP conformance suite (npm `@modelcontextprotocol/conformance`, unmodified)
// against /api/mcp as npm start serves the sample fixture site, once per protocol revision it can
// judge. The suite's own baseline check reads the revision's tests/conformance/expected-failures-*.yaml:
// a failure not listed fails the run, and so does a listed scenario or check that now passes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * One run per revision Folio serves that the suite can judge. 2026-07-28 and 2025-11-25 have frozen
 * requirement sets (`--requirements`: exactly the scenarios that revision requires, at its own
 * wire); 2025-06-18 has none in this version of the suite, so it runs the scenarios tagged for it
 * (`--spec-version`) against the 2025-11-25 baseline. 2025-03-26 has neither.
 */
const RUNS = [
  {
    revision: '2026-07-28',
    args: ['--requirements', '2026-07-28'],
    baseline: 'tests/conformance/expected-failures-2026-07-28.yaml',
    mustPass: ['tools-list', 'resources-list', 'sep-2164-resource-not-found', 'dns-rebinding-protection'],
  },
  {
    revision: '2025-11-25',
    args: ['--requirements', '2025-11-25'],
    baseline: 'tests/conformance/expected-failures-2025-11-25.yaml',
    mustPass: ['server-initialize', 'ping', 'tools-list', 'resources-list'],
  },
  {
    revision: '2025-06-18',
    args: ['--spec-version', '2025-06-18'],
    baseline: 'tests/conformance/expected-failures-2025-11-25.yaml',
    mustPass: ['server-initialize', 'ping', 'tools-list', 'resources-list'],
  },
] as const;

/** The baseline's entries (`scenario` or `scenario:check`), each with the reason after its `#`. */
function baseline(file: string): Map<string, string> {
  const entries = [...readFileSync(file, 'utf8').matchAll(/^ {2}- ([a-z0-9-]+(?::[a-z0-9-]+)?)(?:\s*#\s*(.*))?$/gm)];
  return new Map(entries.map((m) => [m[1]!, (m[2] ?? '').trim()]));
}

/** Scenario → the ids of its checks that failed (FAILURE or WARNING: the suite's baseline counts both), from its checks.json files. */
function outcomes(dir: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const entry of readdirSync(dir)) {
    const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(join(dir, entry, 'checks.json'), 'utf8')) as { id: string; status: string }[];
    result.set(
      scenario,
      checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => c.id),
    );
  }
  return result;
}

test.describe.configure({ mode: 'serial' });

test('FO-MCP-CONFORMANCE: every expected failure says why it does not apply to a read-only tools server', () => {
  for (const { baseline: file, mustPass } of RUNS) {
    const entries = baseline(file);
    expect(entries.size, file).toBeGreaterThan(10);
    for (const [scenario, reason] of entries) expect(reason.length, `${file}: ${scenario} needs a reason after #`).toBeGreaterThan(20);
    for (const scenario of mustPass) expect(entries.has(scenario), scenario).toBe(false);
  }
});

for (const { revision, args, baseline: file, mustPass } of RUNS) {
  test(`FO-MCP-CONFORMANCE: the conformance suite at ${revision} finds no failure beyond the expected ones, and none of those passes`, async ({ baseURL }) => {
    test.setTimeout(300_000);
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
          ...args,
          '--expected-failures',
          file,
          '-o',
          out,
        ],
        { encoding: 'utf8', timeout: 280_000, maxBuffer: 64 * 2 ** 20 },
      );
      const ran = outcomes(out);
      const expected = baseline(file);
      const excused = (scenario: string, check: string) => expected.has(scenario) || expected.has(`${scenario}:${check}`);
      const unexpected = [...ran].flatMap(([s, failed]) => failed.filter((check) => !excused(s, check)).map((check) => `${s}:${check}`));
      const stale = [...expected.keys()].filter((entry) => {
        const [scenario, check] = entry.split(':') as [string, string | undefined];
        const failed = ran.get(scenario);
        return failed !== undefined && (check ? !failed.includes(check) : failed.length === 0);
      });
      const figures = {
        scenarios: ran.size,
        pass: [...ran.values()].filter((f) => f.length === 0).length,
        expected: [...ran].filter(([, f]) => f.length > 0).length,
        unexpected: unexpected.length,
      };
      test.info().annotations.push({ type: `conformance ${revision}`, description: JSON.stringify(figures) });
      expect(ran.size, run.stdout + run.stderr).toBeGreaterThan(20);
      expect(unexpected, `failures not in ${file}`).toEqual([]);
      expect(stale, `these now pass: remove them from ${file}`).toEqual([]);
      for (const scenario of mustPass) expect(ran.get(scenario), scenario).toEqual([]);
      // The suite's own baseline check agrees (exit 0 only when nothing is unexpected or stale).
      expect(run.status, run.stdout.slice(-3000)).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}
