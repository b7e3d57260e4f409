// The local servers' answer at the analytics providers' same-origin paths (src/records/analytics.ts,
// FO-ANALYTICS-LOCAL). Deployed, Vercel answers /_vercel/insights/ itself and vercel.json rewrites
// /_stats/ to Plausible or Umami Cloud; here neither should happen: a page view on the owner's own
// machine is not a visit to count (and offline the provider cannot answer). So the script path
// answers an empty script that says why, and the event endpoint takes the event and drops it (202,
// as an endpoint that queues it does), instead of a 404 in the console on every page view.
import { ANALYTICS_PROVIDERS } from '../../src/records/analytics.ts';
import { TEXT } from '../../src/http/media-types.ts';

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** The stand-in for a request at a provider's path, or undefined for any other path. */
export function analyticsStandIn(request: Request, path: string): Response | undefined {
  const lower = path.toLowerCase(); // Vercel matches paths case-insensitively, as the rewrites do
  for (const provider of Object.values(ANALYTICS_PROVIDERS)) {
    if (lower === provider.script.path) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD');
      const body = `/* ${provider.name}: analytics run only on the deployed site; the local server answers ${provider.script.path} with this empty script. */\n`;
      // no-store: a browser must not keep this stand-in for the real script.
      return new Response(request.method === 'HEAD' ? null : body, { headers: { 'content-type': JAVASCRIPT, 'cache-control': 'no-store' } });
    }
    if (lower === provider.events.path) {
      if (request.method !== 'POST') return methodNotAllowed('POST');
      return new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
    }
  }
  return undefined;
}

/** RFC 9110 § 15.5.6: 405 names the methods the path takes. */
const methodNotAllowed = (allow: string) =>
  new Response('Method Not Allowed', { status: 405, headers: { allow, 'content-type': TEXT, 'cache-control': 'no-store' } });
