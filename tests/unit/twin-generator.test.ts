import { beforeAll, describe, expect, test } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import { loadTwinFixture, withConfiguredSiteUrls } from '../support/content-fixtures.ts';
import { sourceLinks } from '../../src/records/source-links.ts';
import type { Content } from '../../src/records/schema.ts';
import { RESERVED_PAGE_SLUGS } from '../../src/records/load.ts';
import { Catalog } from '../../src/records/catalog.ts';
import {
  HOME_TWIN,
  brokenLinks,
  NOT_FOUND_TWIN,
  PROJECTS_TWIN,
  allTwins,
  homeTwin,
  imageUrl,
  linkToTwins,
  notFoundTwin,
  pageOfTwin,
  pageTwin,
  projectTwin,
  projectsTwin,
  twinOfLink,
} from '../../src/discovery/twin.ts';

let fixture: Content;
let sample: Content;
withConfiguredSiteUrls();
beforeAll(() => {
  fixture = loadTwinFixture();
  sample = loadContent();
});

const project = (slug: string) => fixture.projects.find((p) => p.slug === slug)!;

describe('twinOfLink: which links point at a site page, and that page’s twin', () => {
  test.each([
    ['/', '/', HOME_TWIN],
    ['/index', '/', HOME_TWIN],
    ['/projects', '/', PROJECTS_TWIN],
    ['/projects/', '/', PROJECTS_TWIN],
    ['/projects/lantern', '/', '/projects/lantern.md'],
    ['/projects/lantern/', '/', '/projects/lantern.md'],
    ['/projects/lantern#usage', '/', '/projects/lantern.md#usage'],
    ['/about?ref=home', '/', '/about.md?ref=home'],
    ['/about', '/projects/lantern', '/about.md'],
    ['harbor', '/projects/lantern', '/projects/harbor.md'],
    ['../about', '/projects/lantern', '/about.md'],
    ['https://ada.example/about', '/', '/about.md'],
  ])('%s (on %s) → %s', (url, from, twin) => {
    expect(twinOfLink(url, fixture, from)).toBe(twin);
  });

  test.each([
    ['#usage', 'an anchor on the same page'],
    ['/llms.txt', 'a file that is not a page'],
    ['/projects/nope', 'a project that does not exist'],
    ['/nope', 'a page that does not exist'],
    ['https://other.example/about', 'another site'],
    ['//other.example/about', 'another site, scheme-relative'],
    ['mailto:ada@example.com', 'an email address'],
    ['', 'an empty destination'],
  ])('%s (%s) → no twin', (url) => {
    expect(twinOfLink(url, fixture, '/')).toBeUndefined();
  });

  test('pageOfTwin maps twins back to their HTML pages', () => {
    expect(pageOfTwin(HOME_TWIN)).toBe('/');
    expect(pageOfTwin('/projects/lantern.md')).toBe('/projects/lantern');
    expect(pageOfTwin('/about.md')).toBe('/about');
  });
});

describe('linkToTwins: links in a body are rewritten in place, nothing else changes', () => {
  test('inline links, relative links, reference definitions and raw <a href> point at twins', async () => {
    const out = await linkToTwins(project('lantern').body, fixture, '/projects/lantern');
    expect(out).toContain('[Harbor](/projects/harbor.md)');
    expect(out).toContain('[its sibling](/projects/harbor.md "relative link")');
    expect(out).toContain('[usage]: /about.md#usage "Usage"');
    expect(out).toContain('<a href="/projects.md">All projects</a>');
    expect(out).toContain('[me](/index.md)');
  });

  test('a link written absolute stays absolute', async () => {
    const out = await linkToTwins(project('lantern').body, fixture, '/projects/lantern');
    expect(out).toContain('[about](https://ada.example/about.md)');
  });

  test('code spans, code blocks, other sites and non-page files are left as written', async () => {
    const out = await linkToTwins(project('lantern').body, fixture, '/projects/lantern');
    expect(out).toContain('Run `lantern /about` or:');
    expect(out).toContain('lantern --open /projects/harbor\n');
    expect(out).toContain('[elsewhere](https://other.example/about)');
    expect(out).toContain('[index](/llms.txt)');
  });

  test('only link destinations change: with destinations blanked out, input and output are equal', async () => {
    const blank = async (markdown: string) => {
      const links = sourceLinks(markdown);
      return links.reduceRight((text, l) => `${text.slice(0, l.start)}<>${text.slice(l.end)}`, markdown);
    };
    const body = project('lantern').body;
    const out = await linkToTwins(body, fixture, '/projects/lantern');
    expect(out).not.toBe(body);
    expect(await blank(out)).toBe(await blank(body));
  });

  test('with { absolute: true } every rewritten link is an absolute URL', async () => {
    const out = await linkToTwins(project('lantern').body, fixture, '/projects/lantern', { absolute: true });
    expect(out).toContain('[Harbor](https://ada.example/projects/harbor.md)');
    expect(out).toContain('[usage]: https://ada.example/about.md#usage "Usage"');
  });

  test('with { absolute: true } links to non-page files become absolute too; anchors and other sites stay', async () => {
    const out = await linkToTwins(project('lantern').body, fixture, '/projects/lantern', { absolute: true });
    expect(out).toContain('[index](https://ada.example/llms.txt)');
    expect(out).toContain('[elsewhere](https://other.example/about)');
    expect(await linkToTwins('[top](#usage) [mail](mailto:a@b.example)', fixture, '/about', { absolute: true })).toBe(
      '[top](#usage) [mail](mailto:a@b.example)',
    );
  });
});

describe('the twins of the fixture site, pinned whole', () => {
  test('a project twin: title, summary, fields, body with twin links, related projects', async () => {
    expect((await projectTwin(project('lantern'), new Catalog(fixture))).markdown).toMatchInlineSnapshot(`
      "# Lantern: a \\[tiny] log viewer

      > A terminal log viewer that follows files and highlights errors.

      Site index: [llms.txt](https://ada.example/llms.txt), every page of this site with its Markdown version.

      - Type: Tool
      - Category: Tools
      - Status: active
      - Started: 2024-05-01
      - Updated: 2025-01-15
      - Tags: cli, logs
      - Stack: Go
      - Repository: <https://code.example/ada/lantern>
      - Demo: <https://lantern.example>
      - Web page: <https://ada.example/projects/lantern>
      - Author: [Ada Fixture](/index.md)
      - Content signals: search=yes, ai-input=yes, ai-train=no

      Lantern grew out of [Harbor](/projects/harbor.md) and [its sibling](/projects/harbor.md "relative link").
      See the [usage notes][usage], the [index](/llms.txt), [me](/index.md) and
      [elsewhere](https://other.example/about). Absolute: [about](https://ada.example/about.md).

      ## Usage

      Run \`lantern /about\` or:

      \`\`\`sh
      lantern --open /projects/harbor
      \`\`\`

      <a href="/projects.md">All projects</a>

      [usage]: /about.md#usage "Usage"

      ## Related projects

      - [Harbor](/projects/harbor.md): An archived library for tailing files. (library, 2019)
      "
    `);
  });

  test('an archived project says so', async () => {
    expect((await projectTwin(project('harbor'), new Catalog(fixture))).markdown).toMatchInlineSnapshot(`
      "# Harbor

      > An archived library for tailing files.

      Site index: [llms.txt](https://ada.example/llms.txt), every page of this site with its Markdown version.

      - Type: Library
      - Category: Libraries
      - Status: archived (no longer maintained)
      - Started: 2019-02-03
      - Tags: logs, go
      - Web page: <https://ada.example/projects/harbor>
      - Author: [Ada Fixture](/index.md)
      - Content signals: search=yes, ai-input=yes, ai-train=no

      Superseded by [Lantern](/projects/lantern.md). Not [gone](/projects/gone) or [lost](/abuot),
      but see [the API](/api/v1/projects) and [the archive](/projects.md#archived).

      ## Related projects

      - [Lantern: a \\[tiny\\] log viewer](/projects/lantern.md): A terminal log viewer that follows files and highlights errors. (tool, 2024)
      "
    `);
  });

  test('a page twin', async () => {
    expect((await pageTwin(fixture.pages[0]!, new Catalog(fixture))).markdown).toMatchInlineSnapshot(`
      "# About

      > Who Ada is.

      Site index: [llms.txt](https://ada.example/llms.txt), every page of this site with its Markdown version.

      - Tags: about
      - Web page: <https://ada.example/about>
      - Author: [Ada Fixture](/index.md)
      - Content signals: search=yes, ai-input=yes, ai-train=no

      Back [home](/index.md) or to the [projects](/projects.md), or [Lantern usage](/projects/lantern.md#usage).

      ## Usage

      Nothing here.
      "
    `);
  });

  test('the home twin: profile, bio, featured and every project, pages', async () => {
    expect((await homeTwin(fixture)).markdown).toMatchInlineSnapshot(`
      "# Ada Fixture

      > A fixture site for the twin and llms.txt generator tests.

      Site index: [llms.txt](https://ada.example/llms.txt), every page of this site with its Markdown version.

      - Role: Maker of small, well-tested things.
      - Location: Lund, Sweden
      - Email: [ada@example.com](mailto:ada@example.com)
      - Elsewhere: [Code](https://code.example/ada)
      - Web page: <https://ada.example/>
      - Content signals: search=yes, ai-input=yes, ai-train=no

      I make [Lantern](/projects/lantern.md) and write on the [about page](/about.md).

      ## Featured projects

      - [Lantern: a \\[tiny\\] log viewer](/projects/lantern.md): A terminal log viewer that follows files and highlights errors. (tool, 2024)

      ## All projects

      Every project, by category. The [projects index](/projects.md) lists them the same way.

      ### Tools

      - [Lantern: a \\[tiny\\] log viewer](/projects/lantern.md): A terminal log viewer that follows files and highlights errors. (tool, 2024)

      ### Archived

      No longer maintained; kept for reference.

      - [Harbor](/projects/harbor.md): An archived library for tailing files. (library, 2019)

      ## Pages

      - [About](/about.md): Who Ada is.

      ## For agents

      - [llms.txt](/llms.txt): an index of this site for language models
      - [llms-full.txt](/llms-full.txt): every page of this site as Markdown, in one file
      "
    `);
  });

  test('FO-WORK: the projects index twin: by category, archived apart', async () => {
    expect((await projectsTwin(fixture)).markdown).toMatchInlineSnapshot(`
      "# Projects

      > 2 projects by Ada Fixture in 2 categories, 1 of them archived.

      Site index: [llms.txt](https://ada.example/llms.txt), every page of this site with its Markdown version.

      - Web page: <https://ada.example/projects>
      - Author: [Ada Fixture](/index.md)
      - Content signals: search=yes, ai-input=yes, ai-train=no

      ## Tools

      - [Lantern: a \\[tiny\\] log viewer](/projects/lantern.md): A terminal log viewer that follows files and highlights errors. (tool, 2024)

      ## Archived

      No longer maintained; kept for reference.

      - [Harbor](/projects/harbor.md): An archived library for tailing files. (library, 2019)
      "
    `);
  });

  test('the 404 twin points at the home and projects twins and llms.txt', () => {
    const twin = notFoundTwin(fixture);
    expect(twin.path).toBe(NOT_FOUND_TWIN);
    expect(twin.markdown).toMatchInlineSnapshot(`
      "# Page not found

      > There is no page at this address.

      Every page on this site has a Markdown version at its path plus \`.md\`. These are good places to start:

      - [Ada Fixture](/index.md): the home page: profile, featured projects and every page
      - [Projects](/projects.md): every project, by category
      - [llms.txt](/llms.txt): an index of this site for language models
      "
    `);
  });
});

describe('brokenLinks: links to projects or pages that do not exist, for a build warning', () => {
  test('names the file and the link; ignores other sites, anchors and paths the site serves otherwise', async () => {
    expect(await brokenLinks(fixture, RESERVED_PAGE_SLUGS)).toEqual([
      { source: 'content/projects/harbor.md', url: '/projects/gone' },
      { source: 'content/projects/harbor.md', url: '/abuot' },
    ]);
  });

  test('the sample content has none', async () => {
    expect(await brokenLinks(sample, RESERVED_PAGE_SLUGS)).toEqual([]);
  });
});

describe('every twin of the sample content', () => {
  test('PF-TWINS, FO-POSTS, FO-RESUME: one twin per HTML page: home, résumé, projects index, every project, posts index, every post, every page', async () => {
    const twins = await allTwins(new Catalog(sample));
    expect(sample.posts.length).toBe(3);
    expect(twins.map((t) => t.path).sort()).toEqual(
      [
        HOME_TWIN,
        '/resume.md',
        PROJECTS_TWIN,
        ...sample.projects.map((p) => p.twin),
        '/posts.md',
        ...sample.posts.map((p) => p.twin),
        ...sample.pages.map((p) => p.twin),
      ].sort(),
    );
    for (const t of twins) expect(pageOfTwin(t.path)).toBe(t.page);
  });

  test('each starts with "# title", then the summary as a blockquote, then a field list naming the web page', async () => {
    for (const t of await allTwins(new Catalog(sample))) {
      const [h1, , quote, , ...rest] = t.markdown.split('\n');
      expect(h1).toBe(`# ${t.title}`);
      expect(quote).toBe(`> ${t.summary}`);
      expect(rest.join('\n')).toContain(`- Web page: <${new URL(t.page, `${sample.site.url}/`).href}>`);
    }
  });

  test('every root-relative link in a twin points at another twin (or llms.txt), and every twin it names exists', async () => {
    const twins = await allTwins(new Catalog(sample));
    const paths = new Set(twins.map((t) => t.path));
    for (const t of twins) {
      const links = sourceLinks(t.markdown);
      for (const { url } of links.filter((l) => l.url.startsWith('/'))) {
        const path = url.replace(/[?#].*$/, '');
        expect(paths.has(path) || ['/llms.txt', '/llms-full.txt'].includes(path), `${t.path} links to ${url}`).toBe(true);
      }
    }
  });

  test('a project body is carried over whole, only its links and images changed', async () => {
    for (const p of sample.projects) {
      const twin = await projectTwin(p, new Catalog(sample));
      expect(twin.markdown).toContain(await linkToTwins(p.body, sample, p.href, {}, p.images));
      // Sample bodies link root-relative without trailing slashes, so the change is exactly ".md";
      // images point at their published files, absolute.
      let body = p.body;
      for (const [written, image] of Object.entries(p.images)) body = body.replace(`](${written})`, `](${imageUrl(sample, image)})`);
      expect(twin.markdown.replaceAll('.md)', ')')).toContain(body);
    }
    expect(Object.keys(sample.projects.find((p) => p.slug === 'quarry')!.images)).toEqual(['../images/quarry-index-layout.png']);
  });

  test('the home twin lists every project and every page by its twin', async () => {
    const { markdown } = await homeTwin(sample);
    for (const r of [...sample.projects, ...sample.pages]) expect(markdown).toContain(`](${r.twin})`);
  });

  test('FO-WORK: the projects index twin lists each project once, in its category or the archive (one listing, no second copy by type)', async () => {
    const { markdown } = await projectsTwin(sample);
    expect(markdown).not.toContain('## By type');
    for (const p of sample.projects) expect(markdown.split(`](${p.twin})`).length - 1).toBe(1);
  });
});
