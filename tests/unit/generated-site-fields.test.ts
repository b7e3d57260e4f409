// FO-ANY-CONTENT: the generated sites (tests/support/generated-site.ts) are only as wide as the
// fields they write. The generator names each field by hand, so a field added to a schema
// (src/records/schema.ts) is checked here: across a few hundred generated sites, every front-matter
// field of site.md, projects and posts is written at least once, bar those listed with the reason
// the generative build leaves them out. Builds nothing: the sites are only generated.
import fc from 'fast-check';
import yaml from 'js-yaml';
import { expect, test } from 'vitest';
import { postFields, projectFields, siteConfig } from '../../src/records/schema.ts';
import { generatedSite } from '../support/generated-site.ts';

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
