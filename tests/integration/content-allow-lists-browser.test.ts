// FO-SVG-ALLOW, FO-HTML-ALLOW in a real browser, without the site's headers: every SVG of the
// corpus (tests/support/svg-tricks.ts) that svgProblem accepts is opened as a top-level document,
// and every body of tests/support/html-tricks.ts the loader accepts is rendered as the site renders
// it and opened as a page, from a bare local server that sends no CSP, in one Chromium. Whatever a
// trick would run or load asks this server for /pwned/<name>: none may, and no dialog opens. A few
// refused ones are opened too, to show the same page does run them without the check (the attack's
// ATTLIST default among them), so a harness that saw nothing could not pass.
import type { Server } from 'node:http';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { svgProblem } from '../../src/images/svg-safety.ts';
import { ContentError, loadContent } from '../../src/records/load.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { launchTestBrowser } from '../support/browser.ts';
import { HTML_TRICKS } from '../support/html-tricks.ts';
import { SVG_TRICKS } from '../support/svg-tricks.ts';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp-dir.ts';
import { listenOnLoopback } from '../support/loopback.ts';

const VALID = join(import.meta.dirname, '..', 'fixtures', 'content-valid', 'content');
/** The SVGs and bodies Chromium runs or loads from when nothing checks them: the harness must see each. */
const RUN_WITHOUT_THE_CHECK = {
  svg: ['doctype-attlist-onload', 'script', 'onload-root', 'foreign-object', 'use-elsewhere'],
  body: ['script', 'img-onerror', 'details-ontoggle'],
};

const pages = new Map<string, { type: string; body: Uint8Array | string }>();
const pwned: string[] = [];
let server: Server;
let browser: Browser;
let base: string;

/** Whether the loader accepts `body` as a project's text (the small valid site, written to a copy once per body). */
const site = (() => {
  const dir = tempDir('folio-allow-browser-', 'file');
  cpSync(VALID, dir, { recursive: true });
  return { dir, file: join(dir, 'projects', 'alpha.md'), template: readFileSync(join(dir, 'projects', 'alpha.md'), 'utf8') };
})();
function accepted(body: string): boolean {
  writeFileSync(
    site.file,
    site.template.replace('Alpha body.', () => body),
  );
  try {
    loadContent(site.dir);
    return true;
  } catch (error) {
    if (error instanceof ContentError) return false;
    throw error;
  }
}

/** A rendered body as a page of its own: the site's render, no CSP, no script of the site's. */
const page = (html: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>body</title></head><body><main>${html}</main></body></html>`;

beforeAll(async () => {
  for (const trick of SVG_TRICKS) pages.set(`/svg/${trick.name}.svg`, { type: 'image/svg+xml', body: trick.bytes });
  for (const trick of HTML_TRICKS) pages.set(`/body/${trick.name}`, { type: 'text/html; charset=utf-8', body: page((await renderMarkdown(trick.body)).html) });
  ({ server, origin: base } = await listenOnLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path.startsWith('/pwned/')) {
      pwned.push(`${path} (from ${req.headers.referer ?? 'no referrer'})`);
      res.writeHead(204).end();
      return;
    }
    const found = pages.get(path);
    if (!found) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': found.type }).end(found.body);
  }));
  browser = await launchTestBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

/** Opens each path in one tab, lets load events, animations starting at 0 s and script's fetches happen, and returns the /pwned requests and dialogs they made. */
async function open(paths: string[]): Promise<{ pwned: string[]; dialogs: string[] }> {
  const tab = await browser.newPage();
  const dialogs: string[] = [];
  tab.on('dialog', (dialog) => {
    dialogs.push(`${tab.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  pwned.length = 0;
  for (const path of paths) {
    await tab.goto(`${base}${path}`, { waitUntil: 'load' });
    // Not a timing assertion: room for what the load event starts (a fetch, an animation's begin).
    await tab.waitForTimeout(150);
  }
  await tab.close();
  return { pwned: [...pwned], dialogs };
}

test('FO-SVG-ALLOW: every SVG of the corpus the check accepts, opened by its address with no CSP in Chromium, runs no script and loads nothing from elsewhere', async () => {
  const ok = SVG_TRICKS.filter((t) => svgProblem(t.bytes, t.name) === undefined);
  expect(ok.map((t) => t.name)).toEqual(SVG_TRICKS.filter((t) => t.refused === null).map((t) => t.name));
  expect(await open(ok.map((t) => `/svg/${t.name}.svg`))).toEqual({ pwned: [], dialogs: [] });
}, 180_000);

test('FO-HTML-ALLOW: every body of the corpus the loader accepts, rendered by the site’s renderer and opened with no CSP in Chromium, runs no script and loads nothing from elsewhere', async () => {
  const ok = HTML_TRICKS.filter((t) => accepted(t.body));
  expect(ok.map((t) => t.name)).toEqual(HTML_TRICKS.filter((t) => t.refused === null).map((t) => t.name));
  expect(await open(ok.map((t) => `/body/${t.name}`))).toEqual({ pwned: [], dialogs: [] });
}, 180_000);

test('FO-SVG-ALLOW, FO-HTML-ALLOW: the harness sees script: refused tricks, the attack’s ATTLIST default among them, do run in the same Chromium', async () => {
  const svgs = await open(RUN_WITHOUT_THE_CHECK.svg.map((name) => `/svg/${name}.svg`));
  expect(new Set(svgs.pwned.map((p) => p.split(' ')[0]))).toEqual(
    new Set(RUN_WITHOUT_THE_CHECK.svg.map((name) => `/pwned/${name}${name === 'use-elsewhere' ? '.svg' : ''}`)),
  );
  const bodies = await open(RUN_WITHOUT_THE_CHECK.body.map((name) => `/body/${name}`));
  expect(new Set(bodies.pwned.map((p) => p.split(' ')[0]))).toEqual(new Set(RUN_WITHOUT_THE_CHECK.body.map((name) => `/pwned/${name}`)));
  for (const name of [...RUN_WITHOUT_THE_CHECK.svg, ...RUN_WITHOUT_THE_CHECK.body])
    expect(SVG_TRICKS.find((t) => t.name === name)?.refused ?? HTML_TRICKS.find((t) => t.name === name)?.refused).toBeTruthy();
}, 180_000);
