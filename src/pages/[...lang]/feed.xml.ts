// /feed.xml: the posts and projects as an RSS 2.0 feed, newest first (src/records/feed.ts).
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { feedDescription, feedItems, feedTitle } from '../../records/feed.ts';
import { languageCatalog } from '../../records/load.ts';
import { absoluteUrl, localPath } from '../../records/urls.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const listing = languageCatalog(params.lang).listing;
  const { site } = listing;
  return rss({
    title: feedTitle(listing),
    description: feedDescription(listing),
    site: absoluteUrl(site, localPath(site, '/')),
    items: feedItems(listing),
    customData: `<language>${site.locale}</language>`,
  });
};
