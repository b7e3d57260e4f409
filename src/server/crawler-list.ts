// The crawler-user-agents list as agent-family.ts reads it (FO-AGENT-LOG): one index per entry, the AI
// agents first (a UA that names both an AI agent and a generic library, `… python-requests`, is the
// agent), each with the text every match of its pattern contains. The npm package is the one source:
// run from source, the rows are made on first ask; the function bundle (function-bundle.ts) holds
// this module as `bundledModule()` writes it, the rows made at build time, so a cold start neither
// evaluates the package's 532 KB nor reads 1,500 patterns.
import list from 'crawler-user-agents';

/**
 * The list as columns, one index per entry, the AI agents (tagged `ai-crawler`) first and each group
 * in the list's order: its pattern, the text every match of it contains ('' when none is certain), and
 * `ai[i] === '1'` for an AI agent. Columns, not rows: the bundle's copy is two strings split once, and `ai`.
 */
export interface CrawlerRows {
  readonly patterns: readonly string[];
  readonly needs: readonly string[];
  readonly ai: string;
}

/** The list's entries; its type declaration (index.d.mts) omits `tags`, which its JSON has on every entry. */
const crawlers = list as { pattern: string; tags?: string[] }[];

let rows: CrawlerRows | undefined;

export const crawlerRows = (): CrawlerRows => (rows ??= rowsOf(crawlers));

export function rowsOf(entries: readonly { pattern: string; tags?: string[] }[]): CrawlerRows {
  const isAi = (c: { tags?: string[] }) => c.tags?.includes('ai-crawler') === true;
  const ordered = [...entries.filter(isAi), ...entries.filter((c) => !isAi(c))];
  return {
    patterns: ordered.map((c) => c.pattern),
    needs: ordered.map((c) => requiredText(c.pattern) ?? ''),
    ai: ordered.map((c) => (isAi(c) ? '1' : '0')).join(''),
  };
}

/**
 * This module as the function bundle holds it: the same `crawlerRows`, its columns made now from the
 * package, each one string split on the first call (a split of ~50 KB costs a tenth of a JSON.parse).
 */
export function bundledModule(): string {
  const { patterns, needs, ai } = crawlerRows();
  // A pattern or text holding the separator would shift every column after it: refuse to build.
  if ([...patterns, ...needs].some((text) => text.includes('\0'))) throw new Error('crawler-user-agents: a pattern holds U+0000');
  const column = (values: readonly string[]) => JSON.stringify(values.join('\0'));
  return [
    'let rows;',
    `export const crawlerRows = () => (rows ??= { patterns: ${column(patterns)}.split('\\0'), needs: ${column(needs)}.split('\\0'), ai: ${JSON.stringify(ai)} });`,
    '',
  ].join('\n');
}

const QUANTIFIER = /^\{(\d+)(?:,\d*)?\}/;

/**
 * The longest run of text that every match of `pattern` (a JavaScript regular expression, no flags)
 * contains, or undefined when none is certain. It reads the pattern conservatively: a run is plain
 * characters and escaped punctuation outside any group, class or alternation; a character a
 * quantifier may drop (`?`, `*`, `{0,…}`) leaves the run; a top-level `|` or an escape it does not
 * know (`\x41`, `\1`, `\p{…}`) means no run at all. A user agent without the run cannot match, so its
 * expression need not run, nor be compiled.
 */
export function requiredText(pattern: string): string | undefined {
  let best = '';
  let run = '';
  let depth = 0;
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    let literal: string | undefined;
    if (c === '\\') {
      const escaped = pattern[++i];
      if (escaped === undefined) return undefined;
      if (!/[\w\s]/.test(escaped)) literal = escaped;
      else if (!'dDwWsSbB'.includes(escaped) && depth === 0) return undefined;
    } else if (c === '[') {
      // A class: one character of several. Skip to its end (`]` first in it, or escaped, is its own).
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      if (i >= pattern.length) return undefined;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|') {
      if (depth === 0) return undefined;
    } else if (c === '?' || c === '*') {
      run = run.slice(0, -1);
    } else if (c === '+') {
      // The character before stays required, once.
    } else if (c === '{' && QUANTIFIER.test(pattern.slice(i))) {
      const [whole, min] = QUANTIFIER.exec(pattern.slice(i))!;
      if (Number(min) === 0) run = run.slice(0, -1);
      i += whole.length - 1;
    } else if (c !== '.' && c !== '^' && c !== '$') literal = c;
    if (literal !== undefined && depth === 0) run += literal;
    else end();
  }
  end();
  return best || undefined;
}
