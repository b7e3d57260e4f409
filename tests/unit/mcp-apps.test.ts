// FO-MCP-APPS: the MCP Apps extension (SEP-1865, `io.modelcontextprotocol/ui`) through the official
// MCP client in both protocol eras: advertised as an extension capability, the project card linked
// from get_project's and search_portfolio's `_meta.ui.resourceUri`, readable as a self-contained
// `text/html;profile=mcp-app` document, and the tools' answers unchanged for hosts without Apps.
// tests/e2e/mcp-apps.spec.ts renders the card in Chromium.
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { APP_MIME_TYPE, APPS_EXTENSION, PROJECT_CARD_HTML, PROJECT_CARD_URI, projectCardHtml, readProjectCard } from '../../src/server/mcp/apps.ts';
import { createApp } from '../../src/server/app.ts';
import { accentVariants } from '../../src/records/theme.ts';
import { buildServerCard, CARD_META_APPS } from '../../src/server/mcp/server-card.ts';
import { siteData } from '../../src/server/data.ts';
import { app, connect, ERAS, type Era } from '../support/mcp-helpers.ts';
import type { SiteData } from '../../src/search/data-file.ts';

const WITH_CARD = ['search_portfolio', 'get_project'];

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`FO-MCP-APPS: the project card, protocol ${era}`, () => {
    let client: Client | undefined;
    afterEach(async () => {
      await client?.close();
      client = undefined;
    });
    const open = async () => (client = (await connect(app(), era)).client);

    it('FO-MCP-APPS: the server advertises the extension with the one UI media type', async () => {
      const c = await open();
      const extensions = (c.getServerCapabilities() as { extensions?: Record<string, { mimeTypes?: string[] }> }).extensions;
      expect(extensions?.[APPS_EXTENSION]).toEqual({ mimeTypes: [APP_MIME_TYPE] });
      expect(APPS_EXTENSION).toBe('io.modelcontextprotocol/ui');
      expect(APP_MIME_TYPE).toBe('text/html;profile=mcp-app');
    });

    it('FO-MCP-APPS: get_project and search_portfolio name the card in _meta.ui.resourceUri; no other tool does', async () => {
      const { tools } = await (await open()).listTools();
      for (const tool of tools) {
        const ui = (tool._meta as { ui?: { resourceUri?: string } } | undefined)?.ui;
        if (WITH_CARD.includes(tool.name)) expect(ui, tool.name).toEqual({ resourceUri: PROJECT_CARD_URI });
        else expect(ui, tool.name).toBeUndefined();
      }
      expect(PROJECT_CARD_URI.startsWith('ui://')).toBe(true);
    });

    it('FO-MCP-APPS: the card reads as one HTML5 document of the Apps media type; resources/list stays the twins', async () => {
      const c = await open();
      const { contents } = await c.readResource({ uri: PROJECT_CARD_URI });
      expect(contents).toHaveLength(1);
      const card = contents[0] as { uri: string; mimeType: string; text: string; _meta?: { ui?: { prefersBorder?: boolean } } };
      expect(card).toMatchObject({ uri: PROJECT_CARD_URI, mimeType: APP_MIME_TYPE, text: PROJECT_CARD_HTML });
      expect(card._meta?.ui?.prefersBorder).toBe(true);
      expect(card.text.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
      expect(card.text.trimEnd().endsWith('</html>')).toBe(true);
      const listed = await c.listResources();
      expect(listed.resources.some((r) => r.uri.startsWith('ui://'))).toBe(false);
      await expect(c.readResource({ uri: 'ui://folio/no-such-card' })).rejects.toThrow(/not found/i);
    });

    it('FO-MCP-APPS: hosts without Apps get the same text and structured content as before', async () => {
      const c = await open();
      const result = await c.callTool({ name: 'get_project', arguments: { slug: 'quarry' } });
      expect(result.structuredContent).toEqual(await (await app().request('/api/v1/projects/quarry')).json());
      expect((result.content as { type: string; text: string }[])[0]).toMatchObject({ type: 'text' });
      expect((result.content as { text: string }[])[0]!.text).toContain('# ');
      const search = await c.callTool({ name: 'search_portfolio', arguments: { query: 'search' } });
      expect(search.structuredContent).toEqual(await (await app().request('/api/v1/search?q=search')).json());
    });
  });
}

describe('FO-MCP-APPS: the card is self-contained', () => {
  const html = PROJECT_CARD_HTML;

  it('FO-MCP-APPS, FO-TEXT-SAFE: loads nothing: no external script, style, image, font or request', () => {
    expect(html).not.toMatch(/\bsrc\s*=/i);
    expect(html).not.toMatch(/<link\b/i);
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    expect(style).not.toMatch(/@import|url\(|@font-face/i);
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon/);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  it('FO-MCP-APPS, FO-TEXT-SAFE: writes content with textContent only, never as HTML', () => {
    expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
    expect(html).toContain('textContent');
    // Links go through the host (ui/open-link), and only http(s) ones are made at all.
    expect(html).toContain("'ui/open-link'");
    expect(html).toMatch(/protocol === 'https:' \|\| url\.protocol === 'http:'/);
  });

  it('FO-MCP-APPS: the site’s palette, light and dark (prefers-color-scheme, or the theme the host names)', () => {
    expect(html).toContain('--bg:#fbfaf7');
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).toContain(':root[data-theme=dark]');
    expect(html).toContain('--bg:#141413');
  });

  it('FO-MCP-APPS: speaks the Apps lifecycle: ui/initialize, then initialized, then renders tool-result', () => {
    for (const method of [
      'ui/initialize',
      'ui/notifications/initialized',
      'ui/notifications/tool-result',
      'ui/notifications/size-changed',
      'ui/resource-teardown',
    ]) {
      expect(html, method).toContain(`'${method}'`);
    }
    expect(html).toContain("protocolVersion: '2026-01-26'");
  });

  it('FO-MCP-APPS: the server card names the extension, the card and the tools that use it', () => {
    expect(buildServerCard(siteData().site, siteData())._meta![CARD_META_APPS]).toEqual({
      extension: APPS_EXTENSION,
      mimeType: APP_MIME_TYPE,
      resourceUri: PROJECT_CARD_URI,
      tools: WITH_CARD,
    });
  });

  it("FO-MCP-APPS, FO-THEME: a site with theme.accent gets a card in its accent, light as written and dark derived; without one, today's", () => {
    const { light, dark } = accentVariants('#6b21a8');
    const themed = projectCardHtml({ theme: { accent: '#6b21a8', colorScheme: 'auto', font: 'system' } });
    // The light palette on :root, the dark one under prefers-color-scheme and the host's data-theme.
    expect(themed).toMatch(new RegExp(`:root\\{[^}]*--accent:${light.accent};`));
    expect(themed).toMatch(new RegExp(`@media \\(prefers-color-scheme:dark\\)\\{:root:not\\(\\[data-theme=light\\]\\)\\{[^}]*--accent:${dark.accent};`));
    expect(themed).toMatch(new RegExp(`:root\\[data-theme=dark\\]\\{[^}]*--accent:${dark.accent};`));
    expect(themed).not.toContain('#a1401a');
    // Only the accent changes: the rest of the card is the same document.
    expect(themed.replace(/--accent:#[0-9a-f]{6};/g, '')).toBe(PROJECT_CARD_HTML.replace(/--accent:#[0-9a-f]{6};/g, ''));
    expect(projectCardHtml({})).toBe(PROJECT_CARD_HTML);
    expect(projectCardHtml({ theme: { colorScheme: 'dark', font: 'inter' } })).toBe(PROJECT_CARD_HTML);
    expect(readProjectCard({ site: { theme: { accent: '#6b21a8', colorScheme: 'auto', font: 'system' } }, kept: {} }).contents[0]!.text).toBe(themed);
  });

  it('FO-MCP-APPS, FO-THEME: resources/read answers the card in the accent of the site the function loaded (its data file)', async () => {
    const data = siteData();
    const themed: SiteData = { ...data, site: { ...data.site, theme: { accent: '#6b21a8', colorScheme: 'auto', font: 'system' } }, kept: {} };
    const { client } = await connect(createApp({ data: () => themed }), '2025-11-25');
    try {
      const { contents } = await client.readResource({ uri: PROJECT_CARD_URI });
      expect((contents[0] as { text: string }).text).toBe(projectCardHtml(themed.site));
      expect((contents[0] as { text: string }).text).toContain('--accent:#6b21a8;');
    } finally {
      await client.close();
    }
  });
});
