// FO-ANALYTICS-LOCAL: what the local servers answer at the analytics providers' same-origin paths
// (scripts/local-server/analytics-stand-in.ts), through the router that replays the committed
// vercel.json, and what `npm start`, `npm run dev` and `npm run deploy:dry` say about the provider.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ANALYTICS_PROVIDERS, type AnalyticsSetting } from '../../src/records/analytics.ts';
import { analyticsStandIn } from '../../scripts/local-server/analytics-stand-in.ts';
import { COMPUTE_HEADER } from '../../scripts/local-server/vercel-router.ts';
import { ASSET_CONTENT_SECURITY_POLICY } from '../../src/builder/vercel-config.ts';
import { analyticsDeployReport, analyticsNotice } from '../../scripts/lib/analytics-notes.ts';
import { fixtureRouter } from '../support/local-router.ts';
import { tempDir } from '../support/temp-dir.ts';

const request = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method, ...(method === 'POST' && { body: '{}' }) });

describe('FO-ANALYTICS-LOCAL: the stand-in at each provider’s paths', () => {
  for (const [provider, { name, script, events }] of Object.entries(ANALYTICS_PROVIDERS)) {
    test(`FO-ANALYTICS-LOCAL: ${provider}: its script is an empty script saying why, its event endpoint takes events with 202`, async () => {
      const js = analyticsStandIn(request(script.path), script.path)!;
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(js.headers.get('cache-control')).toBe('no-store');
      expect(await js.text()).toBe(`/* ${name}: analytics run only on the deployed site; the local server answers ${script.path} with this empty script. */\n`);
      expect(await analyticsStandIn(request(script.path, 'HEAD'), script.path)!.text()).toBe('');
      const posted = analyticsStandIn(request(events.path, 'POST'), events.path)!;
      expect([posted.status, await posted.text()]).toEqual([202, '']);
      // Each path takes what the provider's own takes; the rest is 405 naming what it takes (RFC 9110 § 15.5.6).
      const wrongScript = analyticsStandIn(request(script.path, 'POST'), script.path)!;
      expect([wrongScript.status, wrongScript.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
      const wrongEvents = analyticsStandIn(request(events.path), events.path)!;
      expect([wrongEvents.status, wrongEvents.headers.get('allow')]).toEqual([405, 'POST']);
    });
  }

  test('FO-ANALYTICS-LOCAL: paths match case-insensitively, as Vercel matches them; every other path is left to routing', () => {
    expect(analyticsStandIn(request('/_STATS/P/Script.js'), '/_STATS/P/Script.js')?.status).toBe(200);
    for (const path of ['/', '/_stats/p', '/_stats/p/script.jsx', '/_vercel/insights/other', '/stats/p/script.js']) {
      expect(analyticsStandIn(request(path), path), path).toBeUndefined();
    }
  });

  test('FO-ANALYTICS-LOCAL: through the router over the committed vercel.json: answered in place of the rewrite to the provider, no code run, no page headers (a file’s sandboxing CSP, as every non-page file has)', async () => {
    const get = fixtureRouter(join(tempDir('folio-analytics-'), 'dist'), { 'index.html': '<!doctype html><title>Home</title>' }, () => {
      throw new Error('the function must not run');
    });
    const script = await get('/_stats/p/script.js');
    expect([script.status, script.headers.get('content-type'), script.headers.get(COMPUTE_HEADER)]).toEqual([200, 'text/javascript; charset=utf-8', 'none']);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    // FO-CONTENT-DATA: a non-page file's policy; a script's own CSP header does not bind the page that loads it.
    expect(script.headers.get('content-security-policy')).toBe(ASSET_CONTENT_SECURITY_POLICY);
    const event = await get('/_stats/u/api/send', { method: 'POST', body: '{}' });
    expect(event.status).toBe(202);
    expect((await get('/_vercel/insights/view', { method: 'POST', body: '{}' })).status).toBe(202);
  });
});

describe('FO-ANALYTICS-LOCAL: what the owner’s tools say about the provider', () => {
  test('FO-ANALYTICS-LOCAL: the local servers say once which provider is wired and that it loads only when deployed; nothing without analytics', () => {
    expect(analyticsNotice({ provider: 'plausible' })).toBe(
      'Analytics: Plausible is wired (site.md) and loads only on the deployed site; here /_stats/p/script.js answers an empty script and /_stats/p/event drops events.',
    );
    expect(analyticsNotice(undefined)).toBeUndefined();
  });

  test('FO-ANALYTICS-LOCAL: npm run deploy:dry names the provider, the script every page loads and the endpoint events go to, with the addresses the rewrites reach', () => {
    const cases: [AnalyticsSetting | undefined, string][] = [
      [
        { provider: 'plausible', domain: 'a.example' },
        'Plausible: every page loads /_stats/p/script.js (rewritten to https://plausible.io/js/script.js) and posts events to /_stats/p/event (rewritten to https://plausible.io/api/event)',
      ],
      [
        { provider: 'umami', websiteId: '94db1cb1-74f4-4a40-ad6c-962362670409' },
        'Umami Cloud: every page loads /_stats/u/script.js (rewritten to https://cloud.umami.is/script.js) and posts events to /_stats/u/api/send (rewritten to https://cloud.umami.is/api/send)',
      ],
      [
        { provider: 'vercel' },
        'Vercel Web Analytics: every page loads /_vercel/insights/script.js and posts events to /_vercel/insights/view; Vercel answers both once Web Analytics is enabled for the project',
      ],
      [undefined, 'none (site.md sets no analytics:)'],
    ];
    for (const [setting, line] of cases) expect(analyticsDeployReport(setting)).toBe(line);
  });
});
