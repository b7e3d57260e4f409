// The build-time fixes the benchmarks called for (bench/RESULTS.md § What we changed) keep their
// answers: related projects from the tag/category index equal the naive scan, the build-only
// content memo is off outside builds, and the data file is ASCII whatever the content.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { relatedProjects } from '../../src/records/collections.ts';
import { loadContent, memoizeContentForBuild } from '../../src/records/load.ts';
import { asciiJson } from '../../src/builder/data-file.ts';
import { DATA_FILE, readDataFile, textsPathOf } from '../../src/search/data-file.ts';
import { getProject } from '../../src/server/portfolio.ts';
import type { Content, Project } from '../../src/records/schema.ts';
import { generateCorpus } from '../../bench/corpus.ts';

/** The reference: score every other project, sort, cut (the definition in collections.ts). */
function naiveRelated(project: Project, { projects }: Content, limit = 3): Project[] {
  const tags = new Set(project.tags);
  return projects
    .filter((p) => p.slug !== project.slug)
    .map((p) => ({ p, score: 2 * p.tags.filter((t) => tags.has(t)).length + (p.category === project.category ? 1 : 0) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || Number(a.p.archived) - Number(b.p.archived) || b.p.date.localeCompare(a.p.date) || a.p.slug.localeCompare(b.p.slug))
    .slice(0, limit)
    .map((x) => x.p);
}

const projectArb = fc.record({
  tags: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 4 }),
  category: fc.constantFrom('x', 'y', 'z'),
  archived: fc.boolean(),
  date: fc.constantFrom('2020-01-01', '2021-06-15', '2024-03-03'),
});

describe('bench fix: related projects from an index (O(N) per build instead of O(N²))', () => {
  it('docs/architecture.md § One source of truth: relatedProjects equals the naive scan for every project and limit', () => {
    fc.assert(
      fc.property(fc.array(projectArb, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 6 }), (specs, limit) => {
        const projects = specs.map((s, i) => ({ kind: 'project', slug: `p${i}`, title: `P${i}`, ...s }) as unknown as Project);
        const content = { projects } as Content;
        for (const p of projects) {
          expect(relatedProjects(p, content, limit).map((r) => r.slug)).toEqual(naiveRelated(p, content, limit).map((r) => r.slug));
        }
      }),
      { numRuns: runs(200), seed: 9 },
    );
  });

  it('a project object that is not the listed one (same slug) is still never related to itself', () => {
    const projects = ['a', 'b'].map(
      (slug) => ({ kind: 'project', slug, tags: ['t'], category: 'x', archived: false, date: '2020-01-01' }) as unknown as Project,
    );
    const copy = { ...projects[0]! };
    expect(relatedProjects(copy, { projects } as Content).map((p) => p.slug)).toEqual(['b']);
  });
});

describe('bench fix: loadContent is memoized only during a build', () => {
  const root = mkdtempSync(join(tmpdir(), 'folio-memo-'));
  generateCorpus(root, { records: 12, seed: 3 });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const firstProject = () => join(root, 'content/projects', `${loadContent(join(root, 'content')).projects.at(-1)!.slug}.md`);

  it('off (dev, tests): an edited file is seen by the next call', () => {
    const file = firstProject();
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before.replace(/^title: .*$/m, 'title: "Edited between calls"'));
    try {
      expect(loadContent(join(root, 'content')).projects.some((p) => p.title === 'Edited between calls')).toBe(true);
    } finally {
      writeFileSync(file, before);
    }
  });

  it('on (astro build): one read per root, frozen so no page can change what the next page sees', () => {
    memoizeContentForBuild(true);
    try {
      const a = loadContent(join(root, 'content'));
      expect(loadContent(join(root, 'content'))).toBe(a);
      expect(Object.isFrozen(a.projects[0]!.tags)).toBe(true);
      expect(() => (a.projects as Project[]).push(a.projects[0]!)).toThrow(TypeError);
    } finally {
      memoizeContentForBuild(false);
    }
    expect(loadContent(join(root, 'content'))).not.toBe(loadContent(join(root, 'content')));
  });
});

describe('bench fix: the data file is ASCII (a two-byte source string doubled the cold start peak)', () => {
  it('asciiJson round-trips every string, diacritics, astral characters and U+2028 included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = asciiJson(value);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII, control characters included.
        expect(text).toMatch(/^[\x00-\x7f]*$/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: runs(300), seed: 11 },
    );
    expect(asciiJson({ city: 'Łódź café 😀' })).toBe('{"city":"\\u0141\\u00f3d\\u017a caf\\u00e9 \\ud83d\\ude00"}');
  });

  it('the built data file holds only ASCII bytes', () => {
    const bytes = readFileSync(DATA_FILE);
    expect(bytes.every((b) => b < 0x80)).toBe(true);
  });
});

describe('bench fix: bodies and twins live in the texts file, out of the JSON and out of memory (cold start, loaded heap)', () => {
  it('every twin read through readDataFile is its raw-DEFLATE byte range of the texts file, inflated', async () => {
    const { inflateRawSync } = await import('node:zlib');
    const onDisk = JSON.parse(readFileSync(DATA_FILE, 'utf8')) as { twins: [number, number] };
    const texts = readFileSync(textsPathOf(DATA_FILE));
    const inflated = ([offset, length]: [number, number]) => inflateRawSync(texts.subarray(offset, offset + length)).toString('utf8');
    // Where each twin sits is itself a text of the texts file: a cold start parses none of it.
    const spans = JSON.parse(inflated(onDisk.twins)) as Record<string, [number, number]>;
    const data = readDataFile(DATA_FILE);
    const paths = Object.keys(spans);
    expect(paths.length).toBeGreaterThan(0);
    expect(data.twinPaths()).toEqual(paths);
    for (const path of paths) {
      const [offset, length] = spans[path]!;
      const markdown = data.twinOf(path)!;
      expect(markdown).toBe(inflateRawSync(texts.subarray(offset, offset + length)).toString('utf8'));
      // As the route serves it (FO-TWIN-FRONT-MATTER): front matter, then the title.
      expect(markdown).toMatch(/^---\ntitle: "[\s\S]*?\n---\n\n# /);
    }
    expect(data.twinOf(paths[0]!)).toBe(data.twinOf(paths[0]!));
    expect(data.twinOf('/no/such/twin')).toBeUndefined();
  });

  it('every record body read through readDataFile equals the content body; in the JSON it is a byte range', () => {
    const onDisk = JSON.parse(readFileSync(DATA_FILE, 'utf8')) as { projects: { slug: string; body: unknown }[] };
    const data = readDataFile(DATA_FILE);
    const content = loadContent();
    const bodies = new Map([...content.projects, ...content.pages].map((r) => [`${r.kind}:${r.slug}`, r.body]));
    for (const r of [...data.projects, ...data.pages]) expect(data.bodyOf(r), r.slug).toBe(bodies.get(`${r.kind}:${r.slug}`));
    for (const p of onDisk.projects) expect(p.body).toEqual([expect.any(Number), expect.any(Number)]);
    // The project detail (REST and MCP get_project) carries the body in the clear.
    expect(getProject(data, data.projects[0]!.slug).body).toBe(bodies.get(`project:${data.projects[0]!.slug}`));
  });
});

describe('bench fix: the MCP SDK loads on the first MCP request, not in every cold start', () => {
  it('importing the function loads no MCP SDK module; an MCP request then answers', () => {
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
      const { default: fn } = await import('./src/server/function.ts');
      const atImport = loaded.filter((url) => url.includes('/@modelcontextprotocol/')).length;
      const res = await fn.fetch(new Request('http://127.0.0.1/api/mcp', { method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) }));
      const afterRequest = loaded.filter((url) => url.includes('/@modelcontextprotocol/')).length;
      console.log(JSON.stringify({ atImport, afterRequest, status: res.status }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(out).toMatchObject({ atImport: 0, status: 200 });
    expect(out.afterRequest).toBeGreaterThan(0);
  });

  it('the function and its search page (both forms) load no Markdown parser, twin generator, image encoder or build cache', () => {
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
      const { default: fn } = await import('./src/server/function.ts');
      const statuses = [];
      for (const path of ['/search?q=quarry', '/search.md?q=quarry', '/api/v1/search?q=quarry']) statuses.push((await fn.fetch(new Request('http://127.0.0.1' + path))).status);
      const buildOnly = loaded.filter((url) => ['/satteri/', '/mdast-util-', '/micromark', '/sharp/', '/@takumi-rs/', '/astro/', '/src/builder/', '/src/render/', '/src/discovery/', '/src/records/source-links.ts'].some((part) => url.includes(part)));
      console.log(JSON.stringify({ statuses, buildOnly }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(out.statuses).toEqual([200, 200, 200]);
    expect(out.buildOnly).toEqual([]);
  });
});
