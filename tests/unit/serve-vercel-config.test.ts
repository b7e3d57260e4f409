// vercel.json: generated from the route table and the static-files header table, committed, and
// read back by the local server with the same path-matching rules Vercel uses.
import { readFileSync } from 'node:fs';
import { normalizeRoutes } from '@vercel/routing-utils';
import { describe, expect, test } from 'vitest';
import { ROUTES } from '../../src/server/routes.ts';
import { ENTRY_POINTS } from '../../src/discovery/entry-points.ts';
import {
  ASSET_CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY,
  dynamicPrefixes,
  FUNCTION_PATH,
  pageSource,
  vercelConfig,
  vercelJsonText,
  type VercelConfig,
} from '../../src/builder/vercel-config.ts';
import { compileVercelRoutes, conditionsHold, sourceToRegExp } from '../../scripts/local-server/vercel-router.ts';
import { NEGOTIATE_PREFIX, type GateRoute } from '../../src/routing/markdown-gate.ts';
import { ANALYTICS_PROXIES } from '../../src/records/analytics.ts';

const committed: VercelConfig = JSON.parse(readFileSync('vercel.json', 'utf8'));

/** A concrete path for a route path: `{slug}` → `sample`. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'sample-1');

const compiled = compileVercelRoutes(committed);

/** The headers vercel.json gives a path (later rules win, `$1` filled in), as the local server and Vercel apply them. */
function headersFor(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const route of compiled.before) {
    const m = route.kind === 'headers' ? route.src.exec(path) : null;
    if (route.kind === 'headers' && m)
      for (const [name, value] of Object.entries(route.headers)) out[name] = value.replace(/\$(\d+)/g, (_, i: string) => m[Number(i)] ?? '');
  }
  return out;
}

/** Whether a path reaches the function, by the rewrites after the file system. */
const rewritten = (path: string) => compiled.after.find((r) => r.src.test(path))?.dest === FUNCTION_PATH;

describe('vercel.json is generated and committed', () => {
  test('the committed vercel.json equals the generated one (run `npm run vercel:json` after changing routes)', () => {
    expect(readFileSync('vercel.json', 'utf8')).toBe(vercelJsonText(ROUTES));
  });

  test('platform facts: framework astro, dist, the data file shipped with the function', () => {
    expect(committed).toMatchObject({
      framework: 'astro',
      outputDirectory: 'dist',
      installCommand: 'npm install --omit=dev --no-audit --no-fund',
      buildCommand: 'npm run build',
      functions: { 'api/index.ts': { includeFiles: 'generated/**' } },
    });
  });

  test('routing is `routes` alone: Vercel refuses a deploy that mixes it with headers, rewrites, redirects, cleanUrls or trailingSlash', () => {
    for (const key of ['headers', 'rewrites', 'redirects', 'cleanUrls', 'trailingSlash']) expect(Object.keys(committed), key).not.toContain(key);
    expect(committed.routes.length).toBeGreaterThan(10);
  });

  test('every rewrite after the file system checks it, and goes to the function or to a page’s file, with no captured parameter in the function’s', () => {
    const filesystem = committed.routes.findIndex((r) => 'handle' in r && r.handle === 'filesystem');
    const after = committed.routes.slice(filesystem + 1);
    expect(after.length).toBeGreaterThan(5);
    for (const r of after) {
      expect('check' in r && r.check, JSON.stringify(r)).toBe(true);
      expect(['/api', '/$1.html', ...ANALYTICS_PROXIES.map((p) => p.destination)], JSON.stringify(r)).toContain('dest' in r ? r.dest : undefined);
    }
  });

  test('a page’s path is served from its .html file, only for page paths', () => {
    const toFile = (path: string) => compiled.after.find((r) => r.src.test(path))?.dest.replace('$1', path.slice(1));
    for (const p of ['/about', '/projects/quarry', '/tags/rust', '/apiary']) expect(toFile(p), p).toBe(`${p}.html`);
    for (const p of ['/api/v1', '/ask', '/search', '/search.md', '/llms.txt', '/_astro/a.css', '/about.md']) expect(toFile(p), p).not.toBe(`${p}.html`);
  });
});

// The CLI's own validator on the same file needs the fetched Vercel CLI: tests/integration/serve-vercel-validator.test.ts.
describe('FO-ROUTES-VALID: the platform accepts the generated routing (docs/decisions.md § Routing survives the platform)', () => {
  test('FO-ROUTES-VALID: routing-utils normalizes the routes without error, the Markdown gate before the file system', () => {
    const { error, routes } = normalizeRoutes(committed.routes);
    expect(error).toBeNull();
    const filesystem = routes!.findIndex((r) => 'handle' in r && r.handle === 'filesystem');
    const gate = routes!.findIndex((r) => 'has' in r && r.has?.some((h) => h.type === 'header' && h.key === 'accept'));
    expect(gate).toBeGreaterThanOrEqual(0);
    expect(gate).toBeLessThan(filesystem);
  });
});

describe('docs/decisions.md § One function: every dynamic path is rewritten to the function', () => {
  for (const path of [...new Set(ROUTES.map((r) => r.path))]) {
    test(`${path} reaches the function`, () => {
      const p = concrete(path);
      // /api itself is the function's own path; everything else needs a rewrite.
      expect(p === '/api' || rewritten(p)).toBe(true);
    });
  }

  test('PF-ROUTE-404: unknown paths under /api/ reach the function (JSON route_not_found, not HTML)', () => {
    for (const p of ['/api/nope', '/api/v1/nope/deeper', '/api/v9', '/api/']) expect(rewritten(p), p).toBe(true);
  });

  test('pages and discovery files are not rewritten (static files answer them, or the 404 page)', () => {
    for (const p of ['/', '/about', '/projects/quarry', '/llms.txt', '/.well-known/oauth-protected-resource', '/apiary', '/asker', '/oauth']) {
      expect(rewritten(p), p).toBe(false);
    }
  });

  test('other spellings of /api reach the function (Vercel matches routes without regard to case); /api itself is the function’s own path', () => {
    for (const p of ['/API', '/Api', '/API/V1/projects', '/search', '/search.md']) expect(rewritten(p), p).toBe(true);
  });
});

describe('headers of static files', () => {
  test('X-Content-Type-Options: nosniff and a Referrer-Policy on every path', () => {
    for (const p of ['/', '/about', '/_astro/x.css', '/llms.txt', '/api/v1/search', '/.well-known/api-catalog']) {
      expect(headersFor(p)['x-content-type-options'], p).toBe('nosniff');
      expect(headersFor(p)['referrer-policy'], p).toBe('strict-origin-when-cross-origin');
    }
  });

  test('pages get the CSP and revalidate on every use; /_astro/* is immutable', () => {
    for (const p of ['/', '/about', '/projects/quarry', '/developers/deprecation']) {
      expect(headersFor(p)['content-security-policy'], p).toBe(CONTENT_SECURITY_POLICY);
      expect(headersFor(p)['cache-control'], p).toBe('public, max-age=0, must-revalidate');
    }
    expect(headersFor('/_astro/Base.abc123.css')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor('/_astro/Base.abc123.css')['content-security-policy']).toBe(ASSET_CONTENT_SECURITY_POLICY);
  });

  test('FO-CONTENT-DATA: every file that is not a page gets the sandboxing policy; pages and dynamic paths never do', () => {
    for (const p of [
      '/_images/0123abcd.svg',
      '/_astro/x.js',
      '/about.md',
      '/llms.txt',
      '/feed.xml',
      '/favicon.svg',
      '/og/index.png',
      '/.well-known/api-catalog',
      '/v1.2/notes.json',
    ])
      expect(headersFor(p)['content-security-policy'], p).toBe(ASSET_CONTENT_SECURITY_POLICY);
    for (const p of ['/', '/about', '/projects/quarry', '/v1.2/about', '/api/v1/search', '/ask', '/oauth/token'])
      expect(headersFor(p)['content-security-policy'], p).not.toBe(ASSET_CONTENT_SECURITY_POLICY);
    expect(ASSET_CONTENT_SECURITY_POLICY.split('; ')).toEqual(["default-src 'none'", "style-src 'unsafe-inline'", 'sandbox']);
  });

  test('the CSP forbids inline script and style elements, plugins, framing and foreign bases', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    // Only style attributes (Shiki's token colours) may be inline; nothing else is.
    expect(CONTENT_SECURITY_POLICY.match(/'unsafe-inline'/g)).toHaveLength(1);
    expect(directives['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("base-uri 'self'");
  });

  test('dynamic paths get neither the page CSP nor the page cache rule (the function sets its own)', () => {
    for (const route of ROUTES) {
      const h = headersFor(concrete(route.path));
      expect(h['content-security-policy'], route.path).toBeUndefined();
      expect(h['cache-control'], route.path).toBeUndefined();
    }
  });

  test('media types of extension-less and text files', () => {
    expect(headersFor('/.well-known/oauth-protected-resource')['content-type']).toBe('application/json');
    expect(headersFor('/.well-known/oauth-authorization-server')['content-type']).toBe('application/json');
    expect(headersFor('/.well-known/api-catalog')['content-type']).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect(headersFor('/about.md')['content-type']).toBe('text/markdown; charset=utf-8');
    expect(headersFor('/projects/quarry.md')['content-type']).toBe('text/markdown; charset=utf-8');
    expect(headersFor('/llms.txt')['content-type']).toBe('text/plain; charset=utf-8');
    // The path-inserted metadata is dynamic: the function sets its type, no static rule applies.
    expect(headersFor('/.well-known/oauth-protected-resource/api/v1')['content-type']).toBeUndefined();
  });

  test('PF-CORS, PF-SERVER-CARD: the well-known server card allows any origin, as /api/mcp/server-card does; other static files name no origin', () => {
    expect(headersFor('/.well-known/mcp/server-card.json')['access-control-allow-origin']).toBe('*');
    expect(headersFor('/.well-known/ai-catalog.json')['access-control-allow-origin']).toBeUndefined();
    expect(headersFor('/about')['access-control-allow-origin']).toBeUndefined();
  });

  test('every entry point that is a static file without an extension has a media type from vercel.json', () => {
    for (const e of ENTRY_POINTS) {
      const path = e.path.split('?')[0]!;
      const dynamic = path === '/api' || rewritten(path);
      const page = sourceToRegExp(pageSource(ROUTES)).test(path);
      if (dynamic || page || /\.[a-z0-9]+$/i.test(path)) continue;
      expect(headersFor(path)['content-type'], path).toBe(e.mediaType);
    }
  });
});

describe('the page pattern and dynamic prefixes come from the route table', () => {
  test('the prefixes are every first segment of a route, plus assets and discovery files', () => {
    const prefixes = dynamicPrefixes(ROUTES);
    for (const r of ROUTES) expect(prefixes).toContain(r.path.split('/')[1]);
    expect(prefixes).toEqual(expect.arrayContaining(['_astro', '.well-known', 'api']));
  });

  test('a new route prefix changes the generated file (so the drift test catches a stale vercel.json)', () => {
    const extra = { ...ROUTES[0]!, path: '/feeds/{name}' };
    const next = compileVercelRoutes(vercelConfig([...ROUTES, extra]));
    expect(next.after.find((r) => r.src.test('/feeds/x'))?.dest).toBe(FUNCTION_PATH);
    expect(sourceToRegExp(pageSource([...ROUTES, extra])).test('/feeds/x')).toBe(false);
    expect(vercelJsonText([...ROUTES, extra])).not.toBe(vercelJsonText(ROUTES));
  });
});

describe('sourceToRegExp: path-to-regexp 6 syntax, compiled by @vercel/routing-utils', () => {
  const cases: [string, string[], string[]][] = [
    ['/(.*)', ['/', '/a', '/a/b.c'], []],
    ['/api/(.*)', ['/api/', '/api/v1', '/api/v1/x/y'], ['/api', '/apix', '/x/api/v1']],
    ['/ask', ['/ask', '/ASK'], ['/ask/', '/asks', '/ask/x']],
    ['/(.*)\\.md', ['/a.md', '/x/y.md', '/.md'], ['/a.mdx', '/amd', '/a.md/']],
    ['/.well-known/api-catalog', ['/.well-known/api-catalog'], ['/xwell-known/api-catalog', '/.well-known/api-catalogs']],
    ['/feeds/:name', ['/feeds/a', '/feeds/a-b'], ['/feeds', '/feeds/', '/feeds/a/b']],
    ['/feeds/:name*', ['/feeds', '/feeds/a', '/feeds/a/b'], ['/feedsx']],
    ['/feeds/:name+', ['/feeds/a', '/feeds/a/b'], ['/feeds']],
    ['/feeds/:name?', ['/feeds', '/feeds/a'], ['/feeds/a/b']],
    ['/feeds/:id(\\d+)', ['/feeds/12'], ['/feeds/ab']],
  ];
  for (const [source, yes, no] of cases) {
    test(`${source}`, () => {
      const re = sourceToRegExp(source);
      for (const p of yes) expect(re.test(p), `${source} should match ${p}`).toBe(true);
      for (const p of no) expect(re.test(p), `${source} should not match ${p}`).toBe(false);
    });
  }

  test('nested lookaheads inside a group, as in the page pattern', () => {
    const re = sourceToRegExp(pageSource(ROUTES));
    for (const p of ['/', '/about', '/projects/quarry', '/developers/deprecation', '/apiary', '/askew']) expect(re.test(p), p).toBe(true);
    for (const p of ['/api', '/api/v1', '/ask', '/oauth/token', '/agent/claim', '/_astro/a.css', '/.well-known/x', '/llms.txt', '/about.md']) {
      expect(re.test(p), p).toBe(false);
    }
  });

  test('syntax path-to-regexp refuses is refused, naming the source; the rest compiles as Vercel compiles it', () => {
    for (const bad of ['/a/(b(c))', '/a/(unclosed', '/a/*']) expect(() => sourceToRegExp(bad), bad).toThrow(/vercel.json source/);
    // Not guesses of ours: Vercel's own library reads `{b}` as a group and `|` as a literal.
    expect(sourceToRegExp('/a/{b}').test('/a/b')).toBe(true);
    expect(sourceToRegExp('/a|b').test('/a|b')).toBe(true);
  });
});

describe('cleanUrls and trailingSlash: false redirects', () => {
  const redirect = (path: string) => {
    for (const route of compiled.before) {
      const m = route.kind === 'redirect' ? route.src.exec(path) : null;
      if (route.kind === 'redirect' && m) return route.location.replace('$1', () => m[1] ?? '');
    }
    return undefined;
  };
  test('x.html → x, index → /, x/index(.html) → x, x/ → x; pages themselves stay', () => {
    expect(redirect('/about.html')).toBe('/about');
    expect(redirect('/projects/quarry.html')).toBe('/projects/quarry');
    expect(redirect('/index.html')).toBe('/');
    expect(redirect('/index')).toBe('/');
    expect(redirect('/projects/index')).toBe('/projects');
    expect(redirect('/about/')).toBe('/about');
    expect(redirect('/api/v1/projects/')).toBe('/api/v1/projects');
    for (const p of ['/', '/about', '/about.md', '/index.md', '/api/v1']) expect(redirect(p), p).toBeUndefined();
  });
});

describe('FO-ZERO-COMPUTE: the Markdown gate (vercel.json routes)', () => {
  const gate = committed.routes.filter((r): r is GateRoute => 'dest' in r && r.dest?.startsWith(NEGOTIATE_PREFIX) === true);
  const gated = (path: string, headers: Record<string, string> = {}, query = '') => {
    const request = new Request(`http://localhost${path}${query}`, { headers });
    const url = new URL(request.url);
    return gate.some((r) => new RegExp(r.src, 'i').test(path) && conditionsHold(request, url, r.has ?? [], []));
  };

  test('leaves every path of the route table and every dynamic or discovery file alone, whatever Accept says', () => {
    for (const route of ROUTES) {
      const p = concrete(route.path);
      for (const path of [p, `${p}/deeper`]) expect(gated(path, { accept: 'text/markdown' }), path).toBe(false);
    }
    for (const p of [
      '/api',
      '/search',
      '/search.md',
      '/llms.txt',
      '/openapi.json',
      '/_astro/a.css',
      '/.well-known/api-catalog',
      '/favicon.svg',
      `${NEGOTIATE_PREFIX}/about`,
    ]) {
      expect(gated(p, { accept: 'text/markdown' }), p).toBe(false);
    }
  });

  test('takes pages for a Markdown-leaning Accept, Markdown files, /?mode= and /404; never a page for a browser', () => {
    for (const p of ['/', '/about', '/projects/quarry', '/apiary', '/asker']) {
      expect(gated(p, { accept: 'text/markdown' }), p).toBe(true);
      expect(gated(p, { accept: 'text/plain' }), p).toBe(true);
      expect(gated(p, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }), p).toBe(false);
      expect(gated(p), p).toBe(false);
    }
    expect(gated('/', {}, '?mode=agent')).toBe(true);
    expect(gated('/about.md')).toBe(true);
    expect(gated('/404')).toBe(true);
  });

  test('every page links its twin and the llms.txt that covers it, and varies on Accept, by header rule, with no code: /about → </about.md>, / → </index.md> and the discovery files; a twin asked for by name names its page canonical (FO-TWIN-CANONICAL), a page URL never', () => {
    const index = '</llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt"';
    const canonical = (page: string) => `<${page}>; rel="canonical"`;
    expect(headersFor('/about').link).toBe(`</about.md>; rel="alternate"; type="text/markdown", ${index}`);
    // llms.txt v2: a twin asked for by name names the llms.txt that covers it, and its page as canonical.
    expect(headersFor('/about.md').link).toBe(`${index}, ${canonical('/about')}`);
    expect(headersFor('/index.md').link).toBe(`${index}, ${canonical('/')}`);
    expect(headersFor('/developers/deprecation.md').link).toBe(`${index}, ${canonical('/developers/deprecation')}`);
    expect(headersFor('/de.md').link).toBe(`${index}, ${canonical('/de')}`);
    // FO-I18N: under a language's folder, that language's llms.txt (its section's where it has one);
    // the language's home (`/de`, which a one-language site may use as a page slug) keeps the root's.
    const german = '</de/projects/llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt of the projects"';
    expect(headersFor('/de/projects/quarry.md').link).toBe(`${german}, ${canonical('/de/projects/quarry')}`);
    expect(headersFor('/de/projects/quarry').link).toBe(`</de/projects/quarry.md>; rel="alternate"; type="text/markdown", ${german}`);
    expect(headersFor('/de/about').link).toBe(`</de/about.md>; rel="alternate"; type="text/markdown", ${index.replace('</llms.txt>', '</de/llms.txt>')}`);
    expect(headersFor('/de').link).toBe(`</de.md>; rel="alternate"; type="text/markdown", ${index}`);
    expect(headersFor('/de/search').link, 'the function answers its search page').toBeUndefined();
    expect(headersFor('/').link).toMatch(/^<\/index\.md>; rel="alternate"; type="text\/markdown", <\/\.well-known\/api-catalog>; rel="api-catalog"/);
    for (const p of ['/', '/about', '/projects/quarry']) expect(headersFor(p).vary, p).toBe('Accept');
    // The tags' pages and twins name the tags' own llms.txt, the most specific that covers them.
    const tags = '</tags/llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt of the tags"';
    expect(headersFor('/tags').link).toBe(`</tags.md>; rel="alternate"; type="text/markdown", ${tags}`);
    expect(headersFor('/tags/rust').link).toBe(`</tags/rust.md>; rel="alternate"; type="text/markdown", ${tags}`);
    expect(headersFor('/tags/rust.md').link).toBe(`${tags}, ${canonical('/tags/rust')}`);
    expect(headersFor('/tags.md').link).toBe(`${tags}, ${canonical('/tags')}`);
    // So do the projects' and the posts', at every depth (a project, a filter's later page), and only under their path.
    const projects = '</projects/llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt of the projects"';
    expect(headersFor('/projects').link).toBe(`</projects.md>; rel="alternate"; type="text/markdown", ${projects}`);
    expect(headersFor('/projects/quarry').link).toBe(`</projects/quarry.md>; rel="alternate"; type="text/markdown", ${projects}`);
    expect(headersFor('/projects/type/talk/page/2').link).toBe(`</projects/type/talk/page/2.md>; rel="alternate"; type="text/markdown", ${projects}`);
    expect(headersFor('/projects/quarry.md').link).toBe(`${projects}, ${canonical('/projects/quarry')}`);
    expect(headersFor('/projects/type/talk/page/2.md').link).toBe(`${projects}, ${canonical('/projects/type/talk/page/2')}`);
    const posts = '</posts/llms.txt>; rel="describedby"; type="text/plain"; title="llms.txt of the posts"';
    expect(headersFor('/posts/page/2').link).toBe(`</posts/page/2.md>; rel="alternate"; type="text/markdown", ${posts}`);
    expect(headersFor('/posts.md').link).toBe(`${posts}, ${canonical('/posts')}`);
    expect(headersFor('/projects-old').link).toBe(`</projects-old.md>; rel="alternate"; type="text/markdown", ${index}`);
    expect(headersFor('/projects-old.md').link).toBe(`${index}, ${canonical('/projects-old')}`);
    // No page URL names a canonical in a header: its HTML's absolute <link rel="canonical"> is the one (Lighthouse's SEO audit).
    for (const p of ['/', '/about', '/tags', '/tags/rust', '/projects', '/projects/quarry', '/posts/page/2', '/developers'])
      expect(headersFor(p).link ?? '', p).not.toContain('canonical');
    // Markdown files that are no page's twin name no canonical page.
    for (const p of ['/AGENTS.md', '/SKILL.md', '/auth.md', '/pricing.md', '/agent-view.md', '/sitemap.md', '/404.md', '/search.md'])
      expect(headersFor(p).link ?? '', p).not.toContain('canonical');
    for (const p of ['/llms.txt', '/projects/llms.txt', '/api/v1/search', '/search']) expect(headersFor(p).link, p).toBeUndefined();
  });
});
