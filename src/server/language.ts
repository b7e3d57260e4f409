// FO-I18N: the language an agent asks in. REST routes, /ask and the MCP tools take an optional
// `lang`, one of the site's language tags; the answer is that language's data (its records, its
// index, its URLs), a record not translated falling back to the main language's text, marked.
import { z } from 'zod';
import type { Site } from '../records/schema.ts';
import type { SiteData, SiteRecord } from '../search/data-file.ts';
import { ApiError, type ErrorCode } from './errors.ts';

/** Longer than any language tag a site may have (BCP 47 tags Folio serves are a few letters): what an error message echoes of one. */
const MAX_LANG_CHARS = 35;

/** The `lang` parameter, declared once: every route and tool that takes it uses this. */
// No length rule here: any text is compared with the site's few tags (dataIn), so every unknown
// one, however long, gets the hint that names them; the message echoes at most MAX_LANG_CHARS of it.
export const langParam = z
  .string({ error: 'lang must be text: a language tag of the site' })
  .optional()
  // Short: /developers repeats it on every operation, and the whole page must stay under what agents read whole (afdocs page-size-html, 50,000 characters).
  .describe('A language tag of the site (AGENTS.md names them); the main language when left out. Untranslated records come in the main language.');

/** The `lang` of validated input (a route's query or body, a tool's arguments), if it has one. */
export const langOf = (input: unknown): string | undefined =>
  typeof input === 'object' && input !== null && typeof (input as { lang?: unknown }).lang === 'string' ? (input as { lang: string }).lang : undefined;

/** What an answer's record says of its language (recordLang). */
export const langField = z.string().optional().describe("The language of the record's text, on a site in several languages.");

/** The site's language tags, the main one first. */
export const languageTags = (data: SiteData): string[] => data.site.languages.map((l) => l.lang);

/**
 * The data to answer `lang` from: the main language's without it (or named by its tag), else the
 * translation's. Tags compare without case (BCP 47 § 2.1.1). An unknown tag is the code the route
 * gives `lang` (its `invalid` map: `invalid_filter` on the portfolio's routes and tools, where
 * `lang` is a filter; `unknown_language` on /ask and its tool), its hint naming the site's languages.
 */
export function dataIn(data: SiteData, lang: string | undefined, code: ErrorCode = 'unknown_language'): SiteData {
  if (lang === undefined) return data;
  const tags = languageTags(data);
  const tag = tags.find((t) => t.toLowerCase() === lang.toLowerCase());
  if (tag === tags[0]) return data;
  const translated = tag === undefined ? undefined : data.translation?.(tag);
  if (translated) return translated;
  throw new ApiError(code, {
    message: `lang: the site has no language "${lang.slice(0, MAX_LANG_CHARS)}".`,
    hint: `Use ${tags.length > 1 ? `one of ${tags.join(', ')}` : tags[0]} (the first is the main language), or leave lang out.`,
  });
}

/**
 * The language of a record's text, on a site in several languages (FO-I18N): the record's own
 * `lang` when it is not translated, else its data's. A one-language site's answers carry no `lang`,
 * so they are exactly as before.
 */
export const recordLang = (site: Site, record: Pick<SiteRecord, 'lang'>): { lang?: string } =>
  site.languages.length > 1 ? { lang: record.lang ?? site.locale } : {};

/**
 * FO-SEARCH-FALLBACK in a sentence, for the descriptions of the routes and tools that search
 * (openapi.json, /developers, tools/list). Short: /developers repeats it on three operations.
 */
export const FALLBACK_RULE =
  "Finding nothing in the language asked (the main one without lang), it answers from the site's other languages, each hit with its lang.";

/**
 * FO-SEARCH-FALLBACK: the data a search answers from. The language asked (the main one when none
 * is), when `finds` finds anything in it; else the first of the site's other languages, main first,
 * in which it does, so an agent that asks in English finds a German site's English records without
 * knowing to send `lang`. The answer is that language's, its records carrying `lang` and their own
 * URLs. Nothing found anywhere: the language asked (an empty answer in it).
 */
export function dataFinding(data: SiteData, lang: string | undefined, finds: (data: SiteData) => boolean, code?: ErrorCode): SiteData {
  const asked = dataIn(data, lang, code);
  // One language: nothing else to try, and no search before the handler's.
  if (data.site.languages.length < 2 || finds(asked)) return asked;
  for (const tag of languageTags(data)) {
    const other = dataIn(data, tag);
    if (other !== asked && finds(other)) return other;
  }
  return asked;
}
