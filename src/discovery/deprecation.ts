// /developers/deprecation and its twin: the versioning policy (PF-SUNSET: at least 90 days with
// Deprecation, Sunset and a successor link; KQ-VERSIONING: a Sunset date at least 30 days ahead —
// the stricter 90 days covers both), and the version table from the config.
import { MIN_SUNSET_DAYS, type Site } from '../records/schema.ts';
import { absoluteUrl } from '../records/urls.ts';
import { heading, opening } from '../records/markdown-text.ts';
import { versionHeaders } from '../server/middleware/versioning.ts';

export interface VersionRow {
  version: string;
  path: string;
  status: 'current' | 'deprecated';
  deprecated?: string;
  sunset?: string;
  successor?: string;
  /** The headers its answers carry, exactly as the server sends them. */
  headers: Record<string, string>;
}

export interface DeprecationPolicy {
  title: string;
  summary: string;
  rules: string[];
  versions: VersionRow[];
  headers: { name: string; meaning: string }[];
}

export function deprecationPolicy(site: Pick<Site, 'name' | 'url' | 'apiVersions'>): DeprecationPolicy {
  return {
    title: `Versioning and deprecation: ${site.name}'s API`,
    summary: `How ${site.url} changes its API without breaking the software that calls it.`,
    rules: [
      'The version is in the URL path. The current version is `/api/v1` (API version 1.0.0).',
      'A version is stable: fields may be added to its answers, none is removed or renamed, and no code changes meaning. Ignore fields you do not know.',
      'Breaking changes ship under a new path, such as `/api/v2`; the old version keeps answering alongside it.',
      `A replaced version keeps working for at least ${MIN_SUNSET_DAYS} days. In that window every answer it gives carries \`Deprecation\` (RFC 9745), \`Sunset\` (RFC 8594) with a date at least ${MIN_SUNSET_DAYS} days ahead, and \`Link\` with \`rel="successor-version"\` to the new path.`,
      'The unversioned paths `/api/search`, `/api/projects` and `/api` are aliases of v1 and follow the same policy.',
      '`/ask`, the OAuth endpoints, `/api/mcp` and the discovery files are not versioned by path; they follow their own specifications (NLWeb, OAuth 2.0, MCP) and change only compatibly.',
      'The dates of any deprecation are listed in the table below, from the same configuration the server reads.',
    ],
    versions: site.apiVersions.map((v) => ({
      version: v.version,
      path: `/api/${v.version}`,
      status: v.deprecated ? 'deprecated' : 'current',
      ...(v.deprecated ? { deprecated: v.deprecated } : {}),
      ...(v.sunset ? { sunset: v.sunset } : {}),
      ...(v.successor ? { successor: v.successor } : {}),
      headers: versionHeaders(v.version, site),
    })),
    headers: [
      { name: 'Deprecation', meaning: 'Since when the version is deprecated, as `@<unix seconds>` (RFC 9745).' },
      { name: 'Sunset', meaning: 'When the version stops answering, as an HTTP-date (RFC 8594).' },
      { name: 'Link', meaning: 'The successor version (`rel="successor-version"`) and this policy (`rel="deprecation"`).' },
    ],
  };
}

export function deprecationMarkdown(site: Pick<Site, 'name' | 'url' | 'apiVersions'>): string {
  const policy = deprecationPolicy(site);
  const rows = policy.versions.map(
    (v) => `| \`${v.path}\` | ${v.status} | ${v.deprecated ?? '—'} | ${v.sunset ?? '—'} | ${v.successor ? `\`${v.successor}\`` : '—'} |`,
  );
  const none = policy.versions.every((v) => v.status === 'current');
  return `${heading(1, policy.title)}

${opening(site, policy.summary)}

## Policy

${policy.rules.map((r) => `- ${r}`).join('\n')}

## Versions

| Version | Status | Deprecated | Sunset | Successor |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

${none ? 'No version is deprecated.' : 'Deprecated versions answer with the headers below until their sunset date.'}

## Headers of a deprecated version

| Header | Meaning |
| --- | --- |
${policy.headers.map((h) => `| \`${h.name}\` | ${h.meaning} |`).join('\n')}

Every endpoint: ${absoluteUrl(site, '/developers')}. The OpenAPI description: ${absoluteUrl(site, '/openapi.json')}.
`;
}
