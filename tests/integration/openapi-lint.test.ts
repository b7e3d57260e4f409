// PF-DISCOVERY: openapi.json (OpenAPI 3.1) passes a real OpenAPI linter in the tests: Redocly's recommended rules
// (redocly.yaml says which two are off, and why), offline, on the file the build wrote and on a
// document generated for a site URL that is not a placeholder.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteData } from '../../src/server/data.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { tempDir } from '../support/temp-dir.ts';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
}

function lint(file: string, config = 'redocly.yaml'): LintReport {
  let stdout: string;
  try {
    stdout = execFileSync('node_modules/.bin/redocly', ['lint', file, '--format=json', `--config=${config}`], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // redocly exits non-zero when it finds errors; the report is still on stdout.
    stdout = (error as { stdout: string }).stdout;
  }
  return JSON.parse(stdout) as LintReport;
}

const readable = (report: LintReport) => report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);

describe('PF-DISCOVERY: openapi.json lints clean (redocly, recommended rules)', () => {
  it('the built dist/openapi.json: no errors, no warnings', () => {
    expect(existsSync('dist/openapi.json'), 'run `npm run build` first (npm run test:all does)').toBe(true);
    const report = lint('dist/openapi.json');
    expect(readable(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('the built file is exactly what the generator makes for the built site (never edited by hand)', () => {
    const built = JSON.parse(readFileSync('dist/openapi.json', 'utf8'));
    expect(built).toEqual(JSON.parse(JSON.stringify(openApiFor(siteData().site))));
  });

  it('a document for a real-looking site URL: no errors, no warnings, and the server rule on', () => {
    const dir = tempDir('folio-openapi-');
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(openApiFor({ ...siteData().site, url: 'https://mara.dev' })));
    // The same rules, plus the placeholder-server rule redocly.yaml turns off for the sample content.
    writeFileSync(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\nrules:\n  info-license: off\n  operation-4xx-response: off\n');
    const report = lint(file, join(dir, 'redocly.yaml'));
    expect(readable(report)).toEqual([]);
  });

  it('the linter really runs: a broken document fails it', () => {
    const dir = tempDir('folio-openapi-');
    const file = join(dir, 'openapi.json');
    const doc = openApiFor(siteData().site) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    doc.paths['/api/v1/search']!.get!.responses['200'] = {
      description: 'x',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } },
    };
    writeFileSync(file, JSON.stringify(doc));
    expect(readable(lint(file))).toEqual([expect.stringMatching(/^no-unresolved-refs: .*search\/get\/responses\/200/)]);
  });
});
