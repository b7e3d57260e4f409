// /feed.xml: the projects as an RSS 2.0 feed (src/records/feed.ts).
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { feedItems } from '../records/feed.ts';
import { loadContent } from '../records/load.ts';
import { absoluteUrl } from '../records/collections.ts';

export const GET: APIRoute = () => {
  const content = loadContent();
  const { site } = content;
  return rss({
    title: `${site.name}: projects`,
    description: site.summary,
    site: absoluteUrl(site, '/'),
    items: feedItems(content),
    customData: `<language>${site.locale}</language>`,
  });
};
