// Analytics an owner can turn on in site.md (`analytics:`, FO-ANALYTICS): each provider's
// documented script tag, served first-party. The Content-Security-Policy is one static header rule
// in vercel.json, which Vercel reads before the build and which cannot read site.md, so instead of
// widening it per site, every provider is reached through this site's own origin: Vercel Web
// Analytics is first-party already (/_vercel/insights/), Plausible and Umami Cloud through fixed
// rewrites in vercel.json (their documented proxy set-ups). The CSP stays 'self' for all of them, and
// no page names a script unless the owner configured one (docs/decisions.md § Analytics).

/** First path segment of the proxied providers' paths (never a page: vercel-config.ts leaves it alone). */
export const ANALYTICS_PREFIX = '_stats';

/** A fixed rewrite from this site to a provider (no captured parameters: Vercel would add them to the query). */
export interface AnalyticsProxy {
  source: string;
  destination: string;
}

/** Every proxied provider's paths, in vercel.json for every site (a path nothing links costs nothing). */
export const ANALYTICS_PROXIES: AnalyticsProxy[] = [
  // Plausible's script and event endpoint (plausible.io/docs/proxy/guides/vercel); the script is
  // told where to send events with data-api.
  { source: `/${ANALYTICS_PREFIX}/p/script.js`, destination: 'https://plausible.io/js/script.js' },
  { source: `/${ANALYTICS_PREFIX}/p/event`, destination: 'https://plausible.io/api/event' },
  // Umami Cloud's tracker and collect endpoint; data-host-url makes it post to /_stats/u/api/send.
  { source: `/${ANALYTICS_PREFIX}/u/script.js`, destination: 'https://cloud.umami.is/script.js' },
  { source: `/${ANALYTICS_PREFIX}/u/api/send`, destination: 'https://cloud.umami.is/api/send' },
];

export type AnalyticsSetting = { provider: 'vercel' } | { provider: 'plausible'; domain?: string } | { provider: 'umami'; websiteId: string };

/** The <script> element's attributes for a provider: always deferred, always this site's origin. */
export function analyticsScript(setting: AnalyticsSetting, siteUrl: string): Record<string, string> {
  switch (setting.provider) {
    case 'vercel':
      // Served by Vercel itself once Web Analytics is enabled for the project (vercel.com/docs/analytics).
      return { src: '/_vercel/insights/script.js' };
    case 'plausible':
      return {
        src: `/${ANALYTICS_PREFIX}/p/script.js`,
        'data-domain': setting.domain ?? new URL(siteUrl).hostname,
        'data-api': `/${ANALYTICS_PREFIX}/p/event`,
      };
    case 'umami':
      return { src: `/${ANALYTICS_PREFIX}/u/script.js`, 'data-website-id': setting.websiteId, 'data-host-url': `/${ANALYTICS_PREFIX}/u` };
  }
}

/**
 * Paths a page may name that the build does not serve: Vercel's own analytics path and the
 * providers' proxies. `npm run check` leaves them out of its link check (offline, or off Vercel,
 * they cannot answer 200).
 */
export const isAnalyticsPath = (path: string) => path.startsWith('/_vercel/') || path.startsWith(`/${ANALYTICS_PREFIX}/`);
