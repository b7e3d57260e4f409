// The owner-scale guard (`npm run test:all`, so CI on every submission): a site of 1,000 records, a
// large owner's, generated from the bench's seeded corpus (bench/corpus.ts) in a throwaway copy of
// the project, passes `npm run check` as an owner runs it: it builds, serves the build and checks
// every page, twin, link, record and agent file over real HTTP. The 10,000-record build is
// `npm run test:scale` (build-10k.test.ts), run when build code changes.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.ts';
import { copyProject, removeDir, tempDir } from '../../bench/site.ts';

const RECORDS = 1_000;

describe('FO-SCALE: a 1,000-record site passes npm run check', () => {
  let root = '';
  afterAll(() => root && removeDir(root));

  it('npm run check builds, serves and checks every surface of the generated site, with no problem', () => {
    root = copyProject(tempDir('owner-scale'));
    const corpus = generateCorpus(root, { records: RECORDS });
    expect(corpus.projects.length + corpus.pages.length).toBe(RECORDS);
    const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_CONTENT: '' };
    for (const name of ['FOLIO_SITE_URL', 'FOLIO_TEST_PORT', 'FOLIO_RATE_LIMITS', 'FOLIO_DATA_FILE']) delete env[name];
    const check = spawnSync(process.execPath, ['scripts/check.ts'], { cwd: root, env, encoding: 'utf8' });
    const output = `${check.stdout}${check.stderr}`;
    expect(check.status, output.slice(-4000)).toBe(0);
    console.log(output.trim().split('\n').at(-1));
  });
});
