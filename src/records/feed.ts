// The feed of projects (RSS 2.0, with @astrojs/rss): newest first, each with its title, summary,
// absolute link, date and categories (its category's label and its tags).
import type { RSSFeedItem } from '@astrojs/rss';
import { absoluteUrl, categoryLabel, type Listing } from './collections.ts';

export const FEED_PATH = '/feed.xml';

export function feedItems({ site, projects }: Listing): RSSFeedItem[] {
  return projects.map((p) => ({
    title: p.title,
    description: p.summary,
    link: absoluteUrl(site, p.href),
    pubDate: new Date(`${p.date}T00:00:00Z`),
    categories: [categoryLabel(site, p.category), ...p.tags],
  }));
}
