// `npm run verify -- <url>` (FO-VERIFY): a deployed site (or `npm start`) checked from outside, as
// a browser and an agent reach it. The build's own tests prove the route table on this machine;
// only a request to the deployment proves that the platform runs it (its CDN's cache, the routing
// rules an owner may have set in the dashboard, which run before vercel.json). Each check sends
// real requests with a query string of its own (the cache never answers from an earlier run) and
// says, when it fails, what is wrong and what to do.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as oauth from 'oauth4webapi';
import { terminalText } from '../../src/records/terminal-text.ts';

export interface Failure {
  check: string;
  problem: string;
  fix: string;
}

export interface VerifyResult {
  failures: Failure[];
  /** One line per check that passed, and notes (what the platform's headers said). */
  passed: string[];
  notes: string[];
}

/** What a browser sends for a page view (Chromium's navigation Accept). */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
/** What an agent that wants Markdown sends. */
export const MARKDOWN_ACCEPT = 'text/markdown';

/** The MCP revisions Folio serves in each era (src/server/mcp/identity.ts): the handshake era's newest, and the stateless one. */
const MCP_REVISIONS = { '2025-11-25': {}, '2026-07-28': { versionNegotiation: { mode: { pin: '2026-07-28' } } } } as const;

/** Headers only the function sends (its rate-limit state on every answer): a page view that carries one ran the function. */
const FUNCTION_HEADERS = ['ratelimit', 'ratelimit-policy'];

const typeOf = (res: Response) => (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
const varyHasAccept = (res: Response) =>
  (res.headers.get('vary') ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept') || res.headers.get('vary') === '*';

/** The limits one run keeps to (FO-VERIFY-LIMITS): a server cannot hold it or fill its memory. */
export interface VerifyLimits {
  /** Per request, from sending it to the last byte of its body. */
  requestTimeoutMs: number;
  /** The whole run: checks not finished by then are reported as not run. */
  runTimeoutMs: number;
  /** Per answer body: reading stops there. */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: VerifyLimits = { requestTimeoutMs: 15_000, runTimeoutMs: 180_000, maxBodyBytes: 5 * 1024 * 1024 };

/** The flags that change them (`--timeout=20`, seconds; `--run-timeout=300`, seconds; `--max-body=10`, MB), each a positive number. */
export const LIMIT_FLAGS = { '--timeout': 'requestTimeoutMs', '--run-timeout': 'runTimeoutMs', '--max-body': 'maxBodyBytes' } as const;

/** The limits from the command line, or what is wrong with a flag (and the usage stays the caller's). */
export function limitsFromArgs(args: string[]): { limits: VerifyLimits; rest: string[] } | { error: string } {
  const limits = { ...DEFAULT_LIMITS };
  const rest: string[] = [];
  for (const arg of args) {
    const match = /^(--[a-z-]+)=(.*)$/.exec(arg);
    const key = match && (LIMIT_FLAGS as Record<string, keyof VerifyLimits>)[match[1]!];
    if (!key) {
      if (arg.startsWith('--')) return { error: `unknown option ${arg}; the options are ${Object.keys(LIMIT_FLAGS).join('=…, ')}=…` };
      rest.push(arg);
      continue;
    }
    const value = Number(match[2]);
    if (!/^\d+(\.\d+)?$/.test(match[2]!) || !(value > 0)) return { error: `${match[1]} must be a positive number, not ${JSON.stringify(match[2])}` };
    limits[key] = key === 'maxBodyBytes' ? Math.round(value * 1024 * 1024) : Math.round(value * 1000);
  }
  return { limits, rest };
}

const seconds = (ms: number) => `${ms / 1000} s`;
const megabytes = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(3)} MB`;

/**
 * Deployment Protection's bypass secret goes to the origin being verified and nowhere else: an
 * allow-list of one origin, compared exactly as RFC 6454 § 5 compares origins (scheme, host,
 * port). The site's own answers name other URLs (a 401's `resource_metadata`, the server card's
 * `remotes[0].url`, the authorization server, a redirect's Location); none of them gets it.
 */
export function bypassHeaders(url: string | URL, origin: string, secret: string | undefined): Record<string, string> {
  if (!secret) return {};
  let target: string;
  try {
    target = new URL(url).origin;
  } catch {
    return {};
  }
  return target !== 'null' && target === new URL(origin).origin ? { 'x-vercel-protection-bypass': secret } : {};
}

/** Raised when an answer's body passes the size limit; its message says so. */
export class BodyLimitError extends Error {}

/**
 * The answer with its body counted as it is read: past `maxBytes` the stream errors (and the
 * connection is dropped) with a message naming the limit, reported once through `onLimit`; an
 * error while reading goes through `mapError` (which names the time limit when that stopped it).
 * Pull by pull, so an MCP event stream still reads as one and nothing is read ahead.
 */
export function cappedResponse(
  res: Response,
  maxBytes: number,
  url: string,
  onLimit: (message: string) => void,
  mapError: (error: unknown) => unknown = (error) => error,
): Response {
  if (res.status < 200 || res.status > 599) throw new Error(`${url} answered status ${res.status}, which no check can use`);
  if (!res.body || [204, 205, 304].includes(res.status)) return res;
  const reader = res.body.getReader();
  let seen = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(mapError(error));
        return;
      }
      if (chunk.done) {
        controller.close();
        return;
      }
      seen += chunk.value.byteLength;
      if (seen > maxBytes) {
        const message = `the answer from ${url} passed the ${megabytes(maxBytes)} body limit; reading stopped (--max-body=MB to change it)`;
        onLimit(message);
        controller.error(new BodyLimitError(message));
        await reader.cancel().catch(() => {});
        return;
      }
      controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const capped = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  Object.defineProperty(capped, 'url', { value: res.url });
  return capped;
}

export async function verify(
  base: string,
  { bypassSecret = process.env.VERCEL_AUTOMATION_BYPASS_SECRET, limits = DEFAULT_LIMITS }: { bypassSecret?: string; limits?: VerifyLimits } = {},
): Promise<VerifyResult> {
  const origin = new URL(base).origin;
  const failures: Failure[] = [];
  const passed: string[] = [];
  const notes: string[] = [];
  const fail = (check: string, problem: string, fix: string) => failures.push({ check, problem, fix });
  const run = Math.random().toString(36).slice(2, 10);
  let n = 0;
  /** A URL of the site with a query of its own: no cache has seen it. */
  const fresh = (path: string) => `${origin}${path}${path.includes('?') ? '&' : '?'}verify=${run}-${++n}`;
  /** The whole run's clock: when it runs out every request still open is aborted. */
  const runSignal = AbortSignal.timeout(limits.runTimeoutMs);
  /** Rejects when the run's time is up. */
  const runOut = new Promise<never>((_, reject) =>
    runSignal.addEventListener('abort', () => reject(new Error(`the run passed its ${seconds(limits.runTimeoutMs)} limit`)), { once: true }),
  );
  runOut.catch(() => {});
  /** Each limit hit, said once in the report (FO-VERIFY-LIMITS). */
  const limitHits = new Set<string>();
  const hit = (message: string) => {
    if (!runSignal.aborted) limitHits.add(message);
  };

  /**
   * Every request of the run, verify's own and the MCP and OAuth clients': the bypass secret only
   * to the origin verified, a time limit per request (body included) within the run's, a size
   * limit per body. fetch never follows a redirect here (it would carry the headers to wherever
   * the Location points): a 3xx goes back to the caller, which judges it (verify's checks want the
   * first answer, oauth4webapi asks for `manual` itself, the MCP client follows same-origin only).
   */
  const request = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const timeout = AbortSignal.timeout(limits.requestTimeoutMs);
    const signal = AbortSignal.any([timeout, runSignal, ...(init.signal ? [init.signal] : [])]);
    const url = new URL(input);
    const headers = Object.fromEntries(new Headers(init.headers));
    delete headers['x-vercel-protection-bypass'];
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'manual', signal, headers: { ...headers, ...bypassHeaders(url, origin, bypassSecret) } });
    } catch (error) {
      throw limitError(error, url.href, timeout) ?? error;
    }
    return cappedResponse(res, limits.maxBodyBytes, url.href, hit, (error) => limitError(error, url.href, timeout) ?? error);
  };
  /** The error that says which limit stopped a request, if one did (and notes it). */
  const limitError = (error: unknown, url: string, timeout: AbortSignal) => {
    if (runSignal.aborted) return new Error(`the run passed its ${seconds(limits.runTimeoutMs)} limit`);
    if (timeout.aborted) {
      const message = `${url} did not answer in full within ${seconds(limits.requestTimeoutMs)}, the per-request limit (--timeout=seconds to change it)`;
      hit(message);
      return new Error(message);
    }
    return error instanceof BodyLimitError ? error : undefined;
  };
  /** One request of verify's own: never follows a redirect (the checks judge the first answer); its body read, or what stopped it. */
  const get = async (url: string, accept?: string, init: RequestInit = {}) => {
    try {
      const res = await request(url, {
        redirect: 'manual',
        ...init,
        headers: { ...(accept ? { accept } : {}), ...(init.headers as Record<string, string>) },
      });
      const body = await res.text();
      return Object.assign(res, { bodyText: body });
    } catch (error) {
      return Object.assign(new Response(null, { status: 599 }), { bodyText: `${(error as Error).message}` });
    }
  };
  const check = async (name: string, body: () => Promise<void>) => {
    if (runSignal.aborted) {
      notRun.push(name);
      return;
    }
    const before = failures.length;
    try {
      // The run's limit holds even where a client waits on a clock of its own (the MCP SDK's
      // request timeout): the check is given up when the run's time is.
      await Promise.race([body(), runOut]);
    } catch (error) {
      fail(
        name,
        `the check stopped: ${(error as Error).message}`,
        'See the message; a network error means the URL is wrong or the deployment is not reachable.',
      );
    }
    if (failures.length === before) passed.push(name);
  };
  const notRun: string[] = [];
  /** The limits hit, and the checks the run's limit left out, as failures with what to do. */
  const finish = (): VerifyResult => {
    for (const message of limitHits)
      fail(
        'limits',
        message,
        'A healthy deployment answers well within the limits: check the URL and the server; raise the limit only if the site is slow for a reason.',
      );
    if (runSignal.aborted)
      fail(
        'limits',
        `the run passed its ${seconds(limits.runTimeoutMs)} limit${notRun.length ? `; not run: ${notRun.join(', ')}` : ''}`,
        'Check the server answers promptly; --run-timeout=seconds raises the limit.',
      );
    return { failures, passed, notes };
  };

  // The site answers at all (a protected preview answers 401 to everything).
  const home = await get(fresh('/'), BROWSER_ACCEPT);
  if (home.status === 599) {
    fail('reach', `${origin} did not answer (${home.bodyText})`, 'Check the URL; for `npm start`, start it first.');
    return finish();
  }
  if (home.status === 401 || home.status === 403) {
    fail(
      'reach',
      `${origin}/ answers ${home.status} to a browser: the deployment is protected`,
      'Verify the production URL, or set VERCEL_AUTOMATION_BYPASS_SECRET (Vercel: Deployment Protection → Protection Bypass for Automation).',
    );
    return finish();
  }

  // Pages to try: the home page and the first other page of the sitemap.
  const sitemap = await get(fresh('/sitemap.xml'));
  const paths = ['/'];
  for (const m of sitemap.bodyText.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    // A sitemap's <loc> is the site's text: one that is not a URL is passed over, not a crash.
    const path = URL.canParse(m[1]!) ? new URL(m[1]!).pathname : '/';
    if (path !== '/' && !/\.[a-z0-9]+$/i.test(path)) {
      paths.push(path);
      break;
    }
  }
  if (sitemap.status !== 200)
    fail(
      'sitemap',
      sitemap.status === 599 ? `/sitemap.xml could not be read: ${sitemap.bodyText}` : `/sitemap.xml answered ${sitemap.status}`,
      'Redeploy: the build writes sitemap.xml; a dashboard rewrite or redirect may be taking it.',
    );

  const platformCache = new Set<string>();
  await check('negotiation', async () => {
    for (const path of paths) {
      for (const order of [
        ['html', 'markdown', 'html'],
        ['markdown', 'html', 'markdown'],
      ] as const) {
        const url = fresh(path);
        for (const want of order) {
          const res = await get(url, want === 'html' ? BROWSER_ACCEPT : MARKDOWN_ACCEPT);
          const cache = res.headers.get('x-vercel-cache');
          if (cache) platformCache.add(cache);
          const expected = want === 'html' ? 'text/html' : 'text/markdown';
          const step = `${path} (${order.join(' → ')}, ${want === 'html' ? 'a browser' : 'Accept: text/markdown'}${cache ? `, x-vercel-cache: ${cache}` : ''})`;
          if (res.status !== 200) {
            fail('negotiation', `${step} answered ${res.status}`, 'Redeploy, and check for dashboard redirects or rewrites on this path.');
            continue;
          }
          if (typeOf(res) !== expected || (want === 'markdown' && /^\s*<!doctype html/i.test(res.bodyText))) {
            fail(
              'negotiation',
              `${step} answered ${typeOf(res) || 'no Content-Type'} where ${expected} was asked for${want === 'markdown' ? ': an agent asking for Markdown gets the HTML page' : ': a browser gets the Markdown twin'}`,
              want === 'markdown'
                ? "The Markdown gate (vercel.json's routes before `handle: filesystem`) did not run: remove dashboard routing rules for this path (they run before vercel.json), and redeploy with the generated vercel.json."
                : "The CDN served one URL's other form from its cache: the answer must carry `Vary: Accept` (vercel.json header rules); redeploy, then purge the CDN cache.",
            );
          }
          if (!varyHasAccept(res))
            fail(
              'negotiation',
              `${step} has no \`Vary: Accept\``,
              'Redeploy with the generated vercel.json: its page header rule sets `Vary: Accept`, so caches keep the two forms apart.',
            );
        }
      }
    }
  });
  if (platformCache.size) notes.push(`x-vercel-cache seen on pages: ${[...platformCache].sort().join(', ')}`);

  await check('page view runs no function', async () => {
    for (const path of paths) {
      const res = await get(fresh(path), BROWSER_ACCEPT);
      const ran = FUNCTION_HEADERS.filter((h) => res.headers.has(h));
      const compute = res.headers.get('x-folio-compute');
      if (ran.length || (compute && compute !== 'none')) {
        fail(
          'page view runs no function',
          `a browser's view of ${path} ran ${compute && compute !== 'none' ? compute : 'the function'} (${ran.length ? `it sent ${ran.join(', ')}` : `x-folio-compute: ${compute}`})`,
          'Pages must be served as static files: remove dashboard rewrites that send pages to /api, and redeploy with the generated vercel.json.',
        );
      }
    }
  });

  await check('twins by name', async () => {
    for (const path of paths) {
      const twin = path === '/' ? '/index.md' : `${path}.md`;
      const res = await get(fresh(twin), BROWSER_ACCEPT);
      if (res.status !== 200 || typeOf(res) !== 'text/markdown') {
        fail(
          'twins by name',
          `${twin} answered ${res.status} ${typeOf(res)}`,
          'The build writes a .md twin of every page, served as text/markdown by a vercel.json header rule: redeploy.',
        );
      }
    }
  });

  await check('llms.txt', async () => {
    const res = await get(fresh('/llms.txt'));
    if (res.status !== 200 || typeOf(res) !== 'text/plain' || !res.bodyText.startsWith('# ')) {
      fail(
        'llms.txt',
        `/llms.txt answered ${res.status} ${typeOf(res)}`,
        'The build writes llms.txt (text/plain, starting with "# " and the site name): redeploy.',
      );
    }
  });

  await check('404', async () => {
    const missing = `/verify-no-such-page-${run}`;
    for (const [accept, type] of [
      [BROWSER_ACCEPT, 'text/html'],
      [MARKDOWN_ACCEPT, 'text/markdown'],
    ] as const) {
      const res = await get(`${origin}${missing}`, accept);
      if (res.status !== 404 || typeOf(res) !== type) {
        fail(
          '404',
          `${missing} with Accept: ${accept.split(',')[0]} answered ${res.status} ${typeOf(res)}, not 404 ${type}`,
          'An unknown page must answer 404 in the form asked for: remove dashboard rewrites that catch every path, and redeploy.',
        );
      }
    }
  });

  await check('/ask', async () => {
    const res = await get(fresh('/ask?query=project'), 'application/json');
    if (res.status !== 200 || typeOf(res) !== 'application/json') {
      fail(
        '/ask',
        `/ask?query=project answered ${res.status} ${typeOf(res)}`,
        'The function answers /ask: check the deployment has the function (api/index.ts) and its logs for an error.',
      );
    }
  });

  await check('REST', async () => {
    for (const path of ['/api/v1/projects?limit=1', '/api/v1/search?q=project']) {
      const res = await get(fresh(path), 'application/json');
      let ok = res.status === 200 && typeOf(res) === 'application/json';
      try {
        ok &&= typeof JSON.parse(res.bodyText) === 'object';
      } catch {
        ok = false;
      }
      if (!ok)
        fail(
          'REST',
          `${path} answered ${res.status} ${typeOf(res)}`,
          'The function answers /api/v1: check the deployment has the function and its logs for an error.',
        );
    }
    const unknown = await get(fresh('/api/v1/verify-no-such-route'), 'application/json');
    if (unknown.status !== 404 || typeOf(unknown) !== 'application/json') {
      fail(
        'REST',
        `an unknown API path answered ${unknown.status} ${typeOf(unknown)}, not 404 JSON`,
        'vercel.json rewrites /api/(.*) to the function: redeploy with the generated vercel.json.',
      );
    }
  });

  // The site's own URL (absolute URLs in its documents): the canonical domain, which may not be
  // the deployment's own URL.
  let siteOrigin = origin;
  await check('MCP', async () => {
    const cardRes = await get(fresh('/api/mcp/server-card'));
    if (cardRes.status !== 200) {
      fail('MCP', `/api/mcp/server-card answered ${cardRes.status}`, 'The function answers the server card: check the deployment has the function.');
      return;
    }
    const card = JSON.parse(cardRes.bodyText) as { websiteUrl?: string; remotes: { url: string; supportedProtocolVersions: string[] }[] };
    if (card.websiteUrl) siteOrigin = new URL(card.websiteUrl).origin;
    if (siteOrigin !== origin) notes.push(`the site's absolute URLs name ${siteOrigin} (site.md's url); MCP and OAuth are checked there`);
    // Access-Control-Allow-Origin: * is a static header rule, sent whatever the Origin (and the local server refuses foreign origins).
    const wellKnown = await get(fresh('/.well-known/mcp/server-card.json'));
    if (wellKnown.status !== 200 || wellKnown.headers.get('access-control-allow-origin') !== '*') {
      fail(
        'MCP',
        `/.well-known/mcp/server-card.json answered ${wellKnown.status} with Access-Control-Allow-Origin: ${wellKnown.headers.get('access-control-allow-origin') ?? 'none'}`,
        'Redeploy with the generated vercel.json (it allows any origin on the card).',
      );
    }
    const remote = card.remotes[0]!;
    for (const [revision, options] of Object.entries(MCP_REVISIONS)) {
      if (!remote.supportedProtocolVersions.includes(revision)) {
        fail('MCP', `the server card does not list revision ${revision}`, 'Redeploy: the server serves it.');
        continue;
      }
      const client = new Client({ name: 'folio-verify', version: '1.0.0' }, options);
      try {
        // The card's URL is the site's text: the MCP client reaches it through `request`, so the
        // secret goes there only when it is the origin verified, and the limits hold.
        await client.connect(new StreamableHTTPClientTransport(new URL(remote.url), { fetch: (url, init) => request(url, init) }));
        const negotiated = client.getNegotiatedProtocolVersion();
        const { tools } = await client.listTools();
        if (negotiated !== revision)
          fail('MCP', `asked for ${revision}, the server negotiated ${negotiated}`, 'Redeploy: both revisions are served by the same function.');
        if (tools.length === 0)
          fail('MCP', `tools/list at ${revision} listed no tools`, 'Check the function logs: the data file may be missing from the deployment.');
      } catch (error) {
        fail(
          'MCP',
          `the official MCP client at ${revision} could not initialize and list tools at ${remote.url}: ${(error as Error).message}`,
          'Check the function logs; the endpoint must answer POST with JSON.',
        );
      } finally {
        await client.close().catch(() => {});
      }
    }
  });

  await check('OAuth discovery', async () => {
    const insecure = siteOrigin.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {};
    const options = { ...insecure, [oauth.customFetch]: (url: string, init: RequestInit) => request(url, init) };
    const resource = new URL(siteOrigin);
    let servers: string[] = [];
    try {
      const metadata = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, options));
      servers = metadata.authorization_servers ?? [];
    } catch (error) {
      fail(
        'OAuth discovery',
        `${siteOrigin}/.well-known/oauth-protected-resource was refused by a strict RFC 9728 client: ${(error as Error).message}`,
        'Its `resource` must be the origin: redeploy; if the site URL changed, set `url` in content/site.md.',
      );
      return;
    }
    if (servers.length === 0) {
      fail('OAuth discovery', 'the protected-resource metadata names no authorization server', 'Redeploy: the build writes it from the site URL.');
      return;
    }
    try {
      const issuer = new URL(servers[0]!);
      const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }));
      if (!as.token_endpoint) fail('OAuth discovery', 'the authorization-server metadata has no token_endpoint', 'Redeploy.');
    } catch (error) {
      fail(
        'OAuth discovery',
        `the authorization-server metadata at ${servers[0]} was refused: ${(error as Error).message}`,
        'Its `issuer` must equal the site URL: redeploy; if the site URL changed, set `url` in content/site.md.',
      );
    }
    // The 401 names the catalog's own metadata (RFC 9728 § 5.1), whose resource is the catalog.
    const challenge = await get(fresh('/api/v1'), 'application/json');
    const named = challenge.headers.get('www-authenticate')?.match(/resource_metadata="([^"]+)"/)?.[1];
    if (challenge.status !== 401 || !named) {
      fail(
        'OAuth discovery',
        `/api/v1 without a token answered ${challenge.status} without a resource_metadata challenge`,
        'Redeploy: the function answers 401 with WWW-Authenticate.',
      );
      return;
    }
    const doc = await get(new URL(named, origin).origin === siteOrigin ? `${origin}${new URL(named).pathname}` : named);
    const catalog = (() => {
      try {
        return JSON.parse(doc.bodyText).resource as string;
      } catch {
        return undefined;
      }
    })();
    if (doc.status !== 200 || catalog !== `${siteOrigin}/api/v1`) {
      fail(
        'OAuth discovery',
        `the metadata the 401 names (${named}) answered ${doc.status} with resource ${catalog ?? 'none'}`,
        'Redeploy: the function serves the path-inserted metadata.',
      );
    }
  });

  return finish();
}

/**
 * The report: one line per failure (check, problem, what to do), then what passed. Problems and
 * notes quote the server (its statuses, headers, bodies, error texts): every field goes through
 * terminalText, so a control character it sent is printed as an escape, never obeyed (FO-TERMINAL-TEXT).
 */
export function report({ failures, passed, notes }: VerifyResult, base: string): string {
  const lines = failures.map((f) => `FAIL ${terminalText(f.check)}: ${terminalText(f.problem)}. To do: ${terminalText(f.fix)}`);
  for (const p of passed) lines.push(`ok   ${terminalText(p)}`);
  for (const note of notes) lines.push(`note ${terminalText(note)}`);
  lines.push(
    failures.length ? `${failures.length} failure${failures.length === 1 ? '' : 's'} on ${terminalText(base)}` : `${terminalText(base)}: every check passed`,
  );
  return `${lines.join('\n')}\n`;
}
