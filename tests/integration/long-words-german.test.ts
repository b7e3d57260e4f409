// FO-LONG-WORDS over a German site with English translations, in a real browser, with no build:
// every page of the German fixture (the longest real words of each language Folio speaks in a
// post's title, summary, tags and text, and its English translation's) rendered by the Container
// API and served as `npm start` serves a build (tests/support/rendered-site.ts), bridged to one
// loopback socket for Chromium, at 320 and 390 px (each page loaded once, its viewport resized between
// the two: sweepWidths in tests/support/sideways.ts). The French and English fixture is measured the
// same way over its build (tests/e2e/bilingual-site.spec.ts).
import type { Server } from 'node:http';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchTestBrowser } from '../support/browser.ts';
import { fixtureSite } from '../support/render-page.ts';
import { type RenderedSite, serveRendered } from '../support/rendered-site.ts';
import { PHONE_WIDTHS, sideways, sweepWidths } from '../support/sideways.ts';
import { listenOnLoopback } from '../support/loopback.ts';

const site = fixtureSite('tests/fixtures/german-site/content');
let served: RenderedSite;
let server: Server;
let browser: Browser;
let base: string;

beforeAll(async () => {
  served = await serveRendered(site);
  // The rendered site answers in-process; Chromium needs a socket, so each request is handed over whole.
  ({ server, origin: base } = await listenOnLoopback(async (req, res) => {
    const response = await served.fetch(new Request(new URL(req.url ?? '/', served.base), { method: req.method, headers: { accept: 'text/html' } }));
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  }));
  browser = await launchTestBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
  served?.close();
});

test('FO-LONG-WORDS: at 320 and 390 px no page of a German site with English translations scrolls sideways or has an element past the screen, the longest words of each language in a post’s title, summary, tags and text', async () => {
  const paths = await site.pagePaths();
  for (const path of [
    '/posts/langwoerter',
    '/en/posts/langwoerter',
    '/tags/kraftfahrzeughaftpflichtversicherung',
    '/en/tags/kraftfahrzeughaftpflichtversicherung',
  ])
    expect(paths).toContain(path);
  const word = encodeURIComponent('Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz');
  const tab = await browser.newPage();
  // One load of each page, measured at 320 px and again at 390 px (sweepWidths: the viewport resized).
  const readings = await sweepWidths(tab, base, [...paths, `/search?q=${word}`, `/en/search?q=${word}`], PHONE_WIDTHS, () => tab.evaluate(sideways));
  const wide = readings
    .filter(({ reading: { scroll, client, past } }) => scroll > client || past.length)
    .map(({ path, width, reading: { scroll, past } }) => `${path} at ${width} px: ${scroll} px wide; ${past.join('; ')}`);
  // Every page was read at both widths, each reading laid out at its width.
  expect(readings).toHaveLength(PHONE_WIDTHS.length * (paths.length + 2));
  expect(readings.filter(({ width, reading }) => reading.client !== width)).toEqual([]);
  await tab.close();
  expect(wide).toEqual([]);
}, 300_000);
