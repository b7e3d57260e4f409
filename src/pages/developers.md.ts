// /developers.md: the developer guide's Markdown twin, with front matter as every twin (FO-TWIN-FRONT-MATTER).
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { developerGuide, developersDescription, developersMarkdown } from '../discovery/developers.ts';
import { withFrontMatter } from '../discovery/front-matter.ts';
import { absoluteUrl } from '../records/urls.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const content = loadContent();
  const guide = developerGuide(content);
  // The developer pages are in English, once (docs/decisions.md § Interface language).
  const fields = { title: guide.title, description: developersDescription(content.site), canonical: absoluteUrl(content.site, '/developers'), lang: 'en' };
  return fileResponse('/developers.md', withFrontMatter(fields, developersMarkdown(guide)));
};
