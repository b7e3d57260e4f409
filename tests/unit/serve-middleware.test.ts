// The routing middleware: its matcher against the route table, and its decisions on a fixture site.
import { describe, expect, test } from 'vitest';
import middleware, { config } from '../../middleware.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { ENTRY_POINTS } from '../../src/server/entry-points.ts';
import { manifestFiles, routePage } from '../../src/routing/page-negotiation.ts';
import { AGENT_VIEW_PATH, type PageManifest } from '../../src/routing/page-manifest.ts';
import { matcherRegExp } from '../../scripts/local-server/vercel-router.ts';

// As Vercel compiles a matcher (the deploy artifact test compares it with .vercel/output/config.json).
const matcher = matcherRegExp(config.matcher[0]!);

describe('platform facts: the middleware config is a literal Vercel can read', () => {
  test('runtime nodejs and a string matcher (an object matcher with `has` fails the build)', () => {
    expect(config.runtime).toBe('nodejs');
    expect(config.matcher.every((m) => typeof m === 'string')).toBe(true);
  });
});

describe('serve issue § 3: a tight matcher', () => {
  test('excludes every path of the route table, or a Markdown request there would be rewritten to a twin that does not exist', () => {
    for (const route of ROUTES) {
      const p = route.path.replace(/\{\w+\}/g, 'sample');
      expect(matcher.test(p), p).toBe(false);
      expect(matcher.test(`${p}/deeper`), `${p}/deeper`).toBe(false);
    }
  });

  test('excludes /api itself (a lookahead on `api/` alone would not), assets, discovery files and files with an extension', () => {
    for (const p of ['/api', '/api/', '/api/v1/nope', '/ask', '/oauth/x', '/agent/x', '/_astro/a.css', '/.well-known/api-catalog', '/.well-known/oauth-protected-resource', '/llms.txt', '/openapi.json', '/favicon.svg', '/a/b.json', '/search', '/search.md']) {
      expect(matcher.test(p), p).toBe(false);
    }
  });

  test('excludes every dynamic or discovery entry point', () => {
    for (const e of ENTRY_POINTS) {
      const path = e.path.split('?')[0]!;
      if (e.mediaType.startsWith('text/html') || path === '/' || path.endsWith('.md')) continue;
      expect(matcher.test(path), path).toBe(false);
    }
  });

  test('matches pages (with or without a trailing slash) and .md files', () => {
    for (const p of ['/', '/about', '/about/', '/projects', '/projects/quarry', '/developers', '/developers/deprecation', '/apiary', '/asker', '/about.md', '/index.md', '/AGENTS.md', '/nope']) {
      expect(matcher.test(p), p).toBe(true);
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
  test('Accept: text/markdown → rewrite to the twin with Content-Type, x-markdown-tokens and Vary: Accept', async () => {
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

  test('HTML (weighted for HTML, */*, none, text/plain lowered) → carry on, with Vary: Accept (its Link is a header rule\'s)', async () => {
    for (const accept of ['text/html;q=0.9, text/markdown;q=0.5', '*/*', undefined, 'text/html, text/plain;q=0.5']) {
      const res = await call('/projects/quarry', accept);
      expect(headers(res), String(accept)).toEqual({
        'x-middleware-next': '1',
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
    expect(headers(res)).toEqual({ 'x-middleware-next': '1', vary: 'Accept' });
  });

  test('a path that reads as another host (//evil.example) is never a rewrite: the file system is asked for that path', async () => {
    const res = await call('//evil.example/x', 'text/html');
    expect(headers(res)).toEqual({ 'x-middleware-next': '1', vary: 'Accept' });
  });

  test('percent-encoded paths are decoded before lookup', async () => {
    expect((await call('/%61bout', 'text/markdown')).headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
  });

  test('a malformed escape asked for as HTML is left to the file system (which will not find it)', async () => {
    expect(headers(await call('/%E0%A4%A', 'text/html'))).toEqual({ 'x-middleware-next': '1', vary: 'Accept' });
  });

  test.each([
    ['/%ff.md', '*/*'],
    ['/%E0%A4%A', 'text/markdown'],
  ])('issue 17: a malformed path asked for as Markdown (%s, Accept %s) → the Markdown 404', async (path, accept) => {
    const res = await call(path, accept);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toBe('# Not here\n');
  });

  test.each([['/404'], ['/404/']])('issue 17: the 404 page by name (%s) is not a page: rewritten to a path no build writes, so the platform answers 404', async (path) => {
    const res = await call(path, 'text/html');
    expect(new URL(res.headers.get('x-middleware-rewrite')!).pathname).toBe('/_folio/not-found');
    expect((await call(path, 'text/markdown')).status).toBe(404);
  });
});

describe('docs/decisions.md § Markdown twins: unknown paths are real 404s', () => {
  test('Markdown preferred → a Markdown 404, with its token estimate and Vary: Accept', async () => {
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

  test('HTML preferred → carry on with Vary: Accept and no Link (the file system answers 404.html)', async () => {
    expect(headers(await call('/nope', 'text/html'))).toEqual({ 'x-middleware-next': '1', vary: 'Accept' });
  });

  test('a .md file that does not exist → the Markdown 404 whatever Accept says', async () => {
    const res = await call('/nope.md', '*/*');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  test('a .md file that exists → carry on with its token estimate and Markdown type', async () => {
    expect(headers(await call('/auth.md'))).toEqual({ 'x-middleware-next': '1', 'content-type': 'text/markdown; charset=utf-8', 'x-markdown-tokens': '900' });
  });
});

describe('portfolio spec § What the service does: the agent view at /?mode=agent', () => {
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
    expect((await call('/?mode=human', 'text/html')).headers.get('x-middleware-rewrite')).toBeNull();
    expect((await call('/about?mode=agent', 'text/html')).headers.get('x-middleware-rewrite')).toBeNull();
  });
});

describe('middleware.ts default export over the real build', () => {
  test('answers with the built manifest (npm test builds first)', async () => {
    const res = await middleware(new Request('https://folio.test/about', { headers: { accept: 'text/markdown' } }));
    expect(res.headers.get('x-middleware-rewrite')).toBe('https://folio.test/about.md');
    expect(Number(res.headers.get('x-markdown-tokens'))).toBeGreaterThan(0);
  });
});
