// /developers/deprecation.md: the versioning policy's Markdown twin, with front matter as every twin (FO-TWIN-FRONT-MATTER).
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { fileResponse } from '../../discovery/files.ts';
import { deprecationMarkdown, deprecationPolicy } from '../../discovery/deprecation.ts';
import { withFrontMatter } from '../../discovery/front-matter.ts';
import { absoluteUrl } from '../../records/urls.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const { site } = loadContent();
  const policy = deprecationPolicy(site);
  const fields = { title: policy.title, description: policy.summary, canonical: absoluteUrl(site, '/developers/deprecation'), lang: 'en' };
  return fileResponse('/developers/deprecation.md', withFrontMatter(fields, deprecationMarkdown(site)));
};
