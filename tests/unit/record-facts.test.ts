// FO-FACTS: a record's facts are one table (src/records/facts.ts). Its labels are in every language's
// table under their keys (so `strings:` rewords them), and the project page, the twins and MCP's
// readable text state the facts in the table's order, each as its surface words it.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { projectTwin } from '../../src/discovery/twin.ts';
import { Catalog } from '../../src/records/catalog.ts';
import { factContext } from '../../src/records/collections.ts';
import { FACTS, LANGS, mcpFacts, pageFacts, type ProjectAnswer, twinFacts } from '../../src/records/facts.ts';
import { loadContent } from '../../src/records/load.ts';
import { STRING_KEYS, TABLES } from '../../src/records/strings.ts';
import { getProject } from '../../src/server/portfolio/projects.ts';
import { call } from '../../src/server/mcp/tool-kit.ts';
import { TOOLS } from '../../src/server/mcp/tools.ts';
import { fixtureSiteData } from '../support/site-data.ts';

const work = loadContent(join(import.meta.dirname, '..', 'fixtures', 'work-site', 'content'));
const camera = { ...work.projects.find((p) => p.slug === 'portrait-camera')!, stack: ['Rust', 'C'], updated: '2026-06-01' };
const english = factContext(work.site, { typeHref: '/projects/type/tool', categoryHref: '/projects/category/tools' });

describe('FO-FACTS: one table of a record’s facts', () => {
  test('every fact’s label, and each variant’s, is in every language’s table under its key, worded by that language', () => {
    for (const fact of FACTS) {
      const labels = [[fact.key, fact.label], ...Object.entries('variants' in fact ? fact.variants : {})] as const;
      for (const [key, label] of labels) {
        expect(STRING_KEYS, key).toContain(key);
        for (const lang of LANGS) expect(TABLES[lang]![key as 'labelType'], `${lang} ${key}`).toBe(label[lang]);
      }
    }
    expect(TABLES.de!.labelStack).toBe('Technik');
  });

  test('the project page states the facts in the table’s order, the wide ones after the others and the tag list last', () => {
    const facts = pageFacts('project', camera, english);
    expect(facts.map((f) => f.label)).toEqual(['Type', 'Category', 'Status', 'Started', 'Updated', 'Reading time', 'Stack', 'Tags']);
    expect(facts[0]!.value).toEqual({ text: 'Tool', href: '/projects/type/tool' });
    expect(facts[3]!.value).toEqual({ text: 'May 2026', datetime: '2026-05-01' });
    expect(facts[6]!.value).toEqual({ text: 'Rust, C', wide: true });
    expect(facts[7]!.value).toEqual({ tags: ['camera', 'hardware'] });
  });

  test('the twin states them in the table’s order, in its words; an owner’s strings: and a German site word the labels', () => {
    // The fields fieldList writes: a fact without a value is left out.
    const stated = (c: typeof english) => twinFacts('project', camera, c).filter(([, value]) => value !== undefined);
    expect(stated(english)).toEqual([
      ['Type', 'Tool'],
      ['Category', 'Tools'],
      ['Status', 'active'],
      ['Started', '2026-05-01'],
      ['Updated', '2026-06-01'],
      ['Tags', 'camera, hardware'],
      ['Stack', 'Rust, C'],
    ]);
    const reworded = factContext({ ...work.site, strings: { labelStack: 'Built with' } });
    expect(stated(reworded).at(-1)).toEqual(['Built with', 'Rust, C']);
    const german = factContext({ ...work.site, locale: 'de' });
    expect(stated(german).map(([label]) => label)).toEqual(['Art', 'Kategorie', 'Zustand', 'Begonnen', 'Aktualisiert', 'Schlagwörter', 'Technik']);
  });

  test('MCP’s readable text: the first line’s parts (the archived flag last) and a line per listed fact, in English', () => {
    const answer = { ...camera, categoryLabel: 'Tools', archived: true, stack: ['Rust', 'C*'] } as unknown as ProjectAnswer;
    expect(mcpFacts('project', answer)).toEqual({
      inline: ['tool', 'Tools', '2026-05-01, updated 2026-06-01', 'archived'],
      lines: ['tags: camera, hardware', 'stack: Rust, C\\*'],
    });
  });
});

/**
 * A kitchen-sink project (the fixture site with every field, in French) on each surface: the page's
 * facts as `label: text`, its twin, its REST record and MCP get_project's readable text.
 */
async function surfaces(slug: string) {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'kitchen-sink', 'content');
  const content = loadContent(dir);
  const project = content.projects.find((p) => p.slug === slug)!;
  const data = await fixtureSiteData('tests/fixtures/kitchen-sink/content');
  const mcp = call(TOOLS.find((t) => t.name === 'get_project')!, data, { slug });
  return {
    page: pageFacts('project', project, factContext(content.site)).map(
      ({ label, value }) => `${label}: ${'text' in value ? value.text : value.tags.join(', ')}`,
    ),
    twin: (await projectTwin(project, new Catalog(content))).markdown,
    rest: getProject(data, slug) as unknown as Record<string, unknown>,
    mcp: mcp.content.map((c) => ('text' in c ? c.text : '')).join('\n'),
  };
}

describe('FO-FACTS: a fact on every surface (the kitchen-sink site)', () => {
  test('the stack: the page, the twin, REST and MCP state it', async () => {
    const { page, twin, rest, mcp } = await surfaces('rover-slam');
    expect(page).toContain('Technologies: C++, ROS 2, Eigen');
    expect(twin).toContain('- Technologies\u202F: C++, ROS 2, Eigen');
    expect(rest.stack).toEqual(['C++', 'ROS 2', 'Eigen']);
    expect(mcp).toContain('stack: C++, ROS 2, Eigen');
  });

  test('FO-TYPES: an owner type and its date wording: the page, the twin, REST and MCP state them', async () => {
    const bench = await surfaces('ancien-banc');
    expect(bench.page).toContain('Type: Banc d’essai');
    expect(bench.page).toContain('Construit: septembre 2019');
    expect(bench.twin).toContain('- Type\u202F: Banc d’essai (banc)');
    expect(bench.twin).toContain('- Construit\u202F: 2019-09-01');
    expect(bench.rest.type).toBe('banc');
    expect(bench.mcp).toMatch(/^slug: ancien-banc · banc · /m);
    // Declared with a label only: the date keeps the built-in wording.
    const rig = await surfaces('banc-vision');
    expect(rig.page).toContain('Type: Montage optique');
    expect(rig.twin).toContain('- Type\u202F: Montage optique (montage)');
    expect(rig.twin).toContain('- Début\u202F: 2022-06-20');
  });
});
