// The interface language (FO-LANGUAGE): every word Folio itself puts on a page or in a twin. Its
// sentences are one table per locale, one file each (src/records/strings/en.ts, de.ts, fr.ts, es.ts,
// pt.ts, sv.ts); the labels of a record's facts are declared with their facts, in every language, in
// src/records/facts.ts, and join each table here under their keys.
// English is the source of truth: every other table must have every key (the `InterfaceTable` and
// `Labels` types make tsc refuse a missing one, and missingKeys names it). site.md `locale` picks the
// table (a region falls back to its language: de-AT reads German), `strings:` overrides any entry,
// facts' labels included, and an unknown language reads English, with a build warning naming it
// (unknownLocaleWarning). Machine-facing text (llms.txt section names, openapi.json, API errors,
// AGENTS.md) stays English: docs/decisions.md § Interface language.
import type { Site } from './schema.ts';
import { elide, typeset } from './typography.ts';
import { de } from './strings/de.ts';
import { en as sentences, type InterfaceKey, type InterfaceTable, type Plural } from './strings/en.ts';
import { es } from './strings/es.ts';
import { type FactKey, factLabels, type Lang } from './facts.ts';
import { fr } from './strings/fr.ts';
import { pt } from './strings/pt.ts';
import { sv } from './strings/sv.ts';

export type { Plural };
/** Every entry's key: an interface sentence's or a fact's label (facts.ts). */
export type StringKey = InterfaceKey | FactKey;
/** A complete table: a language's sentences and its fact labels. */
export type Table = InterfaceTable & Readonly<Record<FactKey, string>>;

const withFacts = (lang: Lang, table: InterfaceTable): Table => ({ ...table, ...factLabels(lang) });
const en = withFacts('en', sentences);

/** The interface languages Folio ships, by language subtag (README § Make it yours). */
export const TABLES: Readonly<Record<string, Table>> = {
  en,
  de: withFacts('de', de),
  fr: withFacts('fr', fr),
  es: withFacts('es', es),
  pt: withFacts('pt', pt),
  sv: withFacts('sv', sv),
};
export const LOCALES = Object.keys(TABLES);
export const ENGLISH: Table = en;
/** Keys whose entry counts (a Plural): `strings:` may give them `{ one, other }` or one text. */
export const PLURAL_KEYS = new Set((Object.keys(en) as StringKey[]).filter((k) => typeof en[k] !== 'string'));
export const STRING_KEYS = Object.keys(en) as StringKey[];

/** The keys of the English table a table lacks, by name (FO-LANGUAGE): tsc refuses them too, this says which in a test. */
export const missingKeys = (table: object): StringKey[] => STRING_KEYS.filter((key) => !Object.hasOwn(table, key));

/**
 * Keys that were two entries for one concept, a page's fact and its twin's field label, and are
 * one now (FO-LANGUAGE): site.md `strings:` naming an old one is refused with the new name.
 */
export const RENAMED_KEYS: Readonly<Record<string, StringKey>> = {
  factType: 'labelType',
  twinType: 'labelType',
  factCategory: 'labelCategory',
  twinCategory: 'labelCategory',
  factStatus: 'labelStatus',
  twinStatus: 'labelStatus',
  factUpdated: 'labelUpdated',
  twinUpdated: 'labelUpdated',
  updated: 'labelUpdated',
  factReadingTime: 'labelReadingTime',
  twinReadingTime: 'labelReadingTime',
  factStack: 'labelStack',
  twinStack: 'labelStack',
  factTags: 'labelTags',
  twinTags: 'labelTags',
};

/** The table a language tag picks: its language subtag (de-AT → de), or undefined when Folio has none. */
export const tableFor = (locale: string): Table | undefined => TABLES[locale.toLowerCase().split('-')[0]!];

/** The build's warning for a locale Folio has no table for (FO-LANGUAGE); undefined for a known one. */
export const unknownLocaleWarning = (locale: string) =>
  tableFor(locale)
    ? undefined
    : `content/site.md: locale "${locale}" has no interface language; pages use English. Folio has ${LOCALES.join(', ')}; set strings: in site.md to word any entry yourself.`;

/**
 * An entry as the site words it, `{marks}` unfilled (its `strings:` override, else its table's): for
 * a script that fills it in the browser (public/search.js), which picks a counted entry's form itself.
 */
export function entryFor(site: Pick<Site, 'locale'> & { readonly strings?: Readonly<Record<string, string | Plural>> }, key: StringKey): string | Plural {
  const entry = site.strings?.[key] ?? (tableFor(site.locale) ?? en)[key];
  // FO-TYPOGRAPHY: set as the language sets it, as t() does; the marks are untouched.
  const set = (text: string) => typeset(site.locale, text);
  return typeof entry === 'string' ? set(entry) : { one: set(entry.one), other: set(entry.other) };
}

/** A label as a word inside a sentence ("library", "page"); German keeps its nouns' capital (FO-LANGUAGE). */
export const inSentence = (t: Pick<Strings, 'locale'>, label: string) => (t.locale.toLowerCase().startsWith('de') ? label : label.toLocaleLowerCase(t.locale));

type Params = Readonly<Record<string, string | number>>;

/** A language's name in a locale's words (FO-I18N): `languageName('fr', 'en')` is "French". */
export const languageName = (lang: string, locale: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(lang) ?? lang;

/** The words of one site: its locale's table with its `strings:` over it. */
export interface Strings {
  (key: StringKey, params?: Params): string;
  readonly locale: string;
}

const memo = new WeakMap<object, Strings>();

/**
 * The site's interface words: `t('featuredWork')`, `t('allProjects', { n: 3 })`. `{name}` marks are
 * filled by a function (never a replacement pattern, so `$&` in content stays itself); a number is
 * written the locale's way; a counted entry picks its form by Intl.PluralRules (`n`). The text is
 * plain: Astro and the twins' Markdown escaping do the rest.
 *
 * FO-TYPOGRAPHY: the entry is typeset as its language sets it (typography.ts: French spaces `:` and
 * « ») before its marks are filled, so a filled value, the owner's text, stays as written. A mark
 * may name the word that joins it, `{de name}`: typography.ts `elide` joins them ("d’Élodie").
 */
export function stringsFor(site: Pick<Site, 'locale'> & { readonly strings?: Readonly<Record<string, string | Plural>> }): Strings {
  const known = memo.get(site);
  if (known) return known;
  const table = tableFor(site.locale) ?? en;
  // The plural rules and numbers of the table's language when the locale is unknown: English words read with English rules.
  const locale = tableFor(site.locale) ? site.locale : 'en';
  const rules = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const overrides = site.strings ?? {};
  // Each entry typeset once: a page asks for the same few dozen entries again and again.
  const typesetEntries = new Map<string, string>();
  // And each count's plural category found once (Intl.PluralRules is slow to ask; a type's label asks with n = 1 on every card).
  const categories = new Map<number, Intl.LDMLPluralRule>();
  const category = (n: number) => {
    // Kept for the small counts pages say; any other number is asked each time, so the map stays small.
    if (!Number.isInteger(n) || n < 0 || n >= 1000) return rules.select(n);
    let known = categories.get(n);
    if (known === undefined) categories.set(n, (known = rules.select(n)));
    return known;
  };
  const t = ((key: StringKey, params: Params = {}) => {
    const entry: string | Plural = overrides[key] ?? table[key];
    const text = typeof entry === 'string' ? entry : typeof params.n === 'number' && category(params.n) === 'one' ? entry.one : entry.other;
    let set = typesetEntries.get(text);
    if (set === undefined) typesetEntries.set(text, (set = typeset(locale, text)));
    // No mark to fill.
    if (!set.includes('{')) return set;
    return set.replace(/\{(?:(\p{L}+) )?(\w+)\}/gu, (mark, word: string | undefined, name: string) => {
      const value = params[name];
      const filled = value === undefined ? undefined : typeof value === 'number' ? numbers.format(value) : value;
      if (filled === undefined) return mark;
      return word ? elide(locale, word, filled) : filled;
    });
  }) as Strings;
  Object.defineProperty(t, 'locale', { value: locale });
  memo.set(site, t);
  return t;
}
