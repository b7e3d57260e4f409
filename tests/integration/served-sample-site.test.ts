// The sample fixture site's build over real HTTP as `npm start` serves it (serveBuild in this process,
// on a port of its own, as hardening-hostile-socket.test.ts does): what must hold across every file
// of a real build, whose rules the unit tier proves over a fixture output and data made in memory
// (serve-router, serve-vercel-config, twin-front-matter, llms-format, discovery-docs) — every page a
// browser asks for runs no code and links a twin that answers, every Markdown file names its page,
// every link of llms.txt and every same-site URL in a discovery file resolves — and the commands the
// built documents show (/developers, SKILL.md, /auth.md), run as written with curl.
// The build's absolute URLs name the address it was made for, not this server's: URLs are followed
// by their path, and curl is pointed here with --connect-to, the command otherwise as written.
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveBuild } from '../../scripts/local-server/serve-build.ts';
import { decodeEntities } from '../../scripts/lib/html-entities.ts';
import { apiExamples, factHolds, resolvePointer, type Fact } from '../../src/discovery/examples.ts';
import { DISCOVERY_FILES } from '../../src/discovery/files.ts';
import { indexLinkFor, linkValue } from '../../src/discovery/links.ts';
import { withoutFrontMatter } from '../../src/discovery/front-matter.ts';
import { HOME_TWIN, POSTS_TWIN, PROJECTS_TWIN, RESUME_TWIN } from '../../src/discovery/twin.ts';
import { loadContent } from '../../src/records/load.ts';
import { PAGE_MANIFEST_FILE, type PageManifest } from '../../src/routing/page-manifest.ts';
import { siteData } from '../../src/server/data.ts';

const run = promisify(execFile);
const MARKDOWN = 'text/markdown; charset=utf-8';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const manifest = JSON.parse(readFileSync(PAGE_MANIFEST_FILE, 'utf8')) as PageManifest;
/** The address the build was made for: its absolute URLs and the commands its documents show name it. */
const siteUrl = siteData().site.url;
const { contentSignal } = siteData().site;
const content = loadContent();
/** The twins of the content's records and of the indexes that list them (FO-POSTS, FO-RESUME: posts and the résumé too). */
const contentTwins = [HOME_TWIN, PROJECTS_TWIN, POSTS_TWIN, RESUME_TWIN, ...[...content.projects, ...content.pages, ...content.posts].map((r) => r.twin)];

let server: Server;
let port = 0;
let base = '';
const limits = process.env.FOLIO_RATE_LIMITS;
beforeAll(async () => {
  // One client address asks for every file of the site; the per-client limits would refuse it (as `npm run check` raises them).
  process.env.FOLIO_RATE_LIMITS = 'knowledge=100000/60,portfolio=100000/60';
  server = await serveBuild({ port: 0, hostname: '127.0.0.1', allowedHosts: [] });
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  if (limits === undefined) delete process.env.FOLIO_RATE_LIMITS;
  else process.env.FOLIO_RATE_LIMITS = limits;
  await new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });
});

/** GET a site path here (a site URL is followed by its path), no redirect followed. */
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { redirect: 'manual', headers });
/** The path and query of a URL on the site. */
const local = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** Runs `check` on every item, eight at a time (the server is shared with nothing here, the machine is). */
async function each<T>(items: T[], check: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(check));
}

test('the server answers with the raised limits (else a refusal below would be a 429, not a finding)', async () => {
  expect(siteUrl).toMatch(/^http:\/\//);
  expect((await get('/api/v1/projects?limit=1')).headers.get('ratelimit-policy')).toBe('"portfolio";q=100000;w=60');
});

describe('FO-LOCAL-AS-DEPLOYED: every page and every Markdown file of the build, as the local server routes them', () => {
  test('FO-ZERO-COMPUTE, PF-TWINS: every page, as a browser asks for it, is its HTML with nothing run; its Link names a twin that answers and the llms.txt that covers it, never a canonical', async () => {
    const pages = Object.entries(manifest.pages);
    expect(pages.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    await each(pages, async ([page, twin]) => {
      const res = await get(page, { accept: BROWSER });
      await res.arrayBuffer();
      const link = res.headers.get('link') ?? '';
      const answered = twin ? (await get(twin)).status : 0;
      const what = `${res.status} ${res.headers.get('content-type')} ${res.headers.get('x-folio-compute')} twin ${twin} (${answered})`;
      const linked = link.startsWith(`<${twin}>; rel="alternate"; type="text/markdown", `) && link.includes(linkValue(indexLinkFor(page)));
      if (what !== `200 text/html; charset=utf-8 none twin ${twin} (200)` || !linked || link.includes('canonical'))
        wrong.push(`${page}: ${what}; Link: ${link}`);
    });
    expect(wrong).toEqual([]);
  });

  test('FO-TWIN-CANONICAL, FO-TWIN-FRONT-MATTER: every Markdown file, asked for by name: a twin opens with front matter naming its page absolutely and names it canonical after its llms.txt; any other names no page', async () => {
    const pageOf = new Map(Object.entries(manifest.pages).flatMap(([page, twin]) => (twin ? [[twin, page] as const] : [])));
    const files = Object.keys(manifest.markdown);
    expect(files).toContain('/sitemap.md');
    let twins = 0;
    await each(files, async (file) => {
      const res = await get(file);
      const text = await res.text();
      expect([res.status, res.headers.get('content-type')], file).toEqual([200, MARKDOWN]);
      const page = pageOf.get(file);
      const link = res.headers.get('link') ?? '';
      if (!page) {
        expect(link, file).not.toContain('canonical');
        // SKILL.md has front matter of its own (Agent Skills), which names no page.
        expect(text, file).not.toMatch(/^canonical: /m);
        return;
      }
      twins++;
      expect(link, file).toBe(`${linkValue(indexLinkFor(file))}, <${page}>; rel="canonical"`);
      expect(text, file).toMatch(
        new RegExp(
          `^---\\ntitle: "[^\\n]+\\ndescription: "[^\\n]*\\ncanonical: "${siteUrl}${page}"\\nlang: "[^"]+"\\n(?:date: "\\d{4}-\\d{2}-\\d{2}"\\n)?(?:lastmod: "\\d{4}-\\d{2}-\\d{2}"\\n)?---\\n\\n# `,
        ),
      );
    });
    expect(twins).toBeGreaterThan(20);
    expect(files.length - twins).toBeGreaterThanOrEqual(5);
  });

  test('PF-TWINS: every twin points at llms.txt before its facts and images, carries the Content Signals, links only absolutely (a copied twin still resolves), and is in llms-full.txt as served', async () => {
    const full = await (await get('/llms-full.txt')).text();
    await each(contentTwins, async (twin) => {
      const md = withoutFrontMatter(await (await get(twin)).text());
      const pointer = md.indexOf(`Site index: [llms.txt](${siteUrl}/llms.txt)`);
      expect(pointer, twin).toBeGreaterThan(0);
      expect(pointer, twin).toBeLessThan(600);
      for (const later of ['\n- ', '![']) if (md.includes(later)) expect(pointer, `${twin}: before "${later.trim()}"`).toBeLessThan(md.indexOf(later));
      expect(md, twin).toContain(
        `- Content signals: search=${contentSignal.search}, ai-input=${contentSignal['ai-input']}, ai-train=${contentSignal['ai-train']}`,
      );
      expect(md.match(/\]\(\/[^)]*\)/g), twin).toBeNull();
      // The served twin is the data file's (what MCP serves too): llms-full.txt holds it whole, but
      // for the home page and the projects index, which it opens with in their own form.
      expect(full, twin).toContain(twin === HOME_TWIN || twin === PROJECTS_TWIN ? md.split('\n')[0]! : md.trim());
    });
  });
});

describe('PF-DISCOVERY, KQ-PUBLIC-FILES: the discovery files as served', () => {
  test('every discovery file answers 200 with its media type; the JSON ones parse, the text ones are no HTML fallback', async () => {
    for (const file of DISCOVERY_FILES) {
      const res = await get(file.path);
      const body = await res.text();
      expect([res.status, res.headers.get('content-type')], file.path).toEqual([200, file.contentType]);
      if (/json/.test(file.contentType)) expect(typeof JSON.parse(body), file.path).toBe('object');
      else expect(body, file.path).not.toMatch(/^<!doctype/i);
    }
    for (const path of ['/robots.txt', '/llms.txt']) expect(await (await get(path)).text(), path).not.toMatch(/^<!doctype/i);
  });

  test('/developers and /developers/deprecation are HTML pages linking their twins; /.well-known/llms.txt is the root llms.txt, as text; the skill’s conventional home serves SKILL.md', async () => {
    for (const path of ['/developers', '/developers/deprecation']) {
      const res = await get(path);
      expect([res.status, res.headers.get('content-type')], path).toEqual([200, 'text/html; charset=utf-8']);
      expect(await res.text(), path).toContain(`<link rel="alternate" type="text/markdown" href="${path}.md"`);
    }
    const [root, alias] = await Promise.all([get('/llms.txt'), get('/.well-known/llms.txt')]);
    expect([alias.status, alias.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(await alias.text()).toBe(await root.text());
    // FO-AGENT-SKILLS: the same bytes at both homes (the digest: built-sample-site.test.ts).
    const { skills } = await (await get('/.well-known/agent-skills/index.json')).json();
    const conventional = await get(`/.well-known/agent-skills/${skills[0].name}/SKILL.md`);
    expect([conventional.status, conventional.headers.get('content-type')]).toEqual([200, MARKDOWN]);
    expect(Buffer.from(await conventional.arrayBuffer()).equals(Buffer.from(await (await get('/SKILL.md')).arrayBuffer()))).toBe(true);
  });

  test('FO-THEME: Folio’s one stylesheet keeps its name and is revalidated, as text/css', async () => {
    const res = await get('/folio.css');
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'public, max-age=0, must-revalidate']);
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await res.text()).toContain('--accent');
  });

  test('FO-POSTS, FO-RESUME: llms.txt lists every twin, by absolute URLs on the site, and every link it lists resolves: 200, Markdown for twins', async () => {
    const text = await (await get('/llms.txt')).text();
    const urls = [...text.matchAll(/^- \[(?:\\.|[^\]\\])+\]\(([^)\s]+)\)/gm)].map((m) => m[1]!);
    const listed = new Set(urls.map(local));
    expect(contentTwins.filter((twin) => !listed.has(twin))).toEqual([]);
    const wrong: string[] = [];
    await each(urls, async (url) => {
      const res = await get(local(url));
      await res.arrayBuffer();
      if (!url.startsWith(`${siteUrl}/`) || res.status !== 200 || (url.endsWith('.md') && res.headers.get('content-type') !== MARKDOWN))
        wrong.push(`${url}: ${res.status} ${res.headers.get('content-type')}`);
    });
    expect(wrong).toEqual([]);
  });

  test('every same-site URL inside every discovery file, /developers and llms.txt answers without 404 or 5xx (pages and files 200), and every fragment exists', async () => {
    const openapi = (await (await get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    const templates = Object.keys(openapi.paths).map((t) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`));
    const sources = [...DISCOVERY_FILES.map((f) => f.path), '/developers', '/developers/deprecation', '/llms.txt'];
    const urls = new Map<string, string>();
    for (const source of sources) {
      const res = await get(source);
      const body = await res.text();
      for (const url of urlsIn(body, res.headers.get('content-type') ?? '', siteUrl)) if (!urls.has(url)) urls.set(url, source);
      // The HTML pages' relative links too.
      if (source.startsWith('/developers')) for (const [, href] of body.matchAll(/href="(\/[^"]*)"/g)) urls.set(`${siteUrl}${decodeEntities(href!)}`, source);
    }
    expect(urls.size).toBeGreaterThan(40);
    const bodies = new Map<string, Promise<string>>();
    const failures: string[] = [];
    await each([...urls], async ([url, source]) => {
      const { pathname, search, hash } = new URL(url);
      const res = await get(pathname + search);
      // An API endpoint named as such (an api-catalog anchor, a token endpoint) may answer 400/401/405 to a
      // bare GET; nothing may be missing or broken, and every file and page must answer 200.
      const isEndpoint = templates.some((t) => t.test(pathname)) || pathname === '/api/mcp';
      if (res.status === 404 || res.status >= 500 || (!isEndpoint && res.status !== 200)) failures.push(`${url} (in ${source}) answered ${res.status}`);
      if (!hash) return void (await res.arrayBuffer());
      const body = bodies.get(pathname + search) ?? res.text();
      bodies.set(pathname + search, body);
      const fragment = decodeURIComponent(hash.slice(1));
      const text = await body;
      const found = fragment.startsWith('/') ? resolvePointer(JSON.parse(text), fragment) !== undefined : text.includes(`id="${fragment}"`);
      if (!found) failures.push(`${url} (in ${source}): no #${fragment} there`);
    });
    expect(failures).toEqual([]);
  });
});

/** Absolute same-site URLs in a text; templates such as `…/projects/<slug>` or `{job_id}` are not URLs. */
function urlsInText(text: string, site: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>`)\]]+/g)) {
    const url = match[0].replace(/[.,;:]+$/, '');
    const next = text[match.index + match[0].length];
    if (next === '<' || next === '{' || url.includes('{')) continue;
    if (url.startsWith(site)) found.push(url);
  }
  return found;
}

/** The URLs of a served file: in every string of a JSON document, or in the (unescaped) text. */
function urlsIn(body: string, contentType: string, site: string): string[] {
  if (/json/.test(contentType)) {
    const strings: string[] = [];
    const walk = (node: unknown): void => {
      if (typeof node === 'string') strings.push(node);
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(JSON.parse(body));
    return strings.flatMap((s) => urlsInText(s, site));
  }
  return urlsInText(/html/.test(contentType) ? decodeEntities(body) : body, site);
}

/** A command a built document shows, run as written by sh and curl, but connected to this server. */
async function curl(command: string, extra = ''): Promise<string> {
  expect(command, 'each block is one curl command').toMatch(/^curl /);
  const { stdout } = await run('sh', ['-c', `${command.replace(/^curl /, `curl --connect-to ::127.0.0.1:${port} `)}${extra}`]);
  return stdout;
}

describe('the commands the built documents show run as written, and answer as the documents say', () => {
  /** `hits[0].slug` → `/hits/0/slug` (the inverse of fieldName). */
  const pointerOf = (field: string) =>
    `/${field
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/')}`;

  /** Every "#… title, ```sh command```, Answers N; …" in a Markdown document. */
  function examplesIn(markdown: string): { title: string; command: string; status: number; fact: Fact }[] {
    const pattern = /^#{3,4} (.+)\n\n```sh\n(curl [^\n]+)\n```\n\nAnswers (\d{3}); `([^`]+)` (is `(.+)`|holds (\d+) items|is a (\w+))\.$/gm;
    return [...markdown.matchAll(pattern)].map(([, title, command, status, field, , equals, length, type]) => ({
      title: title!,
      command: command!,
      status: Number(status),
      fact:
        equals !== undefined
          ? { pointer: pointerOf(field!), equals: JSON.parse(equals) }
          : length !== undefined
            ? { pointer: pointerOf(field!), length: Number(length) }
            : { pointer: pointerOf(field!), type: type as 'string' },
    }));
  }

  const all = apiExamples({ ...content, site: siteData().site });
  test.each([
    ['/developers.md', all.length + all.filter((e) => e.inSkill).length],
    ['/SKILL.md', all.filter((e) => e.inSkill).length],
  ] as const)('every example in %s runs with curl and answers as documented', async (path, expected) => {
    const examples = examplesIn(await (await get(path)).text());
    // /developers.md shows each example under its endpoint, and the quick-start ones again at the top.
    expect(examples).toHaveLength(expected);
    for (const example of examples) {
      const stdout = await curl(example.command, ` -w '\\n%{http_code}'`);
      const cut = stdout.lastIndexOf('\n');
      const body = JSON.parse(stdout.slice(0, cut));
      expect(Number(stdout.slice(cut + 1)), example.command).toBe(example.status);
      expect(factHolds(example.fact, body), `${example.title}: ${example.command} → ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
    }
  });

  test('/developers (HTML) shows the same commands as its twin, and an anchor for each example', async () => {
    const html = await (await get('/developers')).text();
    const twin = examplesIn(await (await get('/developers.md')).text());
    const commands = [...html.matchAll(/<pre[^>]*><code[^>]*>(curl [^<]+)<\/code><\/pre>/g)].map((m) => decodeEntities(m[1]!));
    expect(commands.sort()).toEqual(twin.map((e) => e.command).sort());
    for (const e of all) expect(html, e.id).toContain(`id="${e.id}"`);
  });

  test('KQ-ASM, KQ-IDENTITY, KQ-CLAIM: every curl command in /auth.md answers as the guide says (status, the headers it lists, the body whole)', async () => {
    const guide = await (await get('/auth.md')).text();
    // The guide's exchanges: a ```sh block, "Answer:", then a ```http block.
    const exchanges = [...guide.matchAll(/```sh\n([\s\S]*?)\n```\s*\n\s*Answer:\s*\n\s*```http\n([\s\S]*?)\n```/g)].map(([, command, answer]) => {
      const [head, ...rest] = answer!.split('\n\n');
      const [statusLine, ...headerLines] = head!.split('\n');
      return {
        command: command!,
        status: Number(statusLine!.split(' ')[1]),
        headers: headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
        body: JSON.parse(rest.join('\n\n')) as Record<string, unknown>,
      };
    });
    // Quick start, 9 flow steps, the metadata-document refusal of step 4 (FO-CIMD), 2 refusals.
    expect(exchanges).toHaveLength(13);
    for (const exchange of exchanges) {
      expect(exchange.command).toMatch(/^curl -i /);
      const output = await curl(exchange.command);
      const split = output.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = output.slice(0, split).split('\r\n');
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = JSON.parse(output.slice(split + 4)) as Record<string, unknown>;
      expect(Number(statusLine!.split(' ')[1]), exchange.command).toBe(exchange.status);
      for (const [name, value] of exchange.headers) expect(headers.get(name), `${name} of ${exchange.command}`).toBe(value);
      // The one value that depends on the clock: the guide shows a sample issue time.
      if ('client_id_issued_at' in exchange.body) {
        expect(Number.isInteger(body.client_id_issued_at)).toBe(true);
        body.client_id_issued_at = exchange.body.client_id_issued_at;
      }
      expect(body, exchange.command).toEqual(exchange.body);
    }
  });
});
