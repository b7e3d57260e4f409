// schema.org JSON-LD for every record, built from the records alone. Pages embed it in
// <script type="application/ld+json">; /ask results carry it as `schema_object` (NLWeb).
import type { Listed, Listing } from './collections.ts';
import type { Page, Post, Project, Resume, Site } from './schema.ts';
import { absoluteUrl, localPath } from './urls.ts';
import { type ContentImage, servedImage } from '../images/images.ts';

/** schema.org ImageObject of a content image: its published file, size and alt text (the function's /ask names it too, hence servedImage). */
const imageObject = (site: Site, image: ContentImage) => {
  const file = servedImage(image).agent;
  return { '@type': 'ImageObject', url: absoluteUrl(site, file.path), width: file.width, height: file.height, caption: image.alt };
};

/** A résumé as JSON-LD reads it: its lists, not its body. */
type ResumeFacts = Pick<Resume, 'work' | 'education' | 'skills' | 'languages'>;

/**
 * The owner as a schema.org Person: the home page's and /resume's JSON-LD. With a résumé
 * (FO-RESUME) it says what they do now (hasOccupation, worksFor: the positions with no end date),
 * where they studied (alumniOf), what they know (knowsAbout: each skill and its keywords) and
 * their languages (knowsLanguage).
 */
export function personFor(site: Site, resume?: ResumeFacts) {
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
    ...(resume ? resumeFacts(resume) : {}),
  };
}

function resumeFacts({ work, education, skills, languages }: ResumeFacts) {
  const current = work.filter((w) => !w.endDate);
  const organization = (type: string, name: string, url?: string) => ({ '@type': type, name, ...(url ? { url } : {}) });
  const knows = [...new Set(skills.flatMap((s) => [s.name, ...s.keywords]))];
  return {
    ...(current.length
      ? {
          hasOccupation: current.map((w) => ({
            '@type': 'Occupation',
            name: w.position,
            ...(w.summary ? { description: w.summary } : {}),
            ...(w.location ? { occupationLocation: { '@type': 'Place', name: w.location } } : {}),
          })),
          worksFor: current.map((w) => organization('Organization', w.name, w.url)),
        }
      : {}),
    ...(education.length ? { alumniOf: education.map((e) => organization('EducationalOrganization', e.institution, e.url)) } : {}),
    ...(knows.length ? { knowsAbout: knows } : {}),
    ...(languages.length ? { knowsLanguage: languages.map((l) => ({ '@type': 'Language', name: l.language })) } : {}),
  };
}

/** Any record as /ask results and pages carry it; none reads a body. */
export type SchemaRecord = Listed<Project | Page | Post> | Omit<Resume, 'body' | 'images'>;

export function schemaObjectFor(record: SchemaRecord, site: Site) {
  const author = { '@type': 'Person', name: site.name, url: site.url };
  if (record.kind === 'resume') return { ...personFor(site, record), mainEntityOfPage: absoluteUrl(site, record.href) };
  if (record.kind === 'post') {
    // FO-POSTS: a post is a BlogPosting by the owner; its date is when it was published.
    const url = absoluteUrl(site, record.href);
    const { '@context': _context, ...owner } = personFor(site);
    return {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: record.title,
      description: record.summary,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      datePublished: record.date,
      dateModified: record.updated ?? record.date,
      keywords: record.tags.join(', '),
      author: owner,
      publisher: { '@type': 'Person', name: site.name, url: site.url },
      ...(record.cover ? { image: imageObject(site, record.cover) } : {}),
    };
  }
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

/**
 * A page that describes no record of its own (a tag, a filter, an index, the developer pages): a
 * WebPage of the site, so that every page an agent samples carries structured data.
 */
export function webPageFor(site: Site, path: string, name: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name,
    description,
    url: absoluteUrl(site, path),
    inLanguage: site.locale,
    isPartOf: { '@type': 'WebSite', name: site.name, url: absoluteUrl(site, localPath(site, '/')) },
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
    url: absoluteUrl(site, localPath(site, '/projects')),
    author: { '@type': 'Person', name: site.name, url: site.url },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: projects.length,
      itemListElement: projects.map((p, i) => ({ '@type': 'ListItem', position: i + 1, name: p.title, url: absoluteUrl(site, p.href) })),
    },
  };
}
