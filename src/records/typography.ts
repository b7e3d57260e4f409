// Typography per language (FO-TYPOGRAPHY): the one place the rules of each of Folio's interface
// languages live. `typeset` spaces the punctuation of text shown on pages and of the interface
// strings (src/records/strings.ts); `elide` is what a string calls to join a word to a name
// ("de Camille", "d’Élodie"). The owner's text is typeset where a page shows it, never in the
// records: REST, MCP and the twins keep it as written (docs/decisions.md § Typography).
//
// Every rule is a pattern over the text with a function replacer: a record's text is never read as
// a replacement pattern (`$&` in a title stays `$&`).

/** U+202F NARROW NO-BREAK SPACE: French puts it before `; : ! ?`, after « and before » (Imprimerie nationale; Unicode's recommendation for French). */
export const NNBSP = '\u202F';

type Rules = (text: string) => string;

// French high punctuation: a run of `;:!?` that ends a word, i.e. is followed by a space, the end,
// a closing quote or a full stop or comma. "12:30", "https://" and ":)" are left as they are.
// Whatever space precedes the run becomes one narrow no-break space, and one is added when there
// is none, so no line can start with the punctuation.
const FRENCH_HIGH = /[ \u00A0\u202F\t]*([;:!?]+)(?=[\s»”’.,]|$)/g;
const FRENCH_OPEN_QUOTE = /«[ \u00A0\u202F\t]*/g;
const FRENCH_CLOSE_QUOTE = /[ \u00A0\u202F\t]*»/g;

const french: Rules = (text) =>
  text
    .replace(FRENCH_HIGH, (whole: string, marks: string, at: number) => (at === 0 && whole === marks ? marks : `${NNBSP}${marks}`))
    .replace(FRENCH_OPEN_QUOTE, () => `«${NNBSP}`)
    .replace(FRENCH_CLOSE_QUOTE, () => `${NNBSP}»`);

// English, German, Spanish, Portuguese and Swedish set this punctuation against the word before it:
// nothing to change (German „…“ and Spanish ¿…? are written by the owner and the tables as they are).
const asWritten: Rules = (text) => text;

const RULES: Readonly<Record<string, Rules>> = { fr: french, en: asWritten, de: asWritten, es: asWritten, pt: asWritten, sv: asWritten };

const languageOf = (locale: string) => locale.toLowerCase().split('-')[0]!;

/** Text as the language sets it (FO-TYPOGRAPHY): French spaces its high punctuation and guillemets; the others are unchanged. */
export const typeset = (locale: string, text: string): string => (RULES[languageOf(locale)] ?? asWritten)(text);

/** Whether the language changes any text (FO-TYPOGRAPHY): French does; the others set text as written, so a render need not know which of them asked. */
export const typesets = (locale: string): boolean => (RULES[languageOf(locale)] ?? asWritten) !== asWritten;

/** `:` as a label ends in the language: "Page web : …" in French, "Web page: …" in English. */
export const colon = (locale: string): string => typeset(locale, 'a: ').slice(1, -1);

// French elides "de" before a vowel or a mute h: "d’Élodie", "d’Hugo", but "de Camille". Whether
// an h is mute depends on the word; names with an aspirated h are rare, and an owner who has one
// words the entry in site.md `strings:`.
const FRENCH_ELIDES = /^[aeiouyhàâäéèêëîïôöùûüÿæœ]/i;

/**
 * The word `word` joined to a name as the language does: French `de` → `d’` before a vowel or a mute
 * h (with the typographic apostrophe the French table uses); any other word or language as written.
 * The interface strings call it through their `{de name}` mark (src/records/strings.ts).
 */
export function elide(locale: string, word: string, name: string): string {
  if (languageOf(locale) === 'fr' && (word === 'de' || word === 'que') && FRENCH_ELIDES.test(name.trim().normalize('NFC'))) {
    return `${word.slice(0, -1)}’${name}`;
  }
  return `${word} ${name}`;
}
