// schema.org JSON-LD for every record, built from the records alone. Pages embed it in
// <script type="application/ld+json">; /ask results carry it as `schema_object` (NLWeb).
import type { Listing } from './collections.ts';
import type { Page, Project, Site } from './schema.ts';
import { absoluteUrl } from './urls.ts';
import { agentImage, type ContentImage } from '../images/images.ts';

/** schema.org ImageObject of a content image: its published file, size and alt text. */
const imageObject = (site: Site, image: ContentImage) => {
  const file = agentImage(image);
  return { '@type': 'ImageObject', url: absoluteUrl(site, file.path), width: file.width, height: file.height, caption: image.alt };
};

export function personFor(site: Site) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: site.name,
    description: site.summary,
    jobTitle: site.headline,
    url: site.url,
    ...(site.email ? { email: `mailto:${site.email}` } : {}),
    ...(site.location ? { homeLocation: { '@type': 'Place', name: site.location } } : {}),
    sameAs: site.links.map((l) => l.url),
    ...(site.avatar ? { image: imageObject(site, site.avatar) } : {}),
  };
}

export function schemaObjectFor(record: Project | Page, site: Site) {
  const author = { '@type': 'Person', name: site.name, url: site.url };
  if (record.kind === 'page') {
    return {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: record.title,
      description: record.summary,
      url: absoluteUrl(site, record.href),
      keywords: record.tags.join(', '),
      author,
    };
  }
  // Code you can install or run is SoftwareSourceCode; studies and talks are CreativeWork.
  const isSoftware = ['app', 'library', 'tool', 'service'].includes(record.type);
  return {
    '@context': 'https://schema.org',
    '@type': isSoftware ? 'SoftwareSourceCode' : 'CreativeWork',
    name: record.title,
    description: record.summary,
    url: absoluteUrl(site, record.href),
    dateCreated: record.date,
    ...(record.updated ? { dateModified: record.updated } : {}),
    keywords: record.tags.join(', '),
    genre: site.categories[record.category] ?? record.category,
    creativeWorkStatus: record.archived ? 'Archived' : 'Active',
    author,
    ...(record.cover ? { image: imageObject(site, record.cover) } : {}),
    ...(isSoftware && record.links.repo ? { codeRepository: record.links.repo } : {}),
    ...(isSoftware && record.stack.length ? { programmingLanguage: record.stack } : {}),
    ...(record.links.demo || record.links.docs ? { sameAs: [record.links.demo, record.links.docs].filter(Boolean) } : {}),
  };
}

/** The projects index: a CollectionPage whose main entity lists every project in page order. */
export function collectionPageFor(content: Listing, description: string) {
  const { site, projects } = content;
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: 'Projects',
    description,
    url: absoluteUrl(site, '/projects'),
    author: { '@type': 'Person', name: site.name, url: site.url },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: projects.length,
      itemListElement: projects.map((p, i) => ({ '@type': 'ListItem', position: i + 1, name: p.title, url: absoluteUrl(site, p.href) })),
    },
  };
}
