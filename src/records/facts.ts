// One table of a record's facts (FO-FACTS): each fact a project or a post states, in the order the
// surfaces state them, with its label in every interface language and how each surface reads its
// value. The project page's facts list, the Markdown twins' field lists, MCP's readable text and
// the check's surface parity (scripts/lib/surface-parity.ts) all iterate this table, so a new fact
// is one row here (and its front-matter field in schema.ts). What is not a fact (title, summary,
// body, cover, links) stays with the surfaces that show it.
//
// A fact's label is declared with the fact, in all six languages: a field is one concept, and adding it is one edit.
// strings.ts merges these labels into the interface tables under their keys, so `t('labelStack')`
// and an owner's `strings:` in site.md word them as before (FO-LANGUAGE). This module imports no
// runtime code that imports strings.ts (it would be a cycle): the words it needs from
// collections.ts (type names, months) come in a FactContext (collections.ts factContext).
import type { z } from 'zod';
import { escapeMarkdownText } from './escape.ts';
import { readingMinutes } from './posts.ts';
import type { Post, postFields, Project, ProjectType, projectFields, Site } from './schema.ts';
import type { InterfaceKey } from './strings/en.ts';

/** Folio's interface languages (FO-LANGUAGE): a label lacking one is refused by tsc. */
export const LANGS = ['en', 'de', 'fr', 'es', 'pt', 'sv'] as const;
export type Lang = (typeof LANGS)[number];
export type Labels = Readonly<Record<Lang, string>>;

/** What a fact's readers are handed: the site's words, and the collections.ts helpers they need. */
export interface FactContext {
  readonly site: Pick<Site, 'locale' | 'strings' | 'categories' | 'types'>;
  /** The site's interface sentences (strings.ts stringsFor): a value's words, "Archived", "4 min read". */
  readonly t: (key: InterfaceKey, params?: Readonly<Record<string, string | number>>) => string;
  /** "Talk": the type's word (collections.ts typeLabel). */
  readonly typeLabel: (type: ProjectType) => string;
  /** "Conférence (talk)": the type as a twin states it (collections.ts twinTypeValue). */
  readonly twinTypeValue: (type: ProjectType) => string;
  readonly categoryLabel: (category: string) => string;
  /** "March 2024" in the site's language (collections.ts formatMonth). */
  readonly month: (date: string) => string;
  /** The page's links for the type's and the category's listing (a page only). */
  readonly typeHref?: string;
  readonly categoryHref?: string;
}

/**
 * A fact as the page shows it: text, a link (`href`), a date (`datetime`), or a list of tags (each
 * a link to its tag page). `wide` facts take a row of their own; the tag list ends the facts list.
 */
export type PageFact =
  | { readonly text: string; readonly href?: string; readonly datetime?: string; readonly wide?: boolean }
  | { readonly tags: readonly string[] };

/**
 * How MCP's readable text (src/server/mcp/tools.ts) states a fact: a part of the record's first
 * line (`slug: quarry · library · …`), a word at that line's end when it holds (`archived`), or a
 * `name: value` line of its own (English: machine-facing text).
 */
export type McpFact<A> =
  | { readonly inline: (a: A) => string | undefined }
  | { readonly flag: string; readonly when: (a: A) => boolean }
  | { readonly line: string; readonly value?: (a: A) => string | undefined };

/** A record as the API answers it (src/server/portfolio/schemas.ts: its front matter as written, `updated` null when unset). */
type Answer<F> = Omit<F, 'updated' | 'links' | 'cover' | 'coverAlt' | 'coverPosition' | 'draft'> & { readonly updated: string | null };
/** A project as REST answers it and MCP's structuredContent holds it. */
export type ProjectAnswer = Answer<z.output<typeof projectFields>> & { readonly categoryLabel: string };
/** A post as REST answers it and MCP's structuredContent holds it. */
export type PostAnswer = Answer<z.output<typeof postFields>> & { readonly readingMinutes: number };

/** How one kind of record states a fact. A surface without a reader leaves the fact out; so does an undefined value. */
export interface FactReader<R, A> {
  /** The label's key for this record when it is not the fact's own (a talk's date is "Given"). */
  readonly key?: (record: R) => string;
  /** The owner's own words for this record's label, when site.md gives them (FO-TYPES: a lamp's date is "Designed"); they win over `key`. */
  readonly ownLabel?: (record: R, c: FactContext) => string | undefined;
  /** The value as the Markdown twin states it. */
  readonly twin?: (record: R, c: FactContext) => string | undefined;
  /** The value as the page shows it; without one, the twin's value as text. */
  readonly page?: (record: R, c: FactContext) => PageFact | undefined;
  /** The value as the API answer states it, in the twin's words: the check holds the twin to it (scripts/lib/surface-parity.ts). */
  readonly api?: (answer: A) => string | undefined;
  /** How MCP's readable text states it; a `line` without a value writes `api`'s, escaped. */
  readonly mcp?: McpFact<A>;
}

export interface Fact {
  /** The label's key: site.md `strings:` rewords it (FO-LANGUAGE). */
  readonly key: string;
  readonly label: Labels;
  /** Other labels of the same fact, by key, for the records a reader's `key` picks them for. */
  readonly variants?: Readonly<Record<string, Labels>>;
  readonly project?: FactReader<Project, ProjectAnswer>;
  readonly post?: FactReader<Post, PostAnswer>;
}

const joined = (list: readonly string[]) => list.join(', ') || undefined;
const finished = (type: ProjectType) => type === 'talk' || type === 'research';

/** Every fact, in the order the page, the twin and MCP state them. */
export const FACTS = [
  {
    key: 'labelType',
    label: { en: 'Type', de: 'Art', fr: 'Type', es: 'Tipo', pt: 'Tipo', sv: 'Typ' },
    project: {
      twin: (p, c) => c.twinTypeValue(p.type),
      page: (p, c) => ({ text: c.typeLabel(p.type), href: c.typeHref }),
      mcp: { inline: (p) => p.type },
    },
  },
  {
    key: 'labelCategory',
    label: { en: 'Category', de: 'Kategorie', fr: 'Catégorie', es: 'Categoría', pt: 'Categoria', sv: 'Kategori' },
    project: {
      twin: (p, c) => c.categoryLabel(p.category),
      page: (p, c) => ({ text: c.categoryLabel(p.category), href: c.categoryHref }),
      mcp: { inline: (p) => escapeMarkdownText(p.categoryLabel) },
    },
  },
  {
    // FO-WORK: a talk or research is finished, so only an archived one has a status.
    key: 'labelStatus',
    label: { en: 'Status', de: 'Zustand', fr: 'État', es: 'Estado', pt: 'Estado', sv: 'Läge' },
    project: {
      twin: (p, c) => (p.archived ? c.t('twinStatusArchived') : finished(p.type) ? undefined : c.t('twinStatusActive')),
      page: (p, c) => (p.archived ? { text: c.t('statusArchived') } : finished(p.type) ? undefined : { text: c.t('statusActive') }),
      mcp: { flag: 'archived', when: (p) => p.archived },
    },
  },
  {
    // A post's date; a project's is worded for its type (FO-WORK): a talk was "Given", research "Published".
    key: 'twinDate',
    label: { en: 'Date', de: 'Datum', fr: 'Date', es: 'Fecha', pt: 'Data', sv: 'Datum' },
    variants: {
      factStarted: { en: 'Started', de: 'Begonnen', fr: 'Début', es: 'Inicio', pt: 'Início', sv: 'Påbörjat' },
      factGiven: { en: 'Given', de: 'Gehalten', fr: 'Date', es: 'Impartida', pt: 'Apresentada', sv: 'Hållet' },
      factPublished: { en: 'Published', de: 'Veröffentlicht', fr: 'Publication', es: 'Publicado', pt: 'Publicado', sv: 'Publicerat' },
    },
    project: {
      key: (p) => (p.type === 'talk' ? 'factGiven' : p.type === 'research' ? 'factPublished' : 'factStarted'),
      // FO-TYPES: a type site.md declares may word its date ("Designed"); an owner type without one says "Started".
      ownLabel: (p, c) => c.site.types?.[p.type]?.date,
      twin: (p) => p.date,
      page: (p, c) => ({ text: c.month(p.date), datetime: p.date }),
      mcp: { inline: (p) => (p.updated ? `${p.date}, updated ${p.updated}` : p.date) },
    },
    post: {
      twin: (p) => p.date,
      mcp: { inline: (p) => (p.updated ? `${p.date}, updated ${p.updated}` : p.date) },
    },
  },
  {
    // MCP states the update with the date, above.
    key: 'labelUpdated',
    label: { en: 'Updated', de: 'Aktualisiert', fr: 'Mis à jour', es: 'Actualizado', pt: 'Atualizado', sv: 'Uppdaterad' },
    project: {
      twin: (p) => p.updated,
      page: (p, c) => (p.updated ? { text: c.month(p.updated), datetime: p.updated } : undefined),
    },
    post: { twin: (p) => p.updated },
  },
  {
    key: 'labelReadingTime',
    label: { en: 'Reading time', de: 'Lesezeit', fr: 'Temps de lecture', es: 'Tiempo de lectura', pt: 'Tempo de leitura', sv: 'Lästid' },
    project: { page: (p, c) => ({ text: c.t('minutes', { n: readingMinutes(p.body) }) }) },
    post: {
      twin: (p, c) => c.t('minRead', { n: p.readingMinutes }),
      mcp: { inline: (p) => `${p.readingMinutes} min read` },
    },
  },
  {
    key: 'labelTags',
    label: { en: 'Tags', de: 'Schlagwörter', fr: 'Étiquettes', es: 'Etiquetas', pt: 'Etiquetas', sv: 'Taggar' },
    project: {
      twin: (p) => joined(p.tags),
      page: (p) => (p.tags.length ? { tags: p.tags } : undefined),
      mcp: { line: 'tags', value: (p) => joined(p.tags) },
    },
    post: {
      twin: (p) => joined(p.tags),
      mcp: { line: 'tags', value: (p) => joined(p.tags) },
    },
  },
  {
    key: 'labelStack',
    label: { en: 'Stack', de: 'Technik', fr: 'Technologies', es: 'Tecnologías', pt: 'Tecnologias', sv: 'Teknik' },
    project: {
      twin: (p) => joined(p.stack),
      page: (p) => (p.stack.length ? { text: p.stack.join(', '), wide: true } : undefined),
      api: (p) => joined(p.stack),
      mcp: { line: 'stack', value: (p) => joined(p.stack.map(escapeMarkdownText)) },
    },
  },
] as const satisfies readonly Fact[];

/** The labels' keys: strings.ts adds them to its tables, so StringKey covers them. */
export type FactKey = (typeof FACTS)[number] extends infer F
  ? F extends { key: infer K; variants: infer V }
    ? K | keyof V
    : F extends { key: infer K }
      ? K
      : never
  : never;

/** Every fact label in one language, by key: strings.ts puts them in that language's table. */
export const factLabels = (lang: Lang) =>
  Object.fromEntries(
    (FACTS as readonly Fact[]).flatMap((f) => [[f.key, f.label[lang]], ...Object.entries(f.variants ?? {}).map(([k, l]) => [k, l[lang]])]),
  ) as Record<FactKey, string>;

type Kind = 'project' | 'post';
type RecordOf<K extends Kind> = K extends 'project' ? Project : Post;
type AnswerOf<K extends Kind> = K extends 'project' ? ProjectAnswer : PostAnswer;
const readers = <K extends Kind>(kind: K) =>
  (FACTS as readonly Fact[]).flatMap((f) => {
    const reader = f[kind] as FactReader<RecordOf<K>, AnswerOf<K>> | undefined;
    return reader ? [{ fact: f, reader }] : [];
  });

/** The fact's label as the site words it: its table's entry, or the owner's `strings:` (FO-LANGUAGE). */
const labelOf = (fact: Fact, reader: FactReader<never, never>, record: unknown, c: FactContext) =>
  reader.ownLabel?.(record as never, c) ?? (c.t as (key: string) => string)(reader.key?.(record as never) ?? fact.key);

/** A record's facts as its twin's field list states them: `[label, value]`, in order (fieldList leaves out an undefined value). */
export function twinFacts<K extends Kind>(kind: K, record: RecordOf<K>, c: FactContext): [string, string | undefined][] {
  return readers(kind).flatMap(({ fact, reader }) => (reader.twin ? [[labelOf(fact, reader, record, c), reader.twin(record, c)]] : []));
}

/** A record's facts as its page shows them, in order, the wide ones after the others and the tag list last. */
export function pageFacts<K extends Kind>(kind: K, record: RecordOf<K>, c: FactContext): { label: string; value: PageFact }[] {
  const rank = (value: PageFact) => ('tags' in value ? 2 : value.wide ? 1 : 0);
  return readers(kind)
    .flatMap(({ fact, reader }) => {
      const text = reader.twin?.(record, c);
      const value = reader.page ? reader.page(record, c) : text === undefined ? undefined : { text };
      return value ? [{ label: labelOf(fact, reader, record, c), value }] : [];
    })
    .sort((a, b) => rank(a.value) - rank(b.value));
}

/**
 * A record's facts as MCP's readable text states them: the parts of its first line (the flags
 * last) and its `name: value` lines, in order.
 */
export function mcpFacts<K extends Kind>(kind: K, answer: AnswerOf<K>): { inline: string[]; lines: string[] } {
  const inline: string[] = [];
  const flags: string[] = [];
  const lines: string[] = [];
  for (const { reader } of readers(kind)) {
    const mcp = reader.mcp;
    if (!mcp) continue;
    if ('inline' in mcp) {
      const value = mcp.inline(answer);
      if (value !== undefined) inline.push(value);
    } else if ('flag' in mcp) {
      if (mcp.when(answer)) flags.push(mcp.flag);
    } else {
      const value = mcp.value ? mcp.value(answer) : ((v) => v && escapeMarkdownText(v))(reader.api?.(answer));
      if (value) lines.push(`${mcp.line}: ${value}`);
    }
  }
  return { inline: [...inline, ...flags], lines };
}

/** The facts the check compares between a twin and the API answer by the table alone: the label's key and the API's value. */
export const apiFacts = <K extends Kind>(kind: K) =>
  readers(kind).flatMap(({ fact, reader }) => (reader.api ? [{ key: fact.key as FactKey, api: reader.api }] : []));
