// The routing middleware: its matcher against the route table, and its decisions on a fixture site.
import { describe, expect, test } from 'vitest';
import { config } from '../../middleware.ts';
import { manifestFiles, routePage } from '../../src/routing/page-negotiation.ts';
import { AGENT_VIEW_PATH, markdownLanguages, type PageManifest } from '../../src/routing/page-manifest.ts';
import { matcherRegExp } from '../../scripts/local-server/vercel-router.ts';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { MARKDOWN_MAYBE, NEGOTIATE_MATCHER, NEGOTIATE_PREFIX } from '../../src/routing/markdown-gate.ts';
import { twinType } from '../../src/http/negotiate.ts';

// As Vercel compiles a matcher (the deploy artifact test compares it with .vercel/output/config.json).
const matcher = matcherRegExp(config.matcher[0]!);

describe('platform facts: the middleware config is a literal Vercel can read', () => {
  test('runtime nodejs and a string matcher (an object matcher with `has` fails the build)', () => {
    expect(config.runtime).toBe('nodejs');
    expect(config.matcher.every((m) => typeof m === 'string')).toBe(true);
  });
});

describe('FO-ZERO-COMPUTE: the middleware takes only the gate’s path', () => {
  test('its matcher is the gate’s (NEGOTIATE_MATCHER), so no page path, dynamic path or file reaches it on its own', () => {
    expect(config.matcher).toEqual([NEGOTIATE_MATCHER]);
    for (const p of [
      '/',
      '/about',
      '/about/',
      '/projects/quarry',
      '/about.md',
      '/index.md',
      '/api',
      '/api/v1/nope',
      '/ask',
      '/search',
      '/llms.txt',
      '/_astro/a.css',
      '/404',
    ]) {
      expect(matcher.test(p), p).toBe(false);
    }
    for (const p of [`${NEGOTIATE_PREFIX}/`, `${NEGOTIATE_PREFIX}/about`, `${NEGOTIATE_PREFIX}/projects/quarry.md`]) expect(matcher.test(p), p).toBe(true);
  });

  test('property: every Accept under which the negotiator prefers the twin (Markdown or plain text) passes the gate (MARKDOWN_MAYBE); a browser’s never does', () => {
    const gate = new RegExp(`^(?:${MARKDOWN_MAYBE})$`);
    const range = fc.constantFrom(
      'text/html',
      'text/markdown',
      'text/*',
      '*/*',
      'application/xhtml+xml',
      'application/xml',
      'image/webp',
      'text/plain',
      'application/json',
      'TEXT/HTML',
      'Text/Markdown',
      'text/x-markdown',
    );
    const param = fc.oneof(fc.constant(''), fc.constantFrom(';q=0', ';q=0.1', ';q=0.5', ';q=0.9', ';q=1', ';level=1', ' ; q=0.8', ';charset=utf-8'));
    const accept = fc
      .array(
        fc.tuple(range, param).map(([r, p]) => r + p),
        { minLength: 1, maxLength: 6 },
      )
      .map((parts) => parts.join(', '));
    fc.assert(
      fc.property(accept, (value) => {
        if (twinType(value)) expect(gate.test(value), value).toBe(true);
      }),
      { numRuns: runs(2000), seed: 32 },
    );
    for (const browser of [
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    ]) {
      expect(gate.test(browser), browser).toBe(false);
    }
  });
});

const fixture: PageManifest = {
  pages: { '/': '/index.md', '/about': '/about.md', '/projects/quarry': '/projects/quarry.md', '/developers': null },
  markdown: { '/index.md': 120, '/about.md': 42, '/projects/quarry.md': 300, [AGENT_VIEW_PATH]: 77, '/auth.md': 900 },
  notFound: { body: '# Not here\n', tokens: 3 },
};
const site = manifestFiles(fixture);
const call = (path: string, accept?: string, method = 'GET') =>
  routePage(new Request(`https://folio.test${path}`, { method, headers: accept === undefined ? {} : { accept } }), site);
const headers = (res: Response) => Object.fromEntries(res.headers);

describe('docs/decisions.md § Markdown twins: decisions on a page URL', () => {
  test('PF-TWINS, KQ-PUBLIC-FILES: Accept: text/markdown → rewrite to the twin with Content-Type, x-markdown-tokens and Vary: Accept', async () => {
    const res = await call('/about', 'text/markdown');
    expect(headers(res)).toEqual({
      'x-middleware-rewrite': 'https://folio.test/about.md',
      'content-type': 'text/markdown; charset=utf-8',
      'x-markdown-tokens': '42',
      vary: 'Accept',
    });
  });

  test('the home page’s twin is /index.md', async () => {
    expect((await call('/', 'text/markdown')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/index.md');
    // Its Link header (the twin, the discovery files) is vercel.json's header rules', not the middleware's.
    expect((await call('/')).headers.get('link')).toBeNull();
  });

  test('with a trailing slash the page is the same page', async () => {
    expect((await call('/about/', 'text/markdown')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
    expect((await call('/projects/quarry/', 'text/markdown')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/projects/quarry.md');
  });

  test("HTML (weighted for HTML, */*, none, text/plain lowered) → the page itself, with Vary: Accept (its Link is a header rule's)", async () => {
    for (const accept of ['text/html;q=0.9, text/markdown;q=0.5', '*/*', undefined, 'text/html, text/plain;q=0.5']) {
      const res = await call('/projects/quarry', accept);
      expect(headers(res), String(accept)).toEqual({
        'x-middleware-rewrite': 'https://folio.test/projects/quarry',
        vary: 'Accept',
      });
    }
  });

  test('Accept: text/plain (preferred to HTML) → the twin, labelled text/plain', async () => {
    for (const accept of ['text/plain', 'text/plain, text/html', 'text/html;q=0.5, text/plain']) {
      const res = await call('/about', accept);
      expect(res.headers.get('x-middleware-rewrite'), accept).toBe('https://folio.test/about.md');
      expect(res.headers.get('content-type'), accept).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('vary'), accept).toBe('Accept');
    }
    const missing = await call('/nope', 'text/plain');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  test('weighted for Markdown → the twin', async () => {
    expect((await call('/about', 'text/html;q=0.5, text/markdown;q=0.9')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
  });

  test('a page without a twin is HTML whatever Accept says, and names no twin', async () => {
    const res = await call('/developers', 'text/markdown');
    expect(headers(res)).toEqual({ 'x-middleware-rewrite': 'https://folio.test/developers', vary: 'Accept' });
  });

  test('handed the gate’s path (as Vercel may), it decides for the path the client asked for', async () => {
    expect((await call(`${NEGOTIATE_PREFIX}/about`, 'text/markdown')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
    expect((await call(`${NEGOTIATE_PREFIX}/about`, 'text/html')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about');
    expect((await call(`${NEGOTIATE_PREFIX}/?mode=agent`)).headers.get('x-middleware-rewrite')).toBe(`https://folio.test${AGENT_VIEW_PATH}`);
  });

  test('a path that reads as another host (//evil.example) is rewritten to that path on this site, never to the host', async () => {
    for (const path of ['//evil.example/x', `${NEGOTIATE_PREFIX}//evil.example/x`]) {
      const target = new URL((await call(path, 'text/html')).headers.get('x-middleware-rewrite')!);
      expect(target.host, path).toBe('folio.test');
      expect(target.pathname, path).toBe('//evil.example/x');
    }
  });

  test('percent-encoded paths are decoded before lookup', async () => {
    expect((await call('/%61bout', 'text/markdown')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
  });

  test('a malformed escape asked for as HTML is left to the file system (which will not find it)', async () => {
    expect(headers(await call('/%E0%A4%A', 'text/html'))).toEqual({ 'x-middleware-rewrite': 'https://folio.test/%E0%A4%A', vary: 'Accept' });
  });

  test.each([
    ['/%ff.md', '*/*'],
    ['/%E0%A4%A', 'text/markdown'],
  ])('a malformed path asked for as Markdown (%s, Accept %s) → the Markdown 404', async (path, accept) => {
    const res = await call(path, accept);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toBe('# Not here\n');
  });

  test.each([['/404'], ['/404/']])(
    'the 404 page by name (%s) is not a page: rewritten to a path no build writes, so the platform answers 404',
    async (path) => {
      const res = await call(path, 'text/html');
      expect(new URL(res.headers.get('x-middleware-rewrite')!).pathname).toBe('/_folio/not-found');
      expect((await call(path, 'text/markdown')).status).toBe(404);
    },
  );
});

describe('docs/decisions.md § Markdown twins: unknown paths are real 404s', () => {
  test('KQ-NOT-FOUND: Markdown preferred → a Markdown 404, with its token estimate and Vary: Accept', async () => {
    const res = await call('/nope', 'text/markdown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('x-markdown-tokens')).toBe('3');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('x-middleware-rewrite')).toBeNull();
    expect(await res.text()).toBe('# Not here\n');
  });

  test('HEAD gets the 404 headers without a body', async () => {
    const res = await call('/nope', 'text/markdown', 'HEAD');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });

  test('HTML preferred → the path asked, with Vary: Accept and no Link (the file system answers 404.html)', async () => {
    expect(headers(await call('/nope', 'text/html'))).toEqual({ 'x-middleware-rewrite': 'https://folio.test/nope', vary: 'Accept' });
  });

  test('a .md file that does not exist → the Markdown 404 whatever Accept says', async () => {
    const res = await call('/nope.md', '*/*');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  test('a .md file that exists → itself, with its token estimate and Markdown type', async () => {
    expect(headers(await call('/auth.md'))).toEqual({
      'x-middleware-rewrite': 'https://folio.test/auth.md',
      'content-type': 'text/markdown; charset=utf-8',
      'x-markdown-tokens': '900',
    });
  });
});

describe('PF-AGENT-VIEW: the agent view at /?mode=agent', () => {
  test('rewrites to the agent view, whatever Accept says', async () => {
    for (const accept of ['text/html', undefined, 'text/markdown']) {
      const res = await call('/?mode=agent', accept);
      expect(headers(res)).toEqual({
        'x-middleware-rewrite': `https://folio.test${AGENT_VIEW_PATH}`,
        'content-type': 'text/markdown; charset=utf-8',
        'x-markdown-tokens': '77',
      });
    }
  });

  test('another mode, or mode=agent on another page, is the ordinary page', async () => {
    expect((await call('/?mode=human', 'text/html')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/');
    expect((await call('/about?mode=agent', 'text/html')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about');
  });
});

describe('FO-I18N: a twin on a site in several languages says its text language (Content-Language, RFC 9110 § 8.5)', () => {
  const languages = [
    { lang: 'fr', base: '' },
    { lang: 'en', base: '/en' },
  ];
  const paths = ['/index.md', '/en.md', '/projects/quarry.md', '/en/projects/quarry.md', '/en/projects/kiln.md', '/english.md'];
  const bilingual: PageManifest = {
    pages: { '/': '/index.md', '/en': '/en.md', '/projects/quarry': '/projects/quarry.md', '/en/projects/quarry': '/en/projects/quarry.md' },
    markdown: Object.fromEntries(paths.map((p) => [p, 10])),
    notFound: { body: '# Not here\n', tokens: 3 },
    languages: markdownLanguages(paths, languages, new Set(['/en/projects/kiln.md'])),
  };
  const twoLanguages = manifestFiles(bilingual);
  const ask = (path: string, accept?: string) =>
    routePage(new Request(`https://folio.test${path}`, { headers: accept === undefined ? {} : { accept } }), twoLanguages);

  test('by its folder: /en/… and /en.md are English, the rest French; a record not translated is French under /en too', () => {
    expect(bilingual.languages).toEqual({
      '/index.md': 'fr',
      '/en.md': 'en',
      '/projects/quarry.md': 'fr',
      '/en/projects/quarry.md': 'en',
      '/en/projects/kiln.md': 'fr',
      '/english.md': 'fr',
    });
  });

  test('by name, by negotiation, and the home page’s twin: each answer carries its language', async () => {
    expect((await ask('/en/projects/quarry.md')).headers.get('content-language')).toBe('en');
    expect((await ask('/en/projects/kiln.md')).headers.get('content-language')).toBe('fr');
    expect((await ask('/en', 'text/markdown')).headers.get('content-language')).toBe('en');
    expect((await ask('/.md')).headers.get('content-language')).toBe('fr');
    // An HTML page says it in <html lang>: its answer is as before.
    expect((await ask('/en', 'text/html')).headers.get('content-language')).toBeNull();
  });

  test('a one-language site’s manifest has no languages, and its twins no Content-Language, as before', async () => {
    expect((await call('/about.md')).headers.get('content-language')).toBeNull();
    expect((await call('/about', 'text/markdown')).headers.get('content-language')).toBeNull();
  });
});
