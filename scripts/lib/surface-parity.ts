// One record, every surface: a project as its HTML page (JSON-LD and the related cards), its
// Markdown twin, the MCP resource of that twin, the REST record and MCP `get_project` state it,
// reduced to the facts each carries, so `npm run check` holds every surface to one answer. The
// REST record is the reference: the record with nothing left out. Links are compared on the twin
// (the page's JSON-LD names some of them, by type); the cover image on REST and MCP only (the
// page and the twin show sizes of their own). Beyond these, every fact of the facts table
// (src/records/facts.ts) with an API reader is compared between the twin and REST by the table alone.
import { apiFacts, type ProjectAnswer } from '../../src/records/facts.ts';
import { type StringKey, type Strings, TABLES } from '../../src/records/strings.ts';
import { projectLinkList, typeOfTwinValue } from '../../src/records/collections.ts';
import type { Site } from '../../src/records/schema.ts';
import { isDeepStrictEqual } from 'node:util';
import { decodeEntities } from './html-entities.ts';
import { escapeMarkdownText, normalizeUrl, unescapeAutolink, unescapeMarkdownText } from '../../src/records/escape.ts';

/** What a surface states about a project; a surface that does not state a fact leaves it out. */
export interface Facts {
  title?: string;
  summary?: string;
  type?: string;
  /** The category's label, as people read it. */
  category?: string;
  tags?: string[];
  date?: string;
  updated?: string | null;
  /** Every link as `label: url`, in the owner's order: each named kind (FO-WORK) and each `more` link. */
  links?: string[];
  /** The cover image's URL, or null without one. */
  image?: string | null;
  /** Related projects' slugs, best first. */
  related?: string[];
  /** The facts table's facts with an API reader (src/records/facts.ts), by label key: the value in the twin's words, or null. */
  fields?: Record<string, string | null>;
}

/** The table's facts the API answers, read from a REST or MCP record (a fact it lacks is null). */
const tableFacts = (r: ProjectRecordJson) => Object.fromEntries(apiFacts('project').map((f) => [f.key, f.api(r as unknown as ProjectAnswer) ?? null]));

/** The REST record (`GET /api/v1/projects/{slug}`) and MCP `get_project`'s structured content share one shape. */
export interface ProjectRecordJson {
  title: string;
  summary: string;
  type: string;
  categoryLabel: string;
  tags: string[];
  stack: string[];
  date: string;
  updated: string | null;
  links: Record<string, string | { label: string; url: string }[]>;
  image: { url: string } | null;
  related: { slug: string }[];
}

/**
 * A REST or MCP record's facts; its links worded as the site's twins word them (its locale and
 * `strings:`), each URL as a twin writes it: normalized, what a URL may not hold percent-encoded
 * (src/records/escape.ts, FO-MARKDOWN-SAFE).
 */
export const recordFacts = (r: ProjectRecordJson, site?: Pick<Site, 'locale' | 'strings'>): Facts => ({
  title: r.title,
  summary: r.summary,
  type: r.type,
  category: r.categoryLabel,
  tags: r.tags,
  date: r.date,
  updated: r.updated,
  links: projectLinkList({ links: r.links }, site ?? { locale: 'en' }).map((l) => `${l.label}: ${normalizeUrl(l.url)}`),
  image: r.image?.url ?? null,
  related: r.related.map((p) => p.slug),
  fields: tableFacts(r),
});

/** The labels a twin may write for an entry: the words its site uses, when known, or any of Folio's languages. */
export type TwinLabels = (key: StringKey) => string[];

/** A twin field's label in each of Folio's interface languages (src/records/strings/). */
const anyLanguage: TwinLabels = (key) => [...new Set(Object.values(TABLES).map((table) => table[key] as string))];

/** The one label a site's twins write for each entry: its locale's table with its `strings:` over it. */
export const siteLabels =
  (t: Strings): TwinLabels =>
  (key) => [t(key)];

/** A project's slug from a link to its page or twin, relative or absolute. */
const slugOf = (url: string) => /\/projects\/([^/?#]+?)(?:\.md)?(?:[?#].*)?$/.exec(url)?.[1];

/**
 * A project twin's facts (src/discovery/twin.ts): `# title`, the summary quoted, the `- Name: value`
 * list, and the `## Related projects` entries, each read back as the twin escapes it
 * (src/records/escape.ts, FO-MARKDOWN-SAFE). The cover is not compared here: the twin shows the
 * image the page shows, which has its own size.
 */
export function twinFacts(markdown: string, labelsOf: TwinLabels = anyLanguage): Facts {
  // The field list is the first block made only of `- Name: value` lines; a body's own list comes after it.
  // A name ends at its first `: ` (a link's label may hold a colon, as in `javascript:`).
  const block = markdown.split(/\n{2,}/).find((b) => /^(?:- [^\n]+?: [^\n]+(?:\n|$))+$/.test(b)) ?? '';
  // FO-TYPOGRAPHY: a French twin sets a narrow no-break space (U+202F) before the colon; the label is the text before it.
  const entries = [...block.matchAll(/^- (.+?)\u202F?: (.+)$/gm)].map((m) => [unescapeMarkdownText(m[1]!), unescapeMarkdownText(m[2]!)] as const);
  const found = new Map(entries);
  // FO-LANGUAGE: a twin's labels are in its site's language; the check reads any of Folio's.
  const fields = {
    get: (key: StringKey) =>
      labelsOf(key)
        .map((label) => found.get(label))
        .find((v) => v !== undefined),
  };
  const updatedLabels = labelsOf('labelUpdated');
  const pageLabels = labelsOf('twinWebPage');
  const date = entries.find(([name, value]) => !updatedLabels.includes(name) && /^\d{4}-\d{2}-\d{2}$/.test(value))?.[1];
  const relatedAt = Math.max(...labelsOf('twinRelatedProjects').map((h) => markdown.indexOf(`\n## ${escapeMarkdownText(h)}\n`)));
  // An entry's text is link text: escaped, `\]` included (markdown-text.ts entry).
  const related = relatedAt < 0 ? [] : [...markdown.slice(relatedAt).matchAll(/^- \[(?:\\.|[^\]\\])*\]\(([^)\s]+)\)/gm)].map((m) => slugOf(m[1]!)!);
  // Every link of the project is an autolinked entry (twin.ts), whatever its kind; the page's own address is not one of them.
  // A `more` label may hold a colon itself, so the entry is read from its end.
  // An autolink holds no space or `>`: the twin percent-encodes them (escape.ts normalizeUrl).
  const links = [...block.matchAll(/^- (.+): (<[^>\s]+>)$/gm)]
    .map((m) => [unescapeMarkdownText(m[1]!.replace(/\u202F$/, '')), unescapeAutolink(m[2]!)] as const)
    .filter(([label]) => !pageLabels.includes(label))
    .map(([label, url]) => `${label}: ${url}`);
  const line = (pattern: RegExp) => {
    const text = pattern.exec(markdown)?.[1];
    return text === undefined ? undefined : unescapeMarkdownText(text);
  };
  return {
    title: line(/^# (.+)$/m),
    summary: line(/^> (.+)$/m),
    // The twin words the type in its language with its id (collections.ts twinTypeValue); REST states the id.
    type: ((value) => value && typeOfTwinValue(value))(fields.get('labelType')),
    category: fields.get('labelCategory'),
    tags: fields.get('labelTags')?.split(', ') ?? [],
    date,
    updated: fields.get('labelUpdated') ?? null,
    links,
    related,
    fields: Object.fromEntries(apiFacts('project').map((f) => [f.key, fields.get(f.key) ?? null])),
  };
}

/**
 * A project page's facts: its JSON-LD object (schema.org SoftwareSourceCode or CreativeWork, whose
 * `url` is the page's) and the project cards of its related section, in order.
 */
export function pageFacts(html: string, pageUrl: string): Facts {
  const objects = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const ld = objects.find((o) => o.url === pageUrl) as
    | { name: string; description: string; genre: string; keywords: string; dateCreated: string; dateModified?: string }
    | undefined;
  const section = /<section class="section related"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const related = [...section.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => slugOf(decodeEntities(m[1]!))).filter((slug): slug is string => Boolean(slug));
  const facts: Facts = { related: [...new Set(related)] };
  if (!ld) return facts;
  return {
    ...facts,
    title: ld.name,
    summary: ld.description,
    category: ld.genre,
    tags: ld.keywords ? ld.keywords.split(', ') : [],
    date: ld.dateCreated,
    updated: ld.dateModified ?? null,
  };
}

/** The facts a post states on every surface (FO-POSTS): no type, category, links or related posts. */
const POST_FACTS = ['title', 'summary', 'date', 'updated', 'tags'] as const;
const postOnly = (facts: Facts): Facts => Object.fromEntries(POST_FACTS.filter((key) => key in facts).map((key) => [key, facts[key]]));

/** The REST post (`GET /api/v1/posts/{slug}`) and MCP `get_post`'s structured content share one shape. */
export interface PostRecordJson {
  title: string;
  summary: string;
  date: string;
  updated: string | null;
  tags: string[];
}

export const postRecordFacts = (r: PostRecordJson): Facts => ({ title: r.title, summary: r.summary, date: r.date, updated: r.updated, tags: r.tags });

/** A post twin's facts: read as a project twin's are, then only what a post has. */
export const postTwinFacts = (markdown: string, labelsOf: TwinLabels = anyLanguage): Facts => postOnly(twinFacts(markdown, labelsOf));

/**
 * A post page's facts, from its BlogPosting (schema.org): `dateModified` is the publication date
 * when the post was never updated, as schema.org advises, so it names an update only when it differs.
 */
export function postPageFacts(html: string, pageUrl: string): Facts {
  const objects = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const ld = objects.find((o) => o['@type'] === 'BlogPosting' && o.url === pageUrl) as
    | { headline: string; description: string; keywords: string; datePublished: string; dateModified?: string }
    | undefined;
  if (!ld) return { title: undefined };
  return {
    title: ld.headline,
    summary: ld.description,
    tags: ld.keywords ? ld.keywords.split(', ') : [],
    date: ld.datePublished,
    updated: ld.dateModified && ld.dateModified !== ld.datePublished ? ld.dateModified : null,
  };
}

/** Where `surface` disagrees with the reference: one line per fact it states differently. */
export function disagreements(reference: Facts, surface: Facts, name: string): string[] {
  const out: string[] = [];
  for (const key of Object.keys(surface) as (keyof Facts)[]) {
    if (key === 'fields') {
      // The table's facts one by one, each named by its label's key.
      for (const [fact, theirs] of Object.entries(surface.fields ?? {})) {
        const ours = reference.fields?.[fact] ?? null;
        if (theirs !== ours) out.push(`${name} says ${fact} ${JSON.stringify(theirs)}, the REST record ${JSON.stringify(ours)}`);
      }
      continue;
    }
    let theirs = surface[key];
    let ours = reference[key];
    // The twin quotes the summary on one line (a Markdown block quote).
    if (key === 'summary' && typeof theirs === 'string' && typeof ours === 'string') [theirs, ours] = [oneLine(theirs), oneLine(ours)];
    if (!isDeepStrictEqual(theirs, ours)) out.push(`${name} says ${key} ${JSON.stringify(theirs)}, the REST record ${JSON.stringify(ours)}`);
  }
  return out;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
