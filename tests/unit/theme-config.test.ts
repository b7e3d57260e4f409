// FO-THEME, FO-FOOTER, FO-ANALYTICS: the settings in content/site.md, as the loader takes or
// refuses them: every refusal names the file, the field, what was expected and a fix.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import { ANALYTICS_PROXIES, analyticsScript, isAnalyticsPath } from '../../src/records/analytics.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/builder/vercel-config.ts';
import { EMBED_FRAME_HOSTS } from '../../src/records/embeds.ts';
import { showOf, themeOf } from '../../src/records/theme.ts';
import { pricingMarkdown } from '../../src/discovery/pricing.ts';
import { developerGuide, developersMarkdown } from '../../src/discovery/developers.ts';
import { contentErrorOf } from '../support/content-fixtures.ts';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'themed-site', 'content');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The themed fixture with its site.md's front matter settings replaced by `settings` (YAML lines). */
function siteWith(settings: string, { customCss = true } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'folio-theme-config-'));
  dirs.push(root);
  const content = join(root, 'content');
  cpSync(FIXTURE, content, { recursive: true });
  if (!customCss) rmSync(join(content, 'custom.css'));
  const site = readFileSync(join(content, 'site.md'), 'utf8').replace(/^theme:[\s\S]*?(?=^---$)/m, `${settings}\n`);
  writeFileSync(join(content, 'site.md'), site);
  return content;
}
const problemsOf = contentErrorOf;

describe('FO-THEME: theme settings', () => {
  test("absent: today's look (auto, system fonts), both footer blocks, no analytics, no custom.css", () => {
    const { site } = loadContent(siteWith('', { customCss: false }));
    expect(themeOf(site)).toEqual({ colorScheme: 'auto', font: 'system' });
    expect(showOf(site)).toEqual({ forSoftware: true, markdownLink: true });
    expect(site.analytics).toBeUndefined();
    expect(site.customCss).toBeUndefined();
  });

  test("the fixture's settings are read as written; content/custom.css is noticed", () => {
    const { site } = loadContent(FIXTURE);
    expect(site.theme).toEqual({ accent: '#6b21a8', colorScheme: 'dark', font: 'inter' });
    expect(site.show).toEqual({ forSoftware: false, markdownLink: false });
    expect(site.customCss).toBe(true);
  });

  test('an accent below 4.5:1 is refused with the file, the field, the ratio and the nearest colour that passes', () => {
    const message = problemsOf(siteWith('theme:\n  accent: "#ffcc00"'));
    expect(message).toContain(
      'content/site.md: field "theme.accent" expected a colour with text contrast of at least 4.5:1 on the light background (WCAG AA); #ffcc00 has 1.45:1. The nearest that passes is "#',
    );
    expect(message).toContain(', got "#ffcc00"');
  });

  test('a malformed colour, an unknown scheme or font, an unknown field', () => {
    expect(problemsOf(siteWith('theme:\n  accent: violet'))).toContain(
      'content/site.md: field "theme.accent" expected a CSS hex colour such as "#a1401a" or "#c40", got "violet"',
    );
    expect(problemsOf(siteWith('theme:\n  colorScheme: night'))).toContain(
      'content/site.md: field "theme.colorScheme" expected one of auto, light, dark, got "night"',
    );
    expect(problemsOf(siteWith('theme:\n  font: intr'))).toMatch(
      /field "theme\.font" expected one of system, inter, editorial, plex, got "intr" \(did you mean "inter"\?\)/,
    );
    expect(problemsOf(siteWith('theme:\n  font: editorail'))).toMatch(/got "editorail" \(did you mean "editorial"\?\)/);
    expect(problemsOf(siteWith('theme:\n  acent: "#6b21a8"'))).toMatch(/unknown field "acent" \(did you mean "accent"\?\) under "theme"/);
  });
});

describe('FO-FOOTER, FO-ANALYTICS: show and analytics settings', () => {
  test('show takes true/false per block; anything else is refused', () => {
    expect(showOf(loadContent(siteWith('show:\n  markdownLink: false')).site)).toEqual({ forSoftware: true, markdownLink: false });
    expect(problemsOf(siteWith('show:\n  forSoftware: "no"'))).toContain('content/site.md: field "show.forSoftware" expected true or false, got "no"');
  });

  test("each provider's script tag comes from this site's origin", () => {
    expect(analyticsScript({ provider: 'vercel' }, 'https://a.example')).toEqual({ src: '/_vercel/insights/script.js' });
    expect(analyticsScript({ provider: 'plausible' }, 'https://a.example')).toEqual({
      src: '/_stats/p/script.js',
      'data-domain': 'a.example',
      'data-api': '/_stats/p/event',
    });
    const umami = analyticsScript({ provider: 'umami', websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409' }, 'https://a.example');
    expect(umami).toEqual({ src: '/_stats/u/script.js', 'data-website-id': '94db1cb1-74f4-4a40-ad6c-962362670409', 'data-host-url': '/_stats/u' });
  });

  test('every script path a provider uses is an analytics path (which npm run check does not expect the build to serve); pages are not', () => {
    for (const setting of [
      { provider: 'vercel' },
      { provider: 'plausible' },
      { provider: 'umami', websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409' },
    ] as const) {
      expect(isAnalyticsPath(analyticsScript(setting, 'https://a.example').src!), setting.provider).toBe(true);
    }
    for (const { source } of ANALYTICS_PROXIES) expect(isAnalyticsPath(source)).toBe(true);
    for (const path of ['/', '/projects', '/stats', '/_statsx/a', '/theme.css']) expect(isAnalyticsPath(path), path).toBe(false);
  });

  test('an unknown provider or a missing Umami website ID is refused, naming the field', () => {
    expect(problemsOf(siteWith('analytics:\n  provider: google'))).toContain('content/site.md: field "analytics.provider"');
    expect(problemsOf(siteWith('analytics:\n  provider: umami'))).toContain('content/site.md: field "analytics.websiteId"');
    expect(problemsOf(siteWith('analytics:\n  provider: umami\n  websiteId: abc'))).toContain('expected the website ID Umami shows, a UUID, got "abc"');
  });
});

describe("FO-API-NOT-SERVICES: /pricing.md and /developers say they are about the site's API, not the person's services", () => {
  const content = loadContent(FIXTURE);
  test('/pricing.md: the title and the first sentence', () => {
    const lines = pricingMarkdown(content.site).split('\n');
    expect(lines[0]).toBe("# API pricing: the API of Ines Aalto's website (not Ines Aalto's rates)");
    expect(lines[2]).toBe(
      "This page is about the pricing of this website's API for software only; it says nothing about what Ines Aalto charges for their own work or services.",
    );
  });

  test('/developers (and /developers.md): the title and the first sentence', () => {
    const guide = developerGuide(content);
    expect(guide.title).toBe("Developers: the API of Ines Aalto's website");
    expect(guide.intro[0]).toMatch(
      /^This page is about this website's API for software, which reads what the site publishes; it is not about Ines Aalto's own work, services or rates\./,
    );
    expect(developersMarkdown(guide)).toContain("it is not about Ines Aalto's own work, services or rates.");
  });
});

describe('FO-ANALYTICS: vercel.json reaches the providers through fixed first-party paths', () => {
  const committed = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'vercel.json'), 'utf8')) as {
    routes: { src?: string; dest?: string; headers?: Record<string, string> }[];
  };
  test("each proxy path is one route to its provider's fixed address, with nothing captured from the request", () => {
    for (const { source, destination } of ANALYTICS_PROXIES) {
      const routes = committed.routes.filter((r) => r.dest === destination);
      expect(routes, source).toHaveLength(1);
      expect(new RegExp(routes[0]!.src!).test(source), source).toBe(true);
      expect(destination).toMatch(/^https:\/\/(plausible\.io|cloud\.umami\.is)\/[a-z/.]+$/);
    }
  });

  test("the proxy paths are no pages: the pages' CSP rule does not match them; the CSP names no provider", () => {
    // The pages' policy; a script the proxy serves gets the asset policy, which binds no page that loads it (FO-CONTENT-DATA).
    const cspRules = committed.routes.filter((r) => r.headers?.['Content-Security-Policy'] === CONTENT_SECURITY_POLICY);
    expect(cspRules.length).toBeGreaterThan(0);
    for (const { source } of ANALYTICS_PROXIES) for (const rule of cspRules) expect(new RegExp(rule.src!).test(source), `${rule.src} ${source}`).toBe(false);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/plausible|umami|vercel-insights/);
    // The only hosts it names are the two video players a body may embed (frame-src), never a provider's.
    expect(CONTENT_SECURITY_POLICY.match(/https:\/\/[^\s;]+/g)).toEqual([...EMBED_FRAME_HOSTS]);
  });
});
