// FO-ASK-STOP-WORDS: the words /ask leaves out when it ranks a question ("Welche Projekte hat Jonas
// zur Barrierefreiheit gemacht?" is ranked as "Projekte Jonas Barrierefreiheit gemacht"). Snowball's
// lists, one per language Folio speaks, from @orama/stopwords (Apache-2.0, the maintainers of the
// stemmers options.ts uses; a few KB a language): docs/decisions.md § Stop words.
import { stopwords as english } from '@orama/stopwords/english';
import { stopwords as french } from '@orama/stopwords/french';
import { stopwords as german } from '@orama/stopwords/german';
import { stopwords as portuguese } from '@orama/stopwords/portuguese';
import { stopwords as spanish } from '@orama/stopwords/spanish';
import { stopwords as swedish } from '@orama/stopwords/swedish';
import { normalize, tokenize } from './options.ts';

const LISTS: Readonly<Record<string, readonly string[]>> = { en: english, fr: french, de: german, es: spanish, pt: portuguese, sv: swedish };

/** Each language's list, folded as query words are (`normalize`: "für" is "fur"), made on first use. */
const sets = new Map<string, ReadonlySet<string>>();

/** The stop words of a locale's language (its language subtag: de-AT → de), or none for a language Folio has no list for. */
export function stopWordsOf(locale: string): ReadonlySet<string> | undefined {
  const language = locale.toLowerCase().split('-')[0]!;
  if (!Object.hasOwn(LISTS, language)) return undefined;
  let set = sets.get(language);
  if (!set) sets.set(language, (set = new Set(LISTS[language]!.map(normalize))));
  return set;
}

/**
 * A question's words without its language's stop words, to rank by; the question itself when every
 * word is one ("who are you" still finds what it finds) or the language has no list.
 */
export function withoutStopWords(text: string, locale: string): string {
  const stop = stopWordsOf(locale);
  if (!stop) return text;
  const kept = tokenize(text).filter((word) => word !== '' && !stop.has(normalize(word)));
  return kept.length === 0 ? text : kept.join(' ');
}
