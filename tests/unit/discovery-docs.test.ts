// The agent and developer documents: SKILL.md (Agent Skills format), AGENTS.md, pricing.md, the
// developer guide and its examples, the deprecation policy, robots.txt, the sitemap and the links.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { agentSkillsIndex, agentSkillsIndexText } from '../../src/discovery/agent-skills.ts';
import { parseFrontMatter } from '../../src/records/front-matter.ts';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import type { Content } from '../../src/records/schema.ts';
import { ERRORS } from '../../src/server/errors.ts';
import { MAX_BODY_BYTES, MAX_QUERY_CHARS } from '../../src/server/http.ts';
import { MAX_BATCH_QUERIES, MAX_PAGE_LIMIT } from '../../src/server/knowledge/schemas.ts';
import { MAX_LIMIT } from '../../src/server/portfolio.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { createApp } from '../../src/server/app.ts';
import { versionHeaders } from '../../src/server/middleware/versioning.ts';
import { agentsMarkdown } from '../../src/discovery/agents-md.ts';
import { machineAgentDocs, readableAgentDocs } from '../../src/discovery/llms-section.ts';
import { llmsTxt } from '../../src/discovery/llms.ts';
import { ENTRY_GROUPS, ENTRY_POINTS } from '../../src/discovery/entry-points.ts';
import { deprecationMarkdown, deprecationPolicy } from '../../src/discovery/deprecation.ts';
import { MIN_SUNSET_DAYS } from '../../src/records/schema.ts';
import { developerGuide, developersMarkdown, inlineHtml, schemaRules } from '../../src/discovery/developers.ts';
import { openApiFor } from '../../src/discovery/openapi-file.ts';
import { answerText, apiExamples, curlCommand, factHolds, fieldName, resolvePointer } from '../../src/discovery/examples.ts';
import { DISCOVERY_FILES } from '../../src/discovery/files.ts';
import { API_CATALOG_LINK_HEADER, HOME_LINKS, homeLinkHeader, homeLinkTags } from '../../src/discovery/links.ts';
import { pricingMarkdown } from '../../src/discovery/pricing.ts';
import { robotsTxt } from '../../src/discovery/robots.ts';
import { MAX_SKILL_DESCRIPTION, MAX_SKILL_NAME, SKILL_NAME_PATTERN, skillMarkdown, skillName } from '../../src/discovery/skill-md.ts';
import { sitemapEntries, sitemapXml } from '../../src/discovery/sitemap.ts';
import { roomy } from '../support/portfolio-helpers.ts';

const content = loadContent();
const { site } = content;

describe('PF-DISCOVERY: /SKILL.md in the Agent Skills format', () => {
  const { data, body } = parseFrontMatter(skillMarkdown(content)) as { data: { name: string; description: string }; body: string };

  it('front matter: name (lowercase, digits, single hyphens, ≤ 64) and description (≤ 1024), nothing else required', () => {
    expect(Object.keys(data).sort()).toEqual(['description', 'name']);
    expect(data.name).toMatch(SKILL_NAME_PATTERN);
    expect(data.name.length).toBeLessThanOrEqual(MAX_SKILL_NAME);
    expect(data.description.length).toBeGreaterThan(0);
    expect(data.description.length).toBeLessThanOrEqual(MAX_SKILL_DESCRIPTION);
    expect(data.description).toMatch(/^Search and read .* Use when /);
  });

  it('skill names stay valid for any site name: diacritics, punctuation, length, nothing usable', () => {
    expect(skillName('Mara Lindqvist')).toBe('mara-lindqvist-site');
    expect(skillName('Zoë  Åström & Co.')).toBe('zoe-astrom-co-site');
    expect(skillName('---')).toBe('site');
    expect(skillName('x'.repeat(200))).toHaveLength(MAX_SKILL_NAME);
    for (const name of ['Ünïcødé', 'a--b', '  spaced  out ', 'UPPER case 42', `${'x'.repeat(59)} y`]) expect(skillName(name), name).toMatch(SKILL_NAME_PATTERN);
  });

  it('then how to use the API: the steps, the tested examples, errors and links', () => {
    expect(body).toMatch(/^\n# /);
    for (const path of ['/ask', '/api/v1/search', '/api/v1/projects', '/api/v1/compare', '/api/mcp', '/openapi.json', '/developers'])
      expect(body).toContain(`${site.url}${path}`);
    for (const example of apiExamples(content).filter((e) => e.inSkill)) {
      expect(body).toContain(curlCommand(example, site.url));
      expect(body).toContain(answerText(example));
    }
  });
});

describe('FO-AGENT-SKILLS: /.well-known/agent-skills/index.json (Agent Skills Discovery v0.2.0)', () => {
  it('the final v0.2.0 shape: $schema, and one skill-md entry with the skill’s own name and description, its url and the SHA-256 digest of SKILL.md', () => {
    const index = agentSkillsIndex(content);
    expect(Object.keys(index).sort()).toEqual(['$schema', 'skills']);
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills).toHaveLength(1);
    const [skill] = index.skills;
    // No draft-era `version` or `files`: one artifact per entry.
    expect(Object.keys(skill!).sort()).toEqual(['description', 'digest', 'name', 'type', 'url']);
    expect(skill).toMatchObject({ type: 'skill-md', url: '/SKILL.md' });
    // § Discovery Index: the name and description are the skill's front matter's.
    const { data } = parseFrontMatter(skillMarkdown(content)) as { data: { name: string; description: string }; body: string };
    expect(skill).toMatchObject({ name: data.name, description: data.description });
    // § Integrity: the digest of the bytes served (the built files: tests/integration/built-sample-site.test.ts).
    expect(skill!.digest).toBe(`sha256:${createHash('sha256').update(skillMarkdown(content), 'utf8').digest('hex')}`);
    expect(agentSkillsIndexText(content)).toBe(`${JSON.stringify(index, null, 2)}\n`);
  });

  it('both homes of the skill are routes of the build: /SKILL.md and the conventional /.well-known/agent-skills/<name>/SKILL.md', () => {
    for (const route of ['src/pages/SKILL.md.ts', 'src/pages/.well-known/agent-skills/[name]/SKILL.md.ts', 'src/pages/.well-known/agent-skills/index.json.ts'])
      expect(existsSync(route), route).toBe(true);
  });
});

describe('PF-DISCOVERY: /AGENTS.md and /pricing.md', () => {
  it('AGENTS.md lists every entry point of the one list (src/discovery/entry-points.ts), grouped, and every discovery file', () => {
    const text = agentsMarkdown(content);
    for (const title of Object.values(ENTRY_GROUPS)) expect(text).toContain(`### ${title}`);
    for (const e of ENTRY_POINTS) expect(text, e.path).toContain(`[${e.name}](${site.url}${e.path})`);
    for (const f of DISCOVERY_FILES.filter((f) => f.path !== '/AGENTS.md')) expect(text, f.path).toContain(`(${site.url}${f.path})`);
    expect(text).toContain(`${site.url}/auth.md`);
  });

  it('llms.txt § API and agent docs: the fetchable entry points, HTML pages as their twins, nothing needing a token, a POST or a query', () => {
    const readable = readableAgentDocs().map((d) => d.path);
    const machine = machineAgentDocs().map((d) => d.path);
    expect(readable).toEqual(expect.arrayContaining(['/AGENTS.md', '/SKILL.md', '/developers.md', '/auth.md']));
    expect(machine).toEqual(expect.arrayContaining(['/openapi.json', '/.well-known/api-catalog', '/.well-known/ard.json', '/api/mcp/server-card']));
    for (const path of ['/api/v1', '/api/mcp', '/ask', '/api/v1/search', '/developers']) expect([...readable, ...machine], path).not.toContain(path);
  });

  it('afdocs § llms.txt links point to Markdown: JSON documents are named, never linked', () => {
    const text = llmsTxt(content);
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    for (const link of links) expect(link, link).toMatch(/\.(md|txt)$/);
    for (const doc of machineAgentDocs()) {
      expect(text).toContain(`\`${site.url}${doc.path}\``);
      expect(links).not.toContain(`${site.url}${doc.path}`);
    }
  });

  it('PF-PUBLIC, KQ-FREE: pricing.md says free, no key, no paid tier; the limits are the numbers the code enforces', () => {
    const text = pricingMarkdown(site);
    expect(text).toMatch(/\*\*Free\.\*\*/);
    expect(text).toMatch(/no API key/);
    expect(text).toMatch(/no paid tier/);
    for (const fact of [
      `1 to ${MAX_QUERY_CHARS} characters`,
      `1 to ${MAX_LIMIT}`,
      `1 to ${MAX_PAGE_LIMIT}`,
      `1 to ${MAX_BATCH_QUERIES}`,
      `${MAX_BODY_BYTES / 1024} KiB`,
      '2 to 4',
    ]) {
      expect(text, fact).toContain(fact);
    }
  });

  it('pricing.md follows the configured rate limits', () => {
    const custom = { ...site, rateLimits: { knowledge: { limit: 7, window: 30 }, portfolio: { limit: 3, window: 10 } } };
    const text = pricingMarkdown(custom);
    expect(text).toContain('7 requests per 30 seconds');
    expect(text).toContain('3 requests per 10 seconds');
    expect(text).not.toContain('120 requests');
  });
});

describe('/developers lists every endpoint, every error, with examples', () => {
  const guide = developerGuide(content);
  const markdown = developersMarkdown(guide);

  it('every operation of the route table appears once, in a section', () => {
    const documented = guide.sections.flatMap((s) => s.operations.map((o) => `${o.method} ${o.path}`));
    // Besides the routes, openapi.json documents the /agent/* preflights and the static OAuth metadata (docs/decisions.md § What openapi.json lists).
    const extra = [
      ...['/agent/claim', '/agent/events', '/agent/identity'].map((p) => `OPTIONS ${p}`),
      'GET /.well-known/oauth-authorization-server',
      'GET /.well-known/oauth-protected-resource',
    ];
    expect(documented.sort()).toEqual([...ROUTES.map((r) => `${r.method} ${r.path}`), ...extra].sort());
    for (const route of ROUTES)
      expect(
        markdown.split('\n').filter((l) => l === `### ${route.method} ${route.path}`),
        route.path,
      ).toHaveLength(1);
  });

  it('the anchors the API and the catalogs link to exist: #ask, #jobs, #mcp-server (when MCP routes exist) and #errors', () => {
    const ids = guide.sections.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['portfolio', 'ask', 'jobs', 'access']));
    // The section is #mcp-server: #mcp is the id of the POST /api/mcp operation in it (one id, one element).
    if (ROUTES.some((r) => r.tag === 'mcp')) expect(ids).toContain('mcp-server');
    const operations = guide.sections.flatMap((s) => s.operations.map((o) => o.id));
    expect(ids.filter((id) => operations.includes(id))).toEqual([]);
  });

  it('errors.ts § docsUrl: one entry per code with code, status, message and hint, anchored error-<code>', () => {
    expect(guide.errors.map((e) => e.code)).toEqual(Object.keys(ERRORS));
    for (const e of guide.errors) {
      const entry = ERRORS[e.code];
      expect(e).toEqual({ id: `error-${e.code}`, code: e.code, status: entry.status, message: entry.message, hint: entry.hint });
      expect(markdown).toContain(`| \`${e.code}\` | ${entry.status} |`);
    }
  });

  it('parameters are listed with their rules: "integer, 1 to 20, default `10`"', () => {
    const search = guide.sections.flatMap((s) => s.operations).find((o) => o.id === 'searchPortfolio')!;
    expect(search.parameters.find((p) => p.name === 'limit')).toMatchObject({ required: false, rules: 'integer, 1 to 20, default `10`' });
    expect(search.parameters.find((p) => p.name === 'q')).toMatchObject({ required: true, rules: 'string, 1 to 500 characters, not white space alone' });
    expect(schemaRules({ type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 10 })).toBe(
      'list of string, at least 1 characters, 1 to 10 items',
    );
    expect(schemaRules({ enum: ['a', 'b'] })).toBe('one of `a`, `b`');
  });

  it('FO-CHECKERS: a parameter several operations take in the same words is described once, and every operation that takes it names it', () => {
    const ops = guide.sections.flatMap((s) => s.operations);
    const shared = guide.sharedParameters.map((p) => p.name);
    expect(shared).toEqual(expect.arrayContaining(['lang', 'If-None-Match']));
    expect(markdown.match(/^\| `lang` \| query \|/gm)).toHaveLength(1);
    const openapi = openApiFor(content.site);
    for (const op of ops.filter((o) => !o.aliasOf)) {
      const components = (openapi.components.parameters ?? {}) as Record<string, { name: string }>;
      const declared = ((openapi.paths[op.path]![op.method.toLowerCase()]!.parameters ?? []) as { name?: string; $ref?: string }[]).map(
        (p) => p.name ?? components[p.$ref!.split('/').pop()!]!.name,
      );
      // Nothing lost: what the operation takes is its own table plus the shared names it lists.
      expect([...op.parameters.map((p) => p.name), ...op.shared].sort(), op.id).toEqual(declared.sort());
      if (op.shared.length) expect(markdown, op.id).toContain(`${op.shared.map((n) => `\`${n}\``).join(' and ')} ([shared parameters](#shared-parameters))`);
    }
  });

  it('inline Markdown becomes HTML with everything else escaped', () => {
    expect(inlineHtml('use `a<b>` and [docs](/x?a=1&b=2) or https://e.example/p.')).toBe(
      'use <code>a&lt;b&gt;</code> and <a href="/x?a=1&amp;b=2">docs</a> or <a href="https://e.example/p">https://e.example/p</a>.',
    );
    expect(inlineHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the examples (rendered on /developers and in SKILL.md) answer as documented', () => {
  const examples = apiExamples(content);
  const app = createApp({ routes: ROUTES, ...roomy });

  it('each calls a documented operation, and ids are unique', () => {
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
    for (const e of examples)
      expect(
        ROUTES.some((r) => r.method === e.operation.method && r.path === e.operation.path),
        e.id,
      ).toBe(true);
  });

  it('each answers its status and fact through the app (the e2e suite runs the same commands with curl)', async () => {
    for (const e of examples) {
      const headers = new Headers(e.headers);
      let body: string | undefined;
      if (e.body && 'json' in e.body) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(e.body.json);
      } else if (e.body && 'form' in e.body) {
        headers.set('Content-Type', 'application/x-www-form-urlencoded');
        body = new URLSearchParams(e.body.form).toString();
      }
      const res = await app.request(e.path, { method: e.operation.method, headers, body });
      const json = await res.json();
      expect(res.status, e.id).toBe(e.status);
      expect(factHolds(e.fact, json), `${e.id}: ${answerText(e)} — got ${JSON.stringify(resolvePointer(json, e.fact.pointer))}`).toBe(true);
    }
  });

  it('curl commands quote for the shell, and facts read as field names', () => {
    const e = {
      ...examples[0]!,
      operation: { method: 'POST' as const, path: '/ask' },
      path: '/ask',
      body: { json: { query: "it's" } },
      headers: { 'X-A': 'b' },
    };
    expect(curlCommand(e, 'https://s.example')).toBe(
      `curl -s 'https://s.example/ask' -H 'X-A: b' -H 'Content-Type: application/json' -d '{"query":"it'\\''s"}'`,
    );
    expect(fieldName('/hits/0/slug')).toBe('hits[0].slug');
    expect(fieldName('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(factHolds({ pointer: '/a', length: 2 }, { a: [1, 2] })).toBe(true);
    expect(factHolds({ pointer: '/a', equals: [1] }, { a: [1, 2] })).toBe(false);
    expect(factHolds({ pointer: '/missing', type: 'string' }, {})).toBe(false);
  });
});

describe('KQ-VERSIONING: /developers/deprecation, the versioning policy', () => {
  it('PF-SUNSET: no version is deprecated today; the policy states the 90-day window and the three headers', () => {
    const text = deprecationMarkdown(site);
    expect(text).toContain('| `/api/v1` | current | — | — | — |');
    expect(text).toContain('No version is deprecated.');
    expect(MIN_SUNSET_DAYS).toBeGreaterThanOrEqual(90);
    for (const h of ['Deprecation', 'Sunset', 'Link']) expect(text).toContain(`\`${h}\``);
  });

  it('a deprecated version (fixture config) is listed with its dates, and the headers are the ones the server sends', () => {
    const fixture = { ...site, apiVersions: [{ version: 'v1', deprecated: '2026-01-01', sunset: '2026-06-01', successor: '/api/v2' }, { version: 'v2' }] };
    const policy = deprecationPolicy(fixture);
    expect(policy.versions[0]).toMatchObject({ status: 'deprecated', deprecated: '2026-01-01', sunset: '2026-06-01', successor: '/api/v2' });
    expect(policy.versions[0]!.headers).toEqual(versionHeaders('v1', fixture));
    expect(policy.versions[0]!.headers.Sunset).toBe('Mon, 01 Jun 2026 00:00:00 GMT');
    expect(deprecationMarkdown(fixture)).toContain('| `/api/v1` | deprecated | 2026-01-01 | 2026-06-01 | `/api/v2` |');
  });
});

describe('robots.txt, the sitemap and the links agents look for', () => {
  it('robots.txt allows everything and names the sitemap and the ARD manifest (absolute)', () => {
    expect(robotsTxt(site).split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', `Sitemap: ${site.url}/sitemap.xml`, `# Agent resource discovery: ${site.url}/.well-known/ard.json`]),
    );
  });

  it('docs/decisions.md § Content and the build: robots.txt has only known directives, and the Content-Signal of site.md (default: no training)', () => {
    const lines = robotsTxt(site)
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(lines.map((l) => l.split(':')[0])).toEqual(['User-agent', 'Content-Signal', 'Allow', 'Sitemap']);
    expect(robotsTxt(site)).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no\n');
    expect(robotsTxt({ ...site, contentSignal: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' } })).toContain(
      'Content-Signal: search=yes, ai-input=no, ai-train=no\n',
    );
  });

  it('the sitemap lists every HTML page once, with lastmod from the content, as escaped XML', () => {
    const entries = sitemapEntries(content);
    const paths = entries.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/projects',
        '/developers',
        '/developers/deprecation',
        ...content.projects.map((p) => p.href),
        ...content.pages.map((p) => p.href),
      ]),
    );
    const quarry = content.projects.find((p) => p.slug === 'quarry')!;
    expect(entries.find((e) => e.path === quarry.href)!.lastmod).toBe(quarry.updated ?? quarry.date);
    const xml = sitemapXml([{ ...content, site: { ...site, url: 'https://a.example' } } as Content]);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    expect(xml).toContain('<loc>https://a.example/projects</loc>');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)).toEqual(paths);
  });

  it('RFC 8288: the home Link header points to the api-catalog, openapi.json and llms.txt; the <head> tags say the same', () => {
    const header = homeLinkHeader();
    // Each link-value: <uri-reference> *( ";" link-param ), values quoted.
    for (const value of header.split(/,\s*(?=<)/)) expect(value).toMatch(/^<\/[^>]*>(; [a-z]+="[^"]*")+$/);
    expect(header).toContain('</.well-known/api-catalog>; rel="api-catalog"');
    expect(header).toContain('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
    expect(header).toContain('</llms.txt>; rel="describedby"; type="text/plain"');
    expect(homeLinkTags()).toHaveLength(HOME_LINKS.length);
    expect(homeLinkTags()[0]).toBe('<link rel="api-catalog" href="/.well-known/api-catalog" type="application/linkset+json" title="API catalog">');
    expect(API_CATALOG_LINK_HEADER).toBe('</.well-known/api-catalog>; rel="api-catalog"');
  });

  it('PF-DISCOVERY: every discovery file has its prerendered route file', () => {
    for (const file of DISCOVERY_FILES) expect(existsSync(`src/pages${file.path}.ts`), file.path).toBe(true);
    for (const page of ['src/pages/developers.astro', 'src/pages/developers/deprecation.astro']) expect(existsSync(page), page).toBe(true);
  });
});
