// The MCP tools as the agent documents name them (AGENTS.md, SKILL.md, /developers): each tool the
// site serves, what it does and the REST endpoint it answers as, from the tool table
// (src/server/mcp/tools.ts) and the route table, so a tool is named where it is served and nowhere else.
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
}

export function mcpToolDocs(served: ServedRecords): ToolDoc[] {
  return toolsFor(served).map((tool) => {
    const route = ROUTES.find((r) => r.operationId === tool.operation);
    if (!route) throw new Error(`MCP tool ${tool.name}: no route has the operationId ${tool.operation}`);
    return { name: tool.name, does: tool.does, rest: `${route.method} ${route.path}`, sized: isSized(tool) };
  });
}

/** One tool in a sentence, as inline Markdown: "`get_project` reads one project by slug (as `GET /api/v1/projects/{slug}`)". */
export const toolSentence = (tool: ToolDoc) => `\`${tool.name}\` ${tool.does} (as \`${tool.rest}\`)`;

/** "`a`", "`a` and `b`", "`a`, `b` and `c`". */
export function codeList(names: readonly string[]): string {
  const coded = names.map((n) => `\`${n}\``);
  return coded.length < 2 ? (coded[0] ?? '') : `${coded.slice(0, -1).join(', ')} and ${coded.at(-1)}`;
}

/** The sentence on the size controls: which tools take `detail` and `fields`. */
export function sizingSentence(tools: readonly ToolDoc[]): string {
  const sized = tools.filter((t) => t.sized).map((t) => t.name);
  return sized.length ? `${codeList(sized)} take \`detail: "summary"\` or \`fields: [...]\` for smaller answers.` : '';
}
