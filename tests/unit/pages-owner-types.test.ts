// FO-TYPES: an owner's own project types, declared under `types:` in content/site.md beside the
// built-in ones and translated in content/<tag>/site.md, on every surface a built-in type reaches:
// the card, the filter bar and /projects/type/<id>, the facts (their date's own wording), twins,
// llms.txt, REST's and search's `type`, the search tier, openapi.json's enum and MCP's tools/list,
// and `npm run check`'s site checks over the whole site. The site is the bilingual fixture (French
// at /, English at /en) copied with two owner types and a project of each, rendered with no build.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fixtureSite, siteFunction } from '../support/render-page.ts';
import { checkRendered } from '../support/rendered-site.ts';
import { tempDir } from '../support/temp-dir.ts';
import { JSON_HEADERS, MODERN_META } from '../support/mcp-helpers.ts';
import { languageProblemsOf } from '../support/content-fixtures.ts';

const BILINGUAL = join(import.meta.dirname, '..', 'fixtures', 'bilingual-site', 'content');

/** Adds `lines` to the front matter of the Markdown file at `file`. */
function addToFrontMatter(file: string, lines: string) {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/^---\n/, `---\n${lines}\n`));
}

/** The bilingual fixture with two owner types (a luminaire, furniture), one project of each, translated into English. */
function writeOwnerTypesSite(dir: string) {
  cpSync(BILINGUAL, dir, { recursive: true });
  addToFrontMatter(join(dir, 'site.md'), 'types:\n  luminaire: { label: Luminaire, plural: Luminaires, date: Dessiné }\n  mobilier: Mobilier');
  addToFrontMatter(join(dir, 'en', 'site.md'), 'types:\n  luminaire: { label: Lamp, plural: Lamps, date: Designed }\n  mobilier: Furniture');
  writeFileSync(
    join(dir, 'projects', 'lampe-tulipe.md'),
    '---\ntitle: Lampe Tulipe\nsummary: Une lampe de bureau en laiton plié.\ntype: luminaire\ncategory: outils\ndate: 2024-03-12\n---\n\nUne lampe pliée dans une seule feuille.\n',
  );
  writeFileSync(
    join(dir, 'projects', 'chaise-pliante.md'),
    '---\ntitle: Chaise pliante\nsummary: Une chaise qui se plie à plat.\ntype: mobilier\ncategory: robotique\ndate: 2023-02-01\n---\n\nUne chaise en frêne.\n',
  );
  writeFileSync(
    join(dir, 'en', 'projects', 'lampe-tulipe.md'),
    '---\ntitle: Tulip lamp\nsummary: A desk lamp of folded brass.\n---\n\nA lamp folded from one sheet.\n',
  );
}

const dir = join(tempDir('folio-owner-types-', 'file'), 'content');
writeOwnerTypesSite(dir);
const site = fixtureSite(dir);

/** The problems the loader names for the site after `edit`, on a copy of it. */
function problemsAfter(edit: (copy: string) => void): string[] {
  const copy = join(tempDir('folio-owner-types-bad-'), 'content');
  cpSync(dir, copy, { recursive: true });
  edit(copy);
  return languageProblemsOf(copy);
}

describe('FO-TYPES: the loader', () => {
  test('FO-TYPES: a type neither built in nor declared is refused, naming the built-in and the declared types and the nearest one', () => {
    const problems = problemsAfter((copy) => {
      const file = join(copy, 'projects', 'lampe-tulipe.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('type: luminaire', 'type: luminair'));
    });
    expect(problems).toEqual([
      'content/projects/lampe-tulipe.md: field "type" expected one of app, library, tool, service, research, talk (built in) or luminaire, mobilier (declared under types: in content/site.md), got "luminair" (did you mean "luminaire"?)',
    ]);
  });

  test('FO-TYPES: a translation words the same type ids as content/site.md, no more and no fewer', () => {
    const problems = problemsAfter((copy) => {
      const file = join(copy, 'en', 'site.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('  mobilier: Furniture\n', ''));
    });
    expect(problems).toEqual([
      `content/en/site.md: field "types" expected the ids of content/site.md's types (luminaire, mobilier), each with its label in this language, got luminaire`,
    ]);
  });

  test('FO-TYPES: a declaration is a label or { label, plural, date }; anything else names both forms', () => {
    const problems = problemsAfter((copy) => {
      const file = join(copy, 'site.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('  mobilier: Mobilier', '  mobilier: { name: Mobilier }'));
    });
    expect(problems.join('\n')).toContain('field "types.mobilier"');
    expect(problems.join('\n')).toContain('e.g. lamp: Lamp or lamp: { label: Lamp, plural: Lamps, date: Designed }');
  });
});

describe('FO-TYPES: pages, twins and llms.txt in both languages', () => {
  test('FO-TYPES: the card, the filter bar and the type’s own listing say the owner’s label, in each language', async () => {
    const projects = await site.page('/projects');
    expect(projects.get('a[href="/projects/type/luminaire"]').text).toContain('Luminaires');
    expect(projects.get('a[href="/projects/type/mobilier"]').text).toContain('Mobilier');
    expect(await site.text('/projects')).toContain('<span>Luminaire</span>');
    const english = await site.page('/en/projects');
    expect(english.get('a[href="/en/projects/type/luminaire"]').text).toContain('Lamps');
    expect(english.get('a[href="/en/projects/type/mobilier"]').text).toContain('Furniture');
    expect(await site.has('/projects/type/luminaire')).toBe(true);
    expect(await site.has('/en/projects/type/mobilier')).toBe(true);
    const listing = await site.page('/en/projects/type/luminaire');
    expect(listing.get('h1').text).toContain('Lamps');
    expect(listing.bodyText()).toContain('Tulip lamp');
    expect(listing.bodyText()).not.toContain('Lidar sensor drivers');
  });

  test('FO-TYPES: a project of an owner type states its label and its own date wording on its page and in its twin', async () => {
    const page = await site.page('/projects/lampe-tulipe');
    const facts = page.bodyText();
    expect(facts).toContain('Luminaire');
    expect(facts).toContain('Dessiné');
    expect(facts).not.toContain('Début');
    expect(await site.text('/projects/lampe-tulipe.md')).toMatch(/^- Type\u202F?: Luminaire$/m);
    expect(await site.text('/projects/lampe-tulipe.md')).toMatch(/^- Dessiné\u202F?: 2024-03-12$/m);
    const twin = await site.text('/en/projects/lampe-tulipe.md');
    expect(twin).toMatch(/^- Type: Lamp \(luminaire\)$/m);
    expect(twin).toMatch(/^- Designed: 2024-03-12$/m);
    expect(twin).not.toMatch(/\((?:tool|app)\)/);
    // A type declared without a date wording says the built-in one ("Started").
    expect(await site.text('/en/projects/chaise-pliante.md')).toMatch(/^- Started: 2023-02-01$/m);
  });

  test('FO-TYPES: declaring a built-in id rewords that type, its date included, and it stays in its place among the types', async () => {
    const copy = join(tempDir('folio-owner-types-talk-'), 'content');
    cpSync(dir, copy, { recursive: true });
    const declare = (file: string, line: string) => writeFileSync(file, readFileSync(file, 'utf8').replace('types:\n', `types:\n  ${line}\n`));
    declare(join(copy, 'site.md'), 'talk: { label: Exposé, date: Présenté }');
    declare(join(copy, 'en', 'site.md'), 'talk: { label: Lecture, date: Held }');
    const reworded = fixtureSite(copy);
    expect(await reworded.text('/projects/banc-essai.md')).toMatch(/^- Type\u202F?: Exposé \(talk\)$/m);
    expect(await reworded.text('/projects/banc-essai.md')).toMatch(/^- Présenté\u202F?: 2023-05-20$/m);
    expect(await reworded.text('/en/projects/banc-essai.md')).toMatch(/^- Held: 2023-05-20$/m);
    const { paths } = JSON.parse(await reworded.text('/openapi.json'));
    expect(paths['/api/v1/projects'].get.parameters.find((p: { name: string }) => p.name === 'type').schema.enum).toEqual([
      'app',
      'library',
      'tool',
      'service',
      'research',
      'talk',
      'luminaire',
      'mobilier',
    ]);
  });

  test('FO-TYPES: llms.txt names an owner type by its label', async () => {
    expect(await site.text('/llms.txt')).toContain('Une lampe de bureau en laiton plié. (Luminaire, 2024)');
    expect(await site.text('/en/llms.txt')).toContain('A desk lamp of folded brass. (Lamp, 2024)');
  });

  test('FO-TYPES, FO-OWNER-CHECK: npm run check’s site checks pass over the whole site', async () => {
    const report = await checkRendered(site);
    expect(report.problems).toEqual([]);
  }, 120_000);
});

describe('FO-TYPES: REST, search, openapi.json and MCP', () => {
  const fn = siteFunction(site);
  const json = async (path: string) => {
    const res = await fn(path);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  test('FO-TYPES: REST’s type filter takes an owner type and refuses another, naming the site’s types', async () => {
    const list = await json('/api/v1/projects?type=luminaire');
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { slug: string }) => p.slug)).toEqual(['lampe-tulipe']);
    const refused = await json('/api/v1/projects?type=lampe');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_filter');
    expect(refused.body.error.message).toBe('type must be one of app, library, tool, service, research, talk, luminaire, mobilier.');
  });

  test('FO-TYPES: search filters by an owner type, and the type word finds its projects in the type tier', async () => {
    const filtered = await json('/api/v1/search?q=chaise&type=mobilier');
    expect(filtered.status).toBe(200);
    expect(filtered.body.hits.map((h: { slug: string }) => h.slug)).toEqual(['chaise-pliante']);
    const byType = await json('/api/v1/search?q=luminaire');
    expect(byType.body.hits[0]).toMatchObject({ slug: 'lampe-tulipe', type: 'luminaire', match: 'type' });
    // The search page names a hit's type as its card does.
    expect(await (await fn('/en/search?q=luminaire')).text()).toContain('<span class="search-result__kind">Lamp</span>');
    expect((await json('/api/v1/search?q=x&type=lampe')).body.error.message).toBe(
      'type must be one of app, library, tool, service, research, talk, luminaire, mobilier, post, page, resume.',
    );
  });

  test('FO-TYPES: openapi.json lists the site’s types as the enum of every type, and no marker of its own', async () => {
    const text = await site.text('/openapi.json');
    expect(text).not.toContain('x-folio-types');
    const doc = JSON.parse(text);
    const param = (path: string) => doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'type').schema;
    expect(param('/api/v1/projects').enum).toEqual(['app', 'library', 'tool', 'service', 'research', 'talk', 'luminaire', 'mobilier']);
    expect(param('/api/v1/search').enum).toEqual(['app', 'library', 'tool', 'service', 'research', 'talk', 'luminaire', 'mobilier', 'post', 'page', 'resume']);
    expect(doc.components.schemas.Project.properties.type.enum).toContain('mobilier');
    // /developers states each parameter's values from the same document.
    expect(await site.text('/developers.md')).toContain('`luminaire`, `mobilier`');
  });

  test('FO-TYPES: MCP’s tools/list gives list_projects and search_portfolio the site’s types, and a tool filters by one', async () => {
    const post = (method: string, params: Record<string, unknown> = {}) =>
      fn('/api/mcp', {
        method: 'POST',
        headers: {
          ...JSON_HEADERS,
          'Mcp-Protocol-Version': '2026-07-28',
          'Mcp-Method': method,
          ...(method === 'tools/call' ? { 'Mcp-Name': String(params.name) } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: MODERN_META } }),
      }).then((r) => r.json() as Promise<{ result: Record<string, any> }>);
    const { result } = await post('tools/list');
    const tool = (name: string) => result.tools.find((t: { name: string }) => t.name === name);
    expect(tool('list_projects').inputSchema.properties.type.enum).toContain('luminaire');
    expect(tool('search_portfolio').inputSchema.properties.type.enum).toEqual(expect.arrayContaining(['mobilier', 'post']));
    expect(JSON.stringify(result)).not.toContain('x-folio-types');
    const call = await post('tools/call', { name: 'list_projects', arguments: { type: 'mobilier', lang: 'en' } });
    expect(call.result.structuredContent.projects.map((p: { slug: string }) => p.slug)).toEqual(['chaise-pliante']);
  });
});
