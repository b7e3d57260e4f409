// Each rule the MCP server implements, and the tests that verify it: a rule no test title cites
// fails here, so a rule cannot be dropped from the suite silently.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REQUIREMENTS: Record<string, string> = {
  'PF-MCP': 'Stateless Streamable HTTP on POST /api/mcp, JSON responses, 2025-11-25 and 2026-07-28, GET/DELETE 405 with Allow: POST',
  'PF-TOOLS': 'Every tool of the table read-only, with input and output schemas, structuredContent and text, REST answers and REST error codes',
  'FO-ONE-RECORD': "Every record's Markdown twin as a resource, listed in pages and readable",
  'PF-SERVER-CARD': 'Server card at /api/mcp/server-card: media type, fields, CORS, Cache-Control, ETag, 304',
  'PF-CORS': 'CORS for any origin incl. preflight and errors',
  'MCP Streamable HTTP § Sending Messages': 'Accept must list application/json and text/event-stream (406)',
  'docs/decisions.md § Limits': 'Bodies over 64 KiB → 413',
  'docs/decisions.md § Errors': 'Non-JSON bodies and media types → catalog codes',
  'PF-ERROR-SHAPE': 'Tool errors carry the REST code and hint',
  'PF-RATE-LIMIT': 'The portfolio rate-limit policy on every answer; 429 over it',
  'server-card extension § Consistency with Runtime Behavior': 'The card agrees with serverInfo and the revisions served',
  'FO-MCP-SIZE': 'detail and fields size get_project, search_portfolio, list_projects, get_post and list_posts; defaults are REST answers',
  'FO-MCP-APPS': 'MCP Apps: the extension advertised, the ui:// project card linked from tool metadata, self-contained and safe',
  'FO-MCP-CONFORMANCE': 'The MCP conformance suite passes but for the expected failures, each with its reason',
};

/** Titles of every describe/it/test in the MCP test files, unit and end to end. */
function titles(): string[] {
  const files = [
    ...readdirSync('tests/unit')
      .filter((f) => /^mcp-.*\.test\.ts$/.test(f) && f !== 'mcp-requirements.test.ts')
      .map((f) => join('tests/unit', f)),
    ...readdirSync('tests/e2e')
      .filter((f) => /^mcp-.*\.spec\.ts$/.test(f))
      .map((f) => join('tests/e2e', f)),
  ];
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\b(?:describe|it|test)\(\s*(['`])((?:(?!\1).)*)\1/g)].map((m) => m[2]!));
}

describe('every MCP requirement is cited by a test', () => {
  const all = titles();
  it('finds the test titles', () => expect(all.length).toBeGreaterThan(40));
  for (const [rule, what] of Object.entries(REQUIREMENTS)) {
    it(`${rule}: ${what}`, () => {
      expect(
        all.filter((t) => t.includes(rule)),
        `no test title cites "${rule}"`,
      ).not.toHaveLength(0);
    });
  }
});
