// llms-full.txt (https://llmstxt.org): every twin in one file.
import { absoluteUrl } from '../records/urls.ts';
import type { Catalog } from '../records/catalog.ts';
import { allTwins } from './twin.ts';
import { heading } from '../records/markdown-text.ts';

/** Every twin, in the reading order of `allTwins`, with absolute links, separated by rules. */
export async function llmsFullTxt(catalog: Catalog): Promise<string> {
  const { content } = catalog;
  const { site } = content;
  const twins = await allTwins(catalog, { absolute: true });
  const preface = [
    heading(1, `${site.name}: the whole site as Markdown`),
    `> Every page of ${absoluteUrl(site, '/')} in one file: the home page,${content.resume ? ' the résumé,' : ''} the projects index, each active project (featured first),${content.posts.length ? ' the posts (newest first),' : ''} the pages, then archived projects. The short index is ${absoluteUrl(site, '/llms.txt')}.`,
  ].join('\n\n');
  return `${[preface, ...twins.map((t) => t.markdown.trim())].join('\n\n---\n\n')}\n`;
}
