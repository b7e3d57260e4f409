// FO-ANY-CONTENT: the generated sites (tests/support/generated-site.ts) are only as wide as the
// fields they write. The generator names each field by hand, so a field added to a schema
// (src/records/schema.ts) is checked here: across a few hundred generated sites, every front-matter
// field of site.md, projects and posts is written at least once, bar those listed with the reason
// the generative build leaves them out. Builds nothing: the sites are only generated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { expect, test } from 'vitest';
import { postFields, projectFields, siteConfig } from '../../src/records/schema.ts';
import { loadLanguages } from '../../src/records/load.ts';
import { GENERATED_TODAY, generatedSite, writeSite } from '../support/generated-site.ts';

/** Fields a generated site never writes, and why. */
const NOT_GENERATED: Record<string, string> = {
  // The API's settings: the generative check reads pages, twins and images, which they do not change.
  allowedOrigins: 'CORS origins of the REST API',
  rateLimits: 'request limits of the API',
  apiVersions: 'API versions and their deprecation',
};

const frontMatterOf = (text: string) => yaml.load(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as Record<string, unknown>;

test('FO-ANY-CONTENT: generated sites write every field of site.md, a project and a post, bar the API settings listed', () => {
  const written = { site: new Set<string>(), project: new Set<string>(), post: new Set<string>() };
  for (const site of fc.sample(generatedSite, { numRuns: 300, seed: 20_261_127 })) {
    for (const [path, file] of Object.entries(site.files)) {
      if (typeof file !== 'string' || !path.endsWith('.md')) continue;
      // A translation (FO-I18N) writes a subset of its main file's fields: the main files are the ones to count.
      const kind = path === 'site.md' ? 'site' : path.startsWith('projects/') ? 'project' : path.startsWith('posts/') ? 'post' : undefined;
      if (kind) for (const key of Object.keys(frontMatterOf(file))) written[kind].add(key);
    }
  }
  const missing = (shape: object, seen: Set<string>) => Object.keys(shape).filter((key) => !seen.has(key) && !(key in NOT_GENERATED));
  expect({
    site: missing(siteConfig.shape, written.site),
    project: missing(projectFields.shape, written.project),
    post: missing(postFields.shape, written.post),
  }).toEqual({ site: [], project: [], post: [] });
  expect(written.site).toContain('hero');
  expect(written.site).toContain('heroAlt');
});

test('FO-I18N: generated sites have a second language translating some of each kind of record, and every language loads', async () => {
  const sites = fc.sample(generatedSite, { numRuns: 300, seed: 20_261_127 });
  const translated = sites.filter((site) => Object.keys(site.files).some((path) => /^[a-z]{2}\//.test(path)));
  const kinds = new Set(translated.flatMap((site) => Object.keys(site.files).map((path) => /^[a-z]{2}\/([a-z]+)/.exec(path)?.[1])));
  expect(translated.length).toBeGreaterThan(50);
  expect([...kinds].filter(Boolean).sort()).toEqual(['pages', 'posts', 'projects', 'resume', 'site']);
  // Loading reads every translation against its main file: a generator that wrote a translation
  // without its main file, or a field the schema refuses, fails here, before any build.
  for (const site of translated.slice(0, 4)) {
    const dir = join(mkdtempSync(join(tmpdir(), 'folio-gen-i18n-')), 'content');
    try {
      await writeSite(site, dir);
      const catalogs = loadLanguages(dir, { today: GENERATED_TODAY });
      expect(catalogs).toHaveLength(2);
      expect(catalogs[1]!.content.projects.length).toBe(catalogs[0]!.content.projects.length);
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  }
}, 60_000);
