// FO-TEST-TIERS: the page tests' own tools (tests/support/render-page.ts, html-query.ts): a route's
// path as Astro makes it, and the selector engine and accessible names the assertions read pages by.
// That a render is the build's file is tests/integration/page-render-parity.test.ts's.
import { describe, expect, test } from 'vitest';
import { parseHtml } from '../support/html-query.ts';
import { fixtureSite, pathOf } from '../support/render-page.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

describe('FO-TEST-TIERS: rendering a fixture site', () => {
  test('a route’s path: an undefined rest parameter drops its segment, a parameter inside a segment is replaced, index names its folder', () => {
    expect(pathOf('/[...lang]/index', {})).toBe('/');
    expect(pathOf('/[...lang]/index', { lang: 'en' })).toBe('/en');
    expect(pathOf('/[...lang]/projects/[...page]', { page: 'page/2' })).toBe('/projects/page/2');
    expect(pathOf('/[home].md', { home: 'index' })).toBe('/index.md');
    expect(pathOf('/[...lang]/projects/[slug].md', { lang: 'en', slug: 'quarry' })).toBe('/en/projects/quarry.md');
    expect(() => pathOf('/projects/[slug]', {})).toThrow('no value for [slug]');
  });

  test('every route in every language is listed; a route that answers no file is not written (the second site has no /posts.md)', async () => {
    const sample = fixtureSite(SAMPLE_SITE_CONTENT);
    const paths = await sample.paths();
    for (const path of ['/', '/index.md', '/projects/quarry', '/projects/quarry.md', '/feed.xml', '/404', '/search-page', '/.well-known/api-catalog'])
      expect(paths, path).toContain(path);
    expect(await sample.pagePaths()).not.toContain('/404');
    expect(await sample.has('/posts.md')).toBe(true);
    const second = fixtureSite('tests/fixtures/second-site/content');
    expect(await second.paths()).toContain('/posts.md');
    expect(await second.has('/posts.md')).toBe(false);
    await expect(second.text('/posts.md')).rejects.toThrow('a build writes nothing at /posts.md');
    expect((await sample.response('/feed.xml')).headers.get('content-type')).toMatch(/xml/);
  });
});

describe('FO-TEST-TIERS: reading a page (html-query.ts)', () => {
  const page = parseHtml(`<!doctype html><html lang="en"><body>
    <nav aria-labelledby="t"><h2 id="t">In  this
      project</h2><ul><li><a href="#a" class="x y">A</a></li><li><a href="#b">B <span aria-hidden="true">↗</span></a></li></ul></nav>
    <main><h2 id="s">Summary</h2><p class="prose">One</p><p class="prose">Two</p>
      <a href="/x" data-k="a-b c"><img alt="Icon"> Home</a><input name="q" value="v"></main></body></html>`);

  test('type, #id, .class, attributes (=, ^=, $=, *=, ~=, |=), :not, descendant, child, next and later siblings, comma lists', () => {
    expect(page.texts('nav a')).toEqual(['A', 'B ↗']);
    expect(page.texts('li > a.x.y')).toEqual(['A']);
    expect(page.texts('ul > a')).toEqual([]);
    expect(page.texts('#s + .prose')).toEqual(['One']);
    expect(page.texts('#s ~ .prose')).toEqual(['One', 'Two']);
    expect(page.attrs('a[href^="#"]', 'href')).toEqual(['#a', '#b']);
    expect(page.attrs('a[href$="b"], a[data-k~="c"]', 'href')).toEqual(['#b', '/x']);
    expect(page.attrs('a[data-k|="a"], a[href*="x"]', 'href')).toEqual(['/x']);
    expect(page.attrs('a:not(.x)', 'href')).toEqual(['#b', '/x']);
    expect(page.get('input').attr('value')).toBe('v');
    expect(() => page.get('table')).toThrow('no element matches table');
  });

  test('a <template>’s content is its text, and no selector reaches into it, as in the DOM', () => {
    const doc = parseHtml('<body><div id="d">x<template><a href="#t">T</a><template><b>U</b></template></template></div></body>');
    expect(doc.all('a, b')).toEqual([]);
    expect(doc.get('#d').textContent).toBe('xTU');
    expect(doc.all('template')).toHaveLength(1);
  });

  test('accessible names: aria-labelledby, aria-label, then the text and images’ alt, hidden parts left out', () => {
    expect(page.getNamed('nav', 'In this project').all('a')).toHaveLength(2);
    expect(page.all('a').map((a) => a.accessibleName())).toEqual(['A', 'B', 'Icon Home']);
    expect(page.named('a', /^Icon/)).toHaveLength(1);
  });
});
