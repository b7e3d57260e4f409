// FO-MCP-APPS in a browser: the project card, read over real HTTP with the official MCP client, runs
// in a sandboxed iframe (scripts only, no same origin) under a minimal host that speaks the Apps
// postMessage protocol. It renders a real get_project result, writes hostile content as text, makes
// no network request, and follows the scheme (prefers-color-scheme, or the host's theme).
import { expect, type Page, test } from '@playwright/test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const CARD = 'ui://folio/project-card';

async function withClient<T>(baseURL: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'folio-apps-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`)));
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/**
 * A host page: it answers ui/initialize (with a theme, if given), and once the View says
 * `initialized`, sends the tool result. The View runs in `sandbox="allow-scripts"`, as hosts frame it.
 */
async function host(page: Page, html: string, result: unknown, theme?: 'light' | 'dark') {
  await page.setContent('<!doctype html><title>host</title><iframe id="view" sandbox="allow-scripts" style="width:600px;height:600px"></iframe>');
  await page.evaluate(
    ({ html, result, theme }) => {
      const frame = document.getElementById('view') as HTMLIFrameElement;
      const w = window as unknown as { viewMessages: string[] };
      w.viewMessages = [];
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow) return;
        const m = event.data as { id?: number; method?: string };
        w.viewMessages.push(String(m.method));
        const reply = (message: object) => frame.contentWindow!.postMessage({ jsonrpc: '2.0', ...message }, '*');
        if (m.method === 'ui/initialize') {
          reply({
            id: m.id,
            result: { protocolVersion: '2026-01-26', hostCapabilities: {}, hostInfo: { name: 'test-host', version: '1' }, hostContext: theme ? { theme } : {} },
          });
        } else if (m.method === 'ui/notifications/initialized') {
          reply({ method: 'ui/notifications/tool-input', params: { arguments: {} } });
          reply({ method: 'ui/notifications/tool-result', params: result });
        }
      });
      frame.srcdoc = html;
    },
    { html, result, theme },
  );
  return page.frameLocator('#view');
}

test.describe('FO-MCP-APPS: the project card in a host', () => {
  let html = '';
  let project: { structuredContent?: Record<string, unknown>; content?: unknown } = {};
  test.beforeAll(async ({ baseURL }) => {
    await withClient(baseURL!, async (client) => {
      const tools = await client.listTools();
      const meta = tools.tools.find((t) => t.name === 'get_project')!._meta as { ui?: { resourceUri?: string } };
      expect(meta.ui?.resourceUri).toBe(CARD);
      const read = await client.readResource({ uri: CARD });
      expect(read.contents[0]!.mimeType).toBe('text/html;profile=mcp-app');
      html = (read.contents[0] as { text: string }).text;
      project = (await client.callTool({ name: 'get_project', arguments: { slug: 'quarry' } })) as typeof project;
    });
  });

  test('FO-MCP-APPS: renders a get_project result after the ui/initialize handshake, with no network request', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const view = await host(page, html, project);
    const p = project.structuredContent!;
    await expect(view.locator('h2')).toHaveText(String(p.title));
    await expect(view.locator('article')).toContainText(String(p.summary));
    await expect(view.locator('nav a').first()).toHaveAttribute('href', String(p.url));
    for (const tag of p.tags as string[]) await expect(view.locator('ul.tags li', { hasText: tag }).first()).toBeVisible();
    const messages = await page.evaluate(() => (window as unknown as { viewMessages: string[] }).viewMessages);
    expect(messages.slice(0, 2)).toEqual(['ui/initialize', 'ui/notifications/initialized']);
    expect(requests.filter((u) => !u.startsWith('about:') && !u.startsWith('data:'))).toEqual([]);
  });

  test('FO-MCP-APPS, FO-TEXT-SAFE: hostile content is shown as text, and a javascript: link is not made', async ({ page }) => {
    const hostile = '<img src=x onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>';
    const result = {
      content: [{ type: 'text', text: 'x' }],
      structuredContent: {
        query: 'x',
        hits: [
          {
            slug: 'evil',
            kind: 'project',
            type: 'app',
            title: hostile,
            summary: hostile,
            tags: [hostile],
            url: 'javascript:alert(1)',
            twinUrl: 'https://ok.example/x.md',
          },
        ],
      },
    };
    const view = await host(page, html, result);
    await expect(view.locator('h2')).toHaveText(hostile);
    await expect(view.locator('img')).toHaveCount(0);
    await expect(view.locator('article script')).toHaveCount(0);
    await expect(view.locator('nav a')).toHaveCount(1);
    await expect(view.locator('nav a')).toHaveAttribute('href', 'https://ok.example/x.md');
    expect(await page.title()).toBe('host');
  });

  test('FO-MCP-APPS: the site’s light and dark schemes, and the host’s theme over the system’s', async ({ page }) => {
    const background = async (theme?: 'light' | 'dark') => {
      const view = await host(page, html, project, theme);
      await expect(view.locator('h2')).toHaveCount(1);
      return view.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
    };
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(251, 250, 247)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(20, 20, 19)');
    expect(await background('light')).toBe('rgb(251, 250, 247)');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background('dark')).toBe('rgb(20, 20, 19)');
  });
});
