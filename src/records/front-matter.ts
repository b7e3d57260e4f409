// Front matter: the YAML between a file's opening `---` line and the next `---` (or YAML's own
// `...`) line, and the Markdown after it. Read with js-yaml 4, the YAML parser Astro itself reads
// front matter with, so the loader and the build agree on one parser.
//
// Astro's parseFrontmatter (astro/markdown) loads with js-yaml's default schema, which turns an
// unquoted 2024-02-30 into a Date of March 1st; FO-CONTENT-ERRORS needs the date as the owner wrote
// it, so the YAML is read here with CORE_SCHEMA (YAML 1.2 core types, no implicit timestamps).
import { CORE_SCHEMA, load } from 'js-yaml';

export interface FrontMatter {
  /** The front matter's fields; empty when the file has none. */
  data: Record<string, unknown>;
  /** The Markdown after the front matter (the whole file when it has none). */
  body: string;
}

/** What a language after the opening `---` (`---js`) is called in the refusal: content is data, never code. */
const LANGUAGES: Record<string, string> = { js: 'JavaScript', javascript: 'JavaScript', coffee: 'CoffeeScript', json: 'JSON' };

/**
 * The front matter and body of a Markdown file's text. A YAML mistake throws js-yaml's YAMLException:
 * the YAML handed to js-yaml starts at the end of the opening `---` line, so its 0-based `mark.line`
 * is the file's 1-based line minus one (load.ts yamlProblem counts lines as the owner's editor does).
 */
export function parseFrontMatter(text: string): FrontMatter {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // `---` and the rest of its line; `----` opens nothing (a thematic break).
  const open = /^---(?!-)([^\r\n]*)/.exec(source);
  if (!open) return { data: {}, body: source };
  const language = open[1]!.trim();
  if (language && language !== 'yaml' && language !== 'yml')
    throw new Error(`it is marked as ${LANGUAGES[language.toLowerCase()] ?? language}; write plain YAML between --- lines`);
  const closer = /^(?:---|\.\.\.)[ \t]*\r?$/gm;
  closer.lastIndex = open[0].length;
  const close = closer.exec(source);
  const yaml = source.slice(open[0].length, close ? close.index : source.length);
  const body = close ? source.slice(close.index + close[0].length).replace(/^\r?\n/, '') : '';
  // A front matter of nothing but comments or blank lines is an empty one.
  const data = /\S/.test(yaml.replace(/^\s*#.*$/gm, '')) ? load(yaml, { schema: CORE_SCHEMA }) : undefined;
  // Anything but a mapping (a list, a scalar) is handed on as it is: the schema names what it expected.
  return { data: (data ?? {}) as Record<string, unknown>, body };
}
