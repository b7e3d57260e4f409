// The MCP tools as the agent documents name them (AGENTS.md, SKILL.md, /developers): each tool the
// site serves, what it does and the REST endpoint it answers as, from the tool table
// (src/server/mcp/tools.ts) and the route table, so a tool is named where it is served and nowhere else.
import { escapeCodeSpan } from '../records/escape.ts';
import type { Site } from '../records/schema.ts';
import { ROUTES } from '../server/routes.ts';
import { isSized, type ServedRecords, toolsFor } from '../server/mcp/tools.ts';

export interface ToolDoc {
  name: string;
  /** A clause after the name: "reads one project by slug". */
  does: string;
  /** The REST endpoint it answers as: `GET /api/v1/projects/{slug}`. */
  rest: string;
  /** Takes `detail` and `fields` (FO-MCP-SIZE). */
  sized: boolean;
  /** Takes `lang` (FO-I18N). */
  languages: boolean;
  /** Searches the site's other languages when the one asked finds nothing (FO-SEARCH-FALLBACK). */
  fallback: boolean;
}

export function mcpToolDocs(served: ServedRecords): ToolDoc[] {
  return toolsFor(served).map((tool) => {
    const route = ROUTES.find((r) => r.operationId === tool.operation);
    if (!route) throw new Error(`MCP tool ${tool.name}: no route has the operationId ${tool.operation}`);
    return {
      name: tool.name,
      does: tool.does,
      rest: `${route.method} ${route.path}`,
      sized: isSized(tool),
      languages: 'lang' in tool.input.shape,
      fallback: tool.finds !== undefined,
    };
  });
}

/** One tool in a sentence, as inline Markdown: "`get_project` reads one project by slug (as `GET /api/v1/projects/{slug}`)". */
export const toolSentence = (tool: ToolDoc) => `\`${tool.name}\` ${tool.does} (as \`${tool.rest}\`)`;

/** "`a`", "`a` and `b`", "`a`, `b` and `c`": each a code span it cannot end (a language tag is the site's configuration). */
export function codeList(names: readonly string[]): string {
  const coded = names.map(escapeCodeSpan);
  return coded.length < 2 ? (coded[0] ?? '') : `${coded.slice(0, -1).join(', ')} and ${coded.at(-1)}`;
}

/** The sentence on the size controls: which tools take `detail` and `fields`. */
export function sizingSentence(tools: readonly ToolDoc[]): string {
  const sized = tools.filter((t) => t.sized).map((t) => t.name);
  return sized.length ? `${codeList(sized)} take \`detail: "summary"\` or \`fields: [...]\` for smaller answers.` : '';
}

/** Whether a schema is an object whose fields include `lang` (language.ts langParam). */
const takesLang = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && 'shape' in schema && Object.hasOwn((schema as { shape: object }).shape, 'lang');

/** The routes that take `lang` (FO-I18N), from the route table: `GET /api/v1/search`, … (aliases left out). */
export const languageRoutes = (): string[] => ROUTES.filter((r) => !r.aliasOf && (takesLang(r.query) || takesLang(r.body))).map((r) => `${r.method} ${r.path}`);

/** The routes that search the other languages when the one asked finds nothing (FO-SEARCH-FALLBACK), from the route table. */
export const fallbackRoutes = (): string[] => ROUTES.filter((r) => !r.aliasOf && r.finds).map((r) => `${r.method} ${r.path}`);

/**
 * FO-I18N: on a site in several languages, the sentence that says how to ask in one (`lang`), naming
 * the routes and tools that take it, from their tables; '' on a one-language site, whose documents are as before.
 * It starts with a space, to follow another sentence.
 */
export function languageSentence(site: Pick<Site, 'languages'>, tools: readonly ToolDoc[]): string {
  if (site.languages.length < 2) return '';
  const [main, ...others] = site.languages.map((l) => l.lang);
  const example = others[0]!;
  const named = tools.filter((t) => t.languages).map((t) => t.name);
  return (
    ` The site is in ${codeList([main!, ...others])} (${escapeCodeSpan(main!)} is its main language): send ${escapeCodeSpan(`lang=${example}`)} to ${codeList(languageRoutes())}` +
    `${named.length ? `, or ${escapeCodeSpan(`lang: "${example}"`)} to ${codeList(named)},` : ''} for answers in that language, with its URLs; a record not translated into it comes in the main language, ` +
    "and every record names its language in `lang`. An unknown tag is 400 `invalid_filter` (`unknown_language` on `/ask` and `ask`), its hint naming the site's languages. " +
    `${codeList([...fallbackRoutes(), ...tools.filter((t) => t.fallback).map((t) => t.name)])} need no \`lang\` to find a record: ` +
    "a search that finds nothing in the language asked (the main one without `lang`) is answered from the site's other languages, main first, each hit with its `lang` and URLs."
  );
}
