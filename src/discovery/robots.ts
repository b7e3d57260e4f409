// /robots.txt (RFC 9309): everything may be crawled; it names the sitemap (sitemaps.org § 4). Only
// directives robots.txt parsers know are written (Lighthouse's SEO audit refuses others): the ARD
// manifest (ARD v0.91 § 5.1) is named in a comment, and found through the home page's Link header.
import type { Site } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';

export function robotsTxt(site: Pick<Site, 'url' | 'contentSignal'>): string {
  const signal = Object.entries(site.contentSignal)
    .map(([use, answer]) => `${use}=${answer}`)
    .join(', ');
  return [
    '# Everything here is public. Agents: start at /llms.txt, /AGENTS.md or /.well-known/api-catalog.',
    '# Content signals (contentsignals.org): whether this content may be used for search, as AI input, for AI training.',
    'User-agent: *',
    `Content-Signal: ${signal}`,
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`,
    `# Agent resource discovery: ${absoluteUrl(site, '/.well-known/ard.json')}`,
    '',
  ].join('\n');
}
