// FO-LINK-SCHEMES and FO-MARKDOWN-SAFE over every output of the hostile site, as a build writes
// them (rendered with no build, tests/support/render-page.ts): tests/fixtures/markdown-hostile-site
// holds markup-looking text in every front-matter field, and a featured project whose title is
// the one that made a live `javascript:` link on /developers, developers.md and SKILL.md
// (``Evil` [x](javascript:fetch('/pwned-dev')) ` ``). Every page (with /developers), every
// Markdown and text file (twins, llms files, AGENTS.md, SKILL.md, developers.md, auth.md…) read by a
// Markdown renderer that passes raw HTML and every address through, every JSON document (the
// OpenAPI descriptions and examples, the catalogs, the server card) and the feed: no raw HTML, no
// handler, no script, and every address http(s), relative or a fragment (or the site's own
// mailto:). The same pages and Markdown, opened in Chromium: tests/integration/hostile-surfaces-browser.test.ts.
import { describe, expect, test } from 'vitest';
import { developerGuide, developersMarkdown, inlineHtml } from '../../src/discovery/developers.ts';
import { answerText, apiExamples } from '../../src/discovery/examples.ts';
import { skillMarkdown } from '../../src/discovery/skill-md.ts';
import { parseHtml } from '../support/html-query.ts';
import { allowedAddress, liveMarkup, renderTrusting } from '../support/live-markup.ts';
import { fixtureSite, siteFunction } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/markdown-hostile-site/content');
/** The attack's title (issue reproduction): a backtick that ends the example's code span, then a link. */
const EVIL_TITLE = "Evil` [x](javascript:fetch('/pwned-dev')) `";

/** The address-holding keys of a JSON document: `url`, `href`, `…Url`, `…_uri`, `$schema`… */
const ADDRESS_KEY = /(?:^|_)(?:url|uri|href)$|(?:Url|Uri|URL)$|^\$schema$|^(?:issuer|resource|endpoint)$|_endpoint$/;
/** Keys whose string OpenAPI renders as Markdown (OAS 3.1 § 4.8: "CommonMark syntax MAY be used"); the other JSON documents' strings are plain text. */
const MARKDOWN_KEY = /^description$/;
/** MCP Apps (SEP-1865) name a UI resource `ui://…`: read through the MCP server, never followed as a link. */
const NOT_A_LINK = /^resourceUri$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string of a JSON document with its key: [key, value]. */
function strings(value: Json, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  return [];
}

/** A Markdown document as the trusting renderer shows it: the raw HTML it held and what in its HTML could run or lead elsewhere. */
function markdownProblems(markdown: string, email: string | undefined): string[] {
  const { html, rawHtml } = renderTrusting(markdown);
  return [...(rawHtml ? ['raw HTML'] : []), ...liveMarkup(parseHtml(html).all('*'), { email })];
}

/**
 * A page as a browser reads it: the layout writes its own head elements, search form, icons and
 * scripts (files of the site or JSON data); an inline script, a handler or an address of another
 * scheme is the owner's text come alive.
 */
function pageProblems(html: string, email: string | undefined): string[] {
  const doc = parseHtml(html);
  return [
    ...liveMarkup(doc.all('*'), { email, allowedTags: ['meta', 'link', 'style', 'script', 'form', 'svg', 'template'] }),
    ...doc
      .all('script')
      .filter((s) => !s.has('src') && !/^application\/(?:ld\+)?json$/.test(s.attr('type') ?? ''))
      .map((s) => `<script>${s.textContent.slice(0, 60)}`),
    ...doc
      .all('svg *')
      .filter((el) => /^(?:script|foreignobject)$/i.test(el.tag))
      .map((el) => `<svg> <${el.tag}>`),
  ];
}

describe('FO-LINK-SCHEMES: every output of the hostile site is inert to a trusting reader', () => {
  const fn = siteFunction(site);

  test('FO-LINK-SCHEMES: every page, Markdown and text file, JSON document and the feed: no raw HTML, no handler or script of the owner’s, no address but http(s), relative, fragment', async () => {
    const content = await site.content();
    const email = content.site.email;
    const paths = (await site.paths()).filter((p) => !p.endsWith('.png') && p !== '/404');
    const pages = new Set(await site.pagePaths());
    const found: Record<string, string[]> = {};
    const seen = { pages: 0, markdown: 0, json: 0, xml: 0 };
    for (const path of paths) {
      if (!(await site.has(path))) continue;
      const response = await site.response(path);
      const type = response.headers.get('content-type') ?? '';
      const text = await response.text();
      let problems: string[];
      if (pages.has(path) || path.endsWith('/search-page')) {
        seen.pages++;
        problems = pageProblems(text, email);
      } else if (/^text\/(?:markdown|plain)/.test(type) || /\.(?:md|txt)$/.test(path)) {
        seen.markdown++;
        problems = markdownProblems(text, email);
      } else if (/json/.test(type) || path.endsWith('.json')) {
        seen.json++;
        problems = strings(JSON.parse(text) as Json).flatMap(([key, value]) => [
          ...(ADDRESS_KEY.test(key) && !NOT_A_LINK.test(key) && !allowedAddress(value, email) ? [`${key}: ${value}`] : []),
          ...(path === '/openapi.json' && MARKDOWN_KEY.test(key) ? markdownProblems(value, email).map((p) => `${key} “${value.slice(0, 60)}”: ${p}`) : []),
        ]);
      } else if (/xml/.test(type)) {
        seen.xml++;
        const addresses = [...text.matchAll(/<(?:link|loc|guid|url)>([^<]*)<\//g), ...text.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]!);
        problems = addresses.filter((a) => !allowedAddress(a.replace(/&amp;/g, '&'), email));
      } else continue;
      if (problems.length) found[path] = problems;
    }
    // The function's answers made of owner text: the search page and its twin, hostile queries echoed.
    for (const q of ['evil', 'alert', "[x](javascript:fetch('/pwned-dev'))", '<script>alert(1)</script>']) {
      const query = encodeURIComponent(q);
      const page = await fn(`/search?q=${query}`);
      const twin = await fn(`/search.md?q=${query}`);
      expect([page.status, twin.status]).toEqual([200, 200]);
      const problems = [...pageProblems(await page.text(), email), ...markdownProblems(await twin.text(), email)];
      if (problems.length) found[`/search?q=${q}`] = problems;
    }
    expect(found).toEqual({});
    // The crawl reached every kind of output, /developers and the agent documents among them.
    expect(paths).toEqual(
      expect.arrayContaining(['/developers', '/developers.md', '/SKILL.md', '/AGENTS.md', '/llms.txt', '/llms-full.txt', '/openapi.json', '/feed.xml']),
    );
    expect(seen.pages).toBeGreaterThan(8);
    expect(seen.markdown).toBeGreaterThan(15);
    expect(seen.json).toBeGreaterThan(5);
    expect(seen.xml).toBeGreaterThan(0);
  });

  test('FO-LINK-SCHEMES: the attack’s title stays text in a code span on /developers, developers.md and SKILL.md', async () => {
    const content = await site.content();
    const example = apiExamples(content).find((e) => e.id === 'example-project')!;
    expect(example.fact).toEqual({ pointer: '/title', equals: EVIL_TITLE });
    // The code span holds the whole value: its backtick string is longer than the value's run of one.
    expect(answerText(example)).toBe(`Answers 200; \`title\` is \`\`${JSON.stringify(EVIL_TITLE)}\`\`.`);
    expect(inlineHtml(answerText(example))).toBe(`Answers 200; <code>title</code> is <code>&quot;Evil\` [x](javascript:fetch('/pwned-dev')) \`&quot;</code>.`);
    const page = parseHtml(await site.text('/developers'));
    expect(page.all('a[href]').filter((a) => !allowedAddress(a.attr('href')!, content.site.email))).toEqual([]);
    expect(page.texts('code')).toContain(JSON.stringify(EVIL_TITLE));
    for (const [name, markdown] of [
      ['developers.md', developersMarkdown(developerGuide(content))],
      ['SKILL.md', skillMarkdown(content)],
    ] as const) {
      const html = parseHtml(renderTrusting(markdown).html);
      expect(
        html.all('a[href]').filter((a) => !allowedAddress(a.attr('href')!)),
        name,
      ).toEqual([]);
      expect(html.texts('code'), name).toContain(JSON.stringify(EVIL_TITLE));
    }
  });

  test('FO-LINK-SCHEMES: the guide’s prose renderer keeps an address only when it is http(s), relative or a fragment', () => {
    expect(inlineHtml('[x](javascript:alert(1))')).toBe('[x](javascript:alert(1))');
    expect(inlineHtml('[x](JaVaScRiPt:alert(1)) [y](data:text/html,x) [z](vbscript:x) [w](file:///etc/passwd)')).not.toContain('<a');
    expect(inlineHtml('[a](https://x.example/a?b=1&c=2) [b](/developers#errors) [c](#limits) [d](?q=1)')).toBe(
      '<a href="https://x.example/a?b=1&amp;c=2">a</a> <a href="/developers#errors">b</a> <a href="#limits">c</a> <a href="?q=1">d</a>',
    );
    // A code span of any length, its padding stripped as CommonMark strips it.
    expect(inlineHtml('``a`b`` and `` `x` `` and `<i>`')).toBe('<code>a`b</code> and <code>`x`</code> and <code>&lt;i&gt;</code>');
    // An unpaired backtick string is text (§ 6.1), and what follows it is read as usual.
    expect(inlineHtml('``a` [x](javascript:y)')).toBe('``a` [x](javascript:y)');
  });
});
