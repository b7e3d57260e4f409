// FO-CONTENT-ERRORS at the build's entry points, each run as the owner runs it, in a child process:
// `npm run build` (scripts/build.ts) and astro.config.ts on bad content print the one clean message.
// In the integration tier: it runs the build script (tests/unit/records-loader.test.ts has the loader's messages).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', `content-${name}`, 'content');

describe('FO-CONTENT-ERRORS: the build entry point', () => {
  const repo = join(import.meta.dirname, '..', '..');
  const buildWith = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['scripts/build.ts'], {
      cwd: repo,
      env: { ...process.env, FOLIO_CONTENT: 'tests/fixtures/content-bad-type/content', ...env },
      encoding: 'utf8',
    });

  test('npm run build on bad content prints the clean message alone and exits non-zero', () => {
    const run = buildWith({ FOLIO_DEBUG: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Invalid content: content/projects/alpha.md: field "type" expected one of app, library, tool, service, research, talk (built in) or a type of your own declared under types: in content/site.md, got "website"\n\n' +
        `Fix the file in ${join(repo, 'tests/fixtures/content-bad-type/content')} and build again (README § Writing content).\n`,
    );
    expect(run.stdout).toBe('');
  });

  test('FO-CONTENT-ALL: npm run build names every language’s mistakes at once, before anything is built', () => {
    const run = buildWith({ FOLIO_DEBUG: '', FOLIO_CONTENT: 'tests/fixtures/content-many-problems/content' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^ {2}- content\/projects\/alpha\.md: field "title" expected non-empty text/m);
    // A translation's mistake (here: a field only its main file may set) stops the build in the same message.
    expect(run.stderr).toMatch(/^ {2}- content\/de\/projects\/alpha\.md: field "date" is the main file's/m);
    expect(run.stderr).toMatch(/^ {2}- content\/de\/pages\/impressum\.md: translates content\/pages\/impressum\.md, which does not exist/m);
    expect(run.stdout).toBe('');
  });

  test('FOLIO_DEBUG=1 shows where the error came from', () => {
    const run = buildWith({ FOLIO_DEBUG: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/ContentError: Invalid content: content\/projects\/alpha\.md/);
    expect(run.stderr).toMatch(/^\s+at .*load\.ts/m);
  });

  test('astro.config.ts fails to load on bad content, printing the one message', () => {
    const config = pathToFileURL(join(import.meta.dirname, '..', '..', 'astro.config.ts')).href;
    const env = { ...process.env };
    delete env.FOLIO_SITE_URL;
    delete env.FOLIO_CONTENT;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(config)})`], {
      cwd: join(fixture('bad-type'), '..'),
      env,
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(
      'ContentError: Invalid content: content/projects/alpha.md: field "type" expected one of app, library, tool, service, research, talk (built in) or a type of your own declared under types: in content/site.md, got "website"',
    );
  });
});
