// The feed of posts and projects (RSS 2.0, with @astrojs/rss): one list, newest first by date and
// then by slug (FO-POSTS), each with its title, summary, absolute link, date and categories (a
// project's category's label and its tags; a post's tags).
import type { RSSFeedItem } from '@astrojs/rss';
import { categoryLabel, type Listing } from './collections.ts';
import { absoluteUrl } from './urls.ts';
import { stringsFor } from './strings.ts';
import { escapeHtml } from './escape.ts';

export const FEED_PATH = '/feed.xml';

/** The feed's title: what it carries, posts named only when the site has some. */
export const feedTitle = ({ site, posts }: Pick<Listing, 'site' | 'posts'>) =>
  stringsFor(site)(posts.length ? 'feedPostsAndProjects' : 'feedProjects', { name: site.name });

/** The channel's description, escaped as HTML as an item's is: readers render both as HTML (FO-CONTENT-DATA). */
export const feedDescription = ({ site }: Pick<Listing, 'site'>) => escapeHtml(site.summary);

export function feedItems({ site, projects, posts }: Listing): RSSFeedItem[] {
  const items = [
    ...projects.map((p) => ({ slug: p.slug, date: p.date, categories: [categoryLabel(site, p.category), ...p.tags], record: p })),
    // FO-DRAFTS: a draft is in the listing only under npm run dev; the feed leaves it out even there.
    ...posts.filter((p) => !p.draft).map((p) => ({ slug: p.slug, date: p.date, categories: [...p.tags], record: p })),
  ];
  items.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return items.map(({ record, date, categories }) => ({
    title: record.title,
    // An item's description is HTML, entity-encoded in the XML (RSS 2.0 § Elements of <item>), and
    // feed readers render it so: the summary is text, escaped as HTML (FO-CONTENT-DATA).
    description: escapeHtml(record.summary),
    link: absoluteUrl(site, record.href),
    pubDate: new Date(`${date}T00:00:00Z`),
    categories,
  }));
}
