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

export type AnalyticsSetting = { provider: 'vercel' } | { provider: 'plausible'; domain?: string } | { provider: 'umami'; websiteId: string };

/** A same-origin path a provider's page tag uses, and where the deployment sends it. */
export interface AnalyticsPath {
  path: string;
  /** The provider's address a vercel.json rewrite sends it to; none for Vercel's own, which the platform answers. */
  upstream?: string;
}

/** What each provider loads once deployed: its script, and the endpoint its script posts events to. */
export interface AnalyticsProvider {
  name: string;
  script: AnalyticsPath;
  events: AnalyticsPath;
}

export const ANALYTICS_PROVIDERS: Record<AnalyticsSetting['provider'], AnalyticsProvider> = {
  // Served by Vercel itself once Web Analytics is enabled for the project (vercel.com/docs/analytics);
  // the script posts page views to /_vercel/insights/view.
  vercel: { name: 'Vercel Web Analytics', script: { path: '/_vercel/insights/script.js' }, events: { path: '/_vercel/insights/view' } },
  // Plausible's script and event endpoint (plausible.io/docs/proxy/guides/vercel); the script is
  // told where to send events with data-api.
  plausible: {
    name: 'Plausible',
    script: { path: `/${ANALYTICS_PREFIX}/p/script.js`, upstream: 'https://plausible.io/js/script.js' },
    events: { path: `/${ANALYTICS_PREFIX}/p/event`, upstream: 'https://plausible.io/api/event' },
  },
  // Umami Cloud's tracker and collect endpoint; data-host-url makes it post to /_stats/u/api/send.
  umami: {
    name: 'Umami Cloud',
    script: { path: `/${ANALYTICS_PREFIX}/u/script.js`, upstream: 'https://cloud.umami.is/script.js' },
    events: { path: `/${ANALYTICS_PREFIX}/u/api/send`, upstream: 'https://cloud.umami.is/api/send' },
  },
};

/** Every proxied provider's paths, in vercel.json for every site (a path nothing links costs nothing). */
export const ANALYTICS_PROXIES: AnalyticsProxy[] = Object.values(ANALYTICS_PROVIDERS).flatMap(({ script, events }) =>
  [script, events].flatMap(({ path, upstream }) => (upstream ? [{ source: path, destination: upstream }] : [])),
);

/** The <script> element's attributes for a provider: always deferred, always this site's origin. */
export function analyticsScript(setting: AnalyticsSetting, siteUrl: string): Record<string, string> {
  switch (setting.provider) {
    case 'vercel':
      return { src: ANALYTICS_PROVIDERS.vercel.script.path };
    case 'plausible':
      return {
        src: ANALYTICS_PROVIDERS.plausible.script.path,
        'data-domain': setting.domain ?? new URL(siteUrl).hostname,
        'data-api': ANALYTICS_PROVIDERS.plausible.events.path,
      };
    case 'umami':
      // The tracker appends /api/send to its host URL.
      return {
        src: ANALYTICS_PROVIDERS.umami.script.path,
        'data-website-id': setting.websiteId,
        'data-host-url': ANALYTICS_PROVIDERS.umami.events.path.slice(0, -'/api/send'.length),
      };
  }
}

/**
 * Paths a page may name that the build does not serve: Vercel's own analytics path and the
 * providers' proxies. `npm run check` leaves them out of its link check (offline, or off Vercel,
 * they cannot answer 200).
 */
export const isAnalyticsPath = (path: string) => path.startsWith('/_vercel/') || path.startsWith(`/${ANALYTICS_PREFIX}/`);
