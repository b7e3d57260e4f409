// `npm start`: build when the build is missing or stale, then serve dist/ exactly as Vercel would:
// the same vercel.json (redirects, headers, rewrites), the same middleware, the same function.
// PORT (4321) and HOST (localhost) choose the address; FOLIO_SITE_URL the site's absolute URLs
// (default: this server's address); FOLIO_ALLOWED_HOSTS host names it answers besides loopback
// (scripts/local-server/host-guard.ts), checked before anything else.
import { build, staleReason } from './lib/build.ts';
import { allowedHostsOrExit } from './local-server/host-guard.ts';
import { banner } from './local-server/node-server.ts';
import { serveBuild } from './local-server/serve-build.ts';
import { analyticsNotice } from './lib/analytics-notes.ts';
import { startAddress } from './free-port.ts';

const allowedHosts = allowedHostsOrExit();
const { port, hostname, base, siteUrl } = startAddress();

const reason = staleReason(siteUrl);
if (reason) {
  console.log(`Building (${reason})…`);
  build(siteUrl);
}

await serveBuild({ port, hostname, allowedHosts });
// The function's data, which it loads once anyway (after the build: it reads what the build wrote).
const { siteData } = await import('../src/server/data.ts');
const notes = [siteUrl !== base && `Absolute URLs point at ${siteUrl} (FOLIO_SITE_URL).`, analyticsNotice(siteData().site.analytics)].filter(Boolean);
console.log(banner(base, notes.length ? notes.join('\n') : undefined));
