// FO-VERIFY: `npm run verify -- <url>` against `npm start` on two fixture sites (every check passes,
// exit 0), and against the same server behind a proxy that answers a Markdown request with the HTML
// page, as a CDN or a dashboard rule that skips the Markdown gate would: it fails with exit 1, and
// the failing line names the page, the Markdown request and the HTML it got.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/free-port.ts';
import { BROWSER_ACCEPT } from '../../scripts/lib/verify.ts';
import { serveSharedSite } from './serve-support.ts';

const SECOND_SITE = 'tests/fixtures/second-site/content';

/** `npm run verify -- <url>`, run as the script it is; its exit code and what it printed. */
function runVerify(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/verify.ts', url], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VERCEL_AUTOMATION_BYPASS_SECRET: '' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A proxy in front of `target` that sends every request that asks for Markdown on as a browser's (so it gets HTML). */
async function htmlForMarkdownProxy(target: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer(async (req, res) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
    if (headers.accept?.includes('text/markdown')) headers.accept = BROWSER_ACCEPT;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, server };
}

test.describe('FO-VERIFY: the sample fixture site', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  // playwright.config.ts's server: the sample site, built for this address; its raised limits and
  // extra allowed hosts touch nothing verify checks (it reads the rate-limit headers' presence only).
  const site = { base: `http://127.0.0.1:${process.env.FOLIO_TEST_PORT}` };

  test('FO-VERIFY: every check passes against npm start, exit 0', async () => {
    const { code, out } = await runVerify(site.base);
    expect(out, out).toContain(`${site.base}: every check passed`);
    for (const check of ['negotiation', 'page view runs no function', 'twins by name', 'llms.txt', '404', '/ask', 'REST', 'MCP', 'OAuth discovery']) {
      expect(out).toContain(`ok   ${check}\n`);
    }
    expect(out).not.toContain('FAIL');
    expect(code).toBe(0);
  });

  test('FO-VERIFY: a server that answers HTML to a Markdown request fails, naming it, exit 1', async () => {
    const proxy = await htmlForMarkdownProxy(site.base);
    try {
      const { code, out } = await runVerify(proxy.url);
      expect(code, out).toBe(1);
      // One line per failure, each with what to do; the first names the home page asked for as Markdown.
      expect(out).toMatch(
        /^FAIL negotiation: \/ \(html → markdown → html, Accept: text\/markdown\) answered text\/html where text\/markdown was asked for: an agent asking for Markdown gets the HTML page\. To do: .*dashboard routing rules.*$/m,
      );
      expect(out).toMatch(/^FAIL 404: .*Accept: text\/markdown answered 404 text\/html, not 404 text\/markdown\. To do: .+$/m);
      for (const line of out.split('\n').filter((l) => l.startsWith('FAIL'))) expect(line).toMatch(/\. To do: .+/);
      // What the proxy leaves alone still passes.
      expect(out).toContain('ok   REST\n');
      expect(out).toContain('ok   llms.txt\n');
    } finally {
      proxy.server.close();
    }
  });
});

test.describe('FO-VERIFY: a second fixture site', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  const site = serveSharedSite(SECOND_SITE);

  test('FO-VERIFY: every check passes against npm start on another site, exit 0', async () => {
    const { code, out } = await runVerify(site.base);
    expect(out, out).toContain(`${site.base}: every check passed`);
    expect(code).toBe(0);
  });
});
