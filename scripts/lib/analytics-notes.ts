// What the owner's tools say about site.md's `analytics:` (FO-ANALYTICS-LOCAL): the local servers once
// at start-up (their stand-ins answer the provider's paths, scripts/local-server/analytics-stand-in.ts),
// and `npm run deploy:dry` in its report of what would deploy.
import { ANALYTICS_PROVIDERS, type AnalyticsSetting } from '../../src/records/analytics.ts';

/** The local servers' start-up line, or undefined when site.md sets no analytics. */
export function analyticsNotice(setting: AnalyticsSetting | undefined): string | undefined {
  if (!setting) return undefined;
  const { name, script, events } = ANALYTICS_PROVIDERS[setting.provider];
  return `Analytics: ${name} is wired (site.md) and loads only on the deployed site; here ${script.path} answers an empty script and ${events.path} drops events.`;
}

/** `npm run deploy:dry`'s account of what the deployed pages will load, and where it goes. */
export function analyticsDeployReport(setting: AnalyticsSetting | undefined): string {
  if (!setting) return 'none (site.md sets no analytics:)';
  const { name, script, events } = ANALYTICS_PROVIDERS[setting.provider];
  const via = (path: { path: string; upstream?: string }) => (path.upstream ? `${path.path} (rewritten to ${path.upstream})` : path.path);
  const answered = script.upstream ? '' : '; Vercel answers both once Web Analytics is enabled for the project';
  return `${name}: every page loads ${via(script)} and posts events to ${via(events)}${answered}`;
}
