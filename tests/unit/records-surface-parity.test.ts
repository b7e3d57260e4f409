// FO-ONE-RECORD, one record on every surface: what `npm run check` reads off each surface of a project, and how it
// tells them apart (scripts/lib/surface-parity.ts). Whole sites are held to it by `npm run check`:
// generated ones in tests/integration/content-model-sites.test.ts, the kitchen-sink site in
// tests/e2e/kitchen-sink.spec.ts, and its site checks over the rendered second site in
// tests/unit/pages-owner-sites.test.ts.
import { describe, expect, test } from 'vitest';
import { stringsFor } from '../../src/records/strings.ts';
import {
  disagreements,
  pageFacts,
  postPageFacts,
  postRecordFacts,
  postTwinFacts,
  recordFacts,
  siteLabels,
  twinFacts,
  type ProjectRecordJson,
} from '../../scripts/lib/surface-parity.ts';

const rest: ProjectRecordJson = {
  title: 'Quarry',
  summary: 'A search engine\nin 200 lines.',
  type: 'library',
  categoryLabel: 'Data tools',
  tags: ['search', 'rust'],
  stack: ['Rust', 'Tantivy'],
  date: '2024-03-01',
  updated: null,
  links: { demo: 'https://example.com/quarry/demo', repo: 'https://example.com/quarry' },
  image: null,
  related: [{ slug: 'sluice' }, { slug: 'quarry-wasm' }],
};

const twin = `# Quarry

> A search engine in 200 lines.

Site index: [llms.txt](https://site.example/llms.txt), every page of this site with its Markdown version.

- Type: library
- Category: Data tools
- Status: active
- Released: 2024-03-01
- Tags: search, rust
- Stack: Rust, Tantivy
- Demo: <https://example.com/quarry/demo>
- Repository: <https://example.com/quarry>

A body whose own list names a field:

- Type: not the project's type

## Related projects

- [Sluice](/projects/sluice.md): A pipe (tool, 2023)
- [Quarry WASM](https://site.example/projects/quarry-wasm.md): In the browser (library, 2024)
`;

const page = `<html><head>
<script type="application/ld+json">{"@type":"Person","url":"https://site.example/"}</script>
<script type="application/ld+json">{"@type":"SoftwareSourceCode","name":"Quarry","description":"A search engine\\nin 200 lines.","url":"https://site.example/projects/quarry","dateCreated":"2024-03-01","keywords":"search, rust","genre":"Data tools"}</script>
</head><body><section class="section related" aria-labelledby="folio-related"><h2>Related projects</h2>
<a class="card" href="/projects/sluice">Sluice</a><a class="card" href="/projects/quarry-wasm">Quarry WASM</a></section>
<a href="/projects/elsewhere">not related</a></body></html>`;

describe('FO-ONE-RECORD: each surface’s facts of a project', () => {
  test('the twin, the page and the REST record of one project agree', () => {
    const reference = recordFacts(rest);
    expect(twinFacts(twin)).toMatchObject({
      title: 'Quarry',
      type: 'library',
      category: 'Data tools',
      tags: ['search', 'rust'],
      date: '2024-03-01',
      updated: null,
      related: ['sluice', 'quarry-wasm'],
    });
    expect(pageFacts(page, 'https://site.example/projects/quarry')).toMatchObject({
      title: 'Quarry',
      tags: ['search', 'rust'],
      related: ['sluice', 'quarry-wasm'],
    });
    expect(disagreements(reference, twinFacts(twin), 'the twin')).toEqual([]);
    expect(disagreements(reference, pageFacts(page, 'https://site.example/projects/quarry'), 'the page')).toEqual([]);
  });

  test('related projects in another order, another tag, or a link missing are each named', () => {
    const reference = recordFacts(rest);
    const swapped = twin.replace('- [Sluice]', '- [Zzz]').replace('/projects/sluice.md', '/projects/tracejoin.md');
    expect(disagreements(reference, twinFacts(swapped), 'the twin')).toEqual([
      'the twin says related ["tracejoin","quarry-wasm"], the REST record ["sluice","quarry-wasm"]',
    ]);
    expect(disagreements(reference, twinFacts(twin.replace('search, rust', 'search, go')), 'the twin')[0]).toMatch(/^the twin says tags \["search","go"\]/);
    expect(disagreements(reference, twinFacts(twin.replace('- Demo: <https://example.com/quarry/demo>\n', '')), 'the twin')[0]).toMatch(/^the twin says links/);
    const reordered = page.replace('href="/projects/sluice"', 'href="/projects/x"');
    expect(disagreements(reference, pageFacts(reordered, 'https://site.example/projects/quarry'), 'the page')).toEqual([
      'the page says related ["x","quarry-wasm"], the REST record ["sluice","quarry-wasm"]',
    ]);
  });

  test('a page without its JSON-LD object states only its related cards', () => {
    expect(pageFacts(page, 'https://site.example/projects/other')).toEqual({ related: ['sluice', 'quarry-wasm'] });
  });
});

describe('FO-ONE-RECORD, FO-POSTS: a post reads the same on its page, twin, REST and MCP', () => {
  const post = { title: 'Measure first', summary: 'One query\nwas a third.', date: '2026-10-06', updated: null, tags: ['postgres', 'performance'] };
  const postTwin = `# Measure first\n\n> One query was a third.\n\nSite index: [llms.txt](https://site.example/llms.txt).\n\n- Date: 2026-10-06\n- Reading time: 1 min read\n- Tags: postgres, performance\n- Web page: <https://site.example/posts/measure-first>\n\n- Date: 1999-01-01 in the body\n`;
  const ld = (fields: Record<string, string>) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'BlogPosting', url: 'https://site.example/posts/measure-first', headline: 'Measure first', description: 'One query\nwas a third.', keywords: 'postgres, performance', datePublished: '2026-10-06', dateModified: '2026-10-06', ...fields })}</script>`;

  test('the twin and the BlogPosting (dateModified equal to datePublished is no update) agree with the REST post', () => {
    const reference = postRecordFacts(post);
    expect(disagreements(reference, postTwinFacts(postTwin), 'the twin')).toEqual([]);
    expect(disagreements(reference, postPageFacts(ld({}), 'https://site.example/posts/measure-first'), 'the page')).toEqual([]);
  });

  test('a different date, an update the REST post lacks, or a missing BlogPosting are named', () => {
    const reference = postRecordFacts(post);
    expect(disagreements(reference, postTwinFacts(postTwin.replace('2026-10-06', '2026-10-07')), 'the twin')).toEqual([
      'the twin says date "2026-10-07", the REST record "2026-10-06"',
    ]);
    expect(disagreements(reference, postPageFacts(ld({ dateModified: '2026-11-01' }), 'https://site.example/posts/measure-first'), 'the page')).toEqual([
      'the page says updated "2026-11-01", the REST record null',
    ]);
    expect(disagreements(reference, postPageFacts('<html></html>', 'https://site.example/posts/measure-first'), 'the page')).toEqual([
      'the page says title undefined, the REST record "Measure first"',
    ]);
  });
});

describe('FO-LANGUAGE, FO-ONE-RECORD: npm run check reads a twin by its own site’s words', () => {
  const worded = twin.replace('- Tags: search, rust', '- Topics: search, rust');

  test('a strings: override of a twin label is read as that field', () => {
    const t = stringsFor({ locale: 'en', strings: { labelTags: 'Topics' } });
    expect(twinFacts(worded, siteLabels(t)).tags).toEqual(['search', 'rust']);
    // Without the site's words only Folio's own labels are known, and the field goes unread.
    expect(twinFacts(worded).tags).toEqual([]);
  });

  test('a German site’s twin is read by its German labels', () => {
    const t = stringsFor({ locale: 'de' });
    const german = twin.replace('- Tags: search, rust', `- ${t('labelTags')}: search, rust`);
    expect(twinFacts(german, siteLabels(t)).tags).toEqual(['search', 'rust']);
  });
});

describe("FO-FACTS, FO-ONE-RECORD: the facts table's facts are compared by the table alone", () => {
  test('a stack the twin states otherwise than REST is named by its label key; one REST states, the twin must too', () => {
    const reference = recordFacts(rest);
    expect(twinFacts(twin).fields?.labelStack).toBe('Rust, Tantivy');
    expect(disagreements(reference, twinFacts(twin.replace('- Stack: Rust, Tantivy', '- Stack: Rust')), 'the twin')).toEqual([
      'the twin says labelStack "Rust", the REST record "Rust, Tantivy"',
    ]);
    expect(disagreements(reference, twinFacts(twin.replace('- Stack: Rust, Tantivy\n', '')), 'the twin')).toEqual([
      'the twin says labelStack null, the REST record "Rust, Tantivy"',
    ]);
    // No stack on either side agrees.
    expect(disagreements(recordFacts({ ...rest, stack: [] }), twinFacts(twin.replace('- Stack: Rust, Tantivy\n', '')), 'the twin')).toEqual([]);
  });
});

describe('FO-ONE-RECORD: every link kind a project may name', () => {
  test('video, slides, paper, website and `more` links (a label with a colon too) are read off the twin as REST states them', () => {
    const links = {
      video: 'https://example.com/v',
      slides: 'https://example.com/s',
      paper: 'https://example.com/p',
      website: 'https://example.com/w',
      more: [{ label: 'Talk: [RoboConf] 2026', url: 'https://example.com/m?x=1' }],
    };
    const twinOf = (list: string) => twin.replace(/- Demo: .*\n- Repository: .*\n/, list);
    const written =
      '- Video: <https://example.com/v>\n- Slides: <https://example.com/s>\n- Paper: <https://example.com/p>\n- Website: <https://example.com/w>\n- Talk: \\[RoboConf\\] 2026: <https://example.com/m?x=1>\n';
    const reference = recordFacts({ ...rest, links });
    expect(disagreements(reference, twinFacts(twinOf(written)), 'the twin')).toEqual([]);
    // A link left out, or two in another order, is named.
    expect(disagreements(reference, twinFacts(twinOf(written.replace('- Paper: <https://example.com/p>\n', ''))), 'the twin')[0]).toMatch(
      /^the twin says links/,
    );
    const swapped = written.replace(/(- Video: .*\n)(- Slides: .*\n)/, '$2$1');
    expect(disagreements(reference, twinFacts(twinOf(swapped)), 'the twin')[0]).toMatch(/^the twin says links/);
  });

  test('a site’s own words name its links: German labels read against a German site', () => {
    const reference = recordFacts({ ...rest, links: { repo: 'https://example.com/quarry' } }, { locale: 'de' });
    const german = twin.replace(/- Demo: .*\n- Repository: .*\n/, '- Quellcode: <https://example.com/quarry>\n');
    expect(disagreements(reference, twinFacts(german), 'the twin')).toEqual([]);
  });
});
