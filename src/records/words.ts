// Counts in words: "1 project", "3 projects". English plural rules (CLDR, through Intl.PluralRules),
// so a one-project site never reads "All 1 projects".
const rules = new Intl.PluralRules('en');

/** `n` with the noun in the form its number takes: countOf(1, 'project', 'projects') → "1 project". */
export const countOf = (n: number, one: string, other: string) => `${n} ${rules.select(n) === 'one' ? one : other}`;

/** "All 3 projects", but "The project" when there is one: "All" of one is no choice. */
export const allOf = (n: number, one: string, other: string) => (rules.select(n) === 'one' ? `The ${one}` : `All ${countOf(n, one, other)}`);
