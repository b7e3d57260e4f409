// How a Folio tool is declared and answered. A tool wraps the same pure function its REST endpoint
// calls, so both give the same answers; a failure is the same catalog error (code, message, hint,
// docs) the endpoint would send, returned as a tool error (MCP § Tools: Error Handling — errors a
// model can act on belong in the result with isError, not in a protocol error).
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { ApiError, errorBody, type ErrorBody } from '../errors.ts';
import type { SiteData } from '../../search/data-file.ts';
import { type ErrorCodes, validate } from '../http.ts';
import { dataFinding, dataIn, langOf } from '../language.ts';
import type { Site } from '../../records/schema.ts';
import { withSiteTypes } from '../portfolio/schemas.ts';

/** `_meta` key of a failed call's catalog error object (a prefix-less key, as MCP `_meta` allows). */
export const ERROR_META_KEY = 'folio/error';

/** Every Folio tool only reads published records: same arguments, same answer, nothing changed. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

/** Records only some sites hold: a tool over them is served only where they exist (FO-POSTS, FO-RESUME). */
export type ToolNeeds = 'posts' | 'resume';

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  /**
   * What the tool does, as a clause after its name ("reads one project by slug"): the server's
   * instructions and every document that lists the tools (AGENTS.md, SKILL.md, /developers) say it.
   */
  does: string;
  /** The operationId of the REST route it answers as (the route table, src/server/routes.ts): the docs pair them. */
  operation: string;
  /** Served only on a site that holds these records (toolsFor). */
  needs?: ToolNeeds;
  /** Arguments it answers without error on the sample fixture site: every test tier calls each tool with them. */
  example: Record<string, unknown>;
  /**
   * The arguments: `call` validates them once, with REST's error codes for each field (`invalid`),
   * and `run` gets them typed by this schema. tools/list publishes its JSON Schema, or `advertised`'s.
   */
  input: I;
  invalid: ErrorCodes;
  /** What tools/list shows when it differs from what `input` accepts (compare takes a list, and a comma-separated string too). */
  advertised?: z.ZodObject;
  output: O;
  /**
   * FO-SEARCH-FALLBACK, for a tool that searches: whether its answer to these arguments finds
   * anything in a language's data; when it finds nothing in the language asked, `call` answers from
   * the first of the site's other languages where it does, as the tool's REST route does.
   */
  finds?: (args: z.output<I>) => (data: SiteData) => boolean;
  /** The answer, from arguments `call` has validated. Pure: data and arguments in. */
  run: (data: SiteData, args: z.output<I>) => z.output<O>;
  /** The same answer as readable text, for clients and models that do not read structuredContent; sized as the arguments ask. */
  text: (result: z.output<O>, args: z.output<I>) => string;
  /**
   * The `ui://` resource an MCP Apps host renders this tool's result with (FO-MCP-APPS): published
   * as `_meta.ui.resourceUri`, which hosts without Apps ignore; the result is the same either way.
   */
  ui?: string;
}

/** A tool of any input and output: what the server registers. */
export type AnyTool = ToolSpec<z.ZodObject, z.ZodType>;

/** A tool, its `run` typed by its own schema (inferred here), stored with the others. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodType>(tool: ToolSpec<I, O>): AnyTool => tool as unknown as AnyTool;

/**
 * The SDK validates arguments against `inputSchema` before calling the tool, and reports a failure
 * in its own words. Tools here must answer with the REST error codes and hints instead, so the
 * schema registered with the SDK publishes the zod schema's JSON Schema unchanged but lets every
 * value through to `run`, whose validation is the REST one.
 */
export function advertisedOnly(schema: z.ZodObject, site: Pick<Site, 'types'>): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'folio',
      validate: (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: siteJsonSchema(schema, site),
    },
  };
}

/** A schema's JSON Schema with the site's project types as `type`'s enum (FO-TYPES, schemas.ts withSiteTypes). */
const siteJsonSchema = (schema: z.ZodType, site: Pick<Site, 'types'>) => {
  const converter = schema['~standard'].jsonSchema;
  return {
    input: (options: Parameters<typeof converter.input>[0]) => withSiteTypes(converter.input(options), site),
    output: (options: Parameters<typeof converter.output>[0]) => withSiteTypes(converter.output(options), site),
  } satisfies typeof converter;
};

/** The output schema as registered: zod's own validation, its JSON Schema with the site's types. */
const siteOutput = (schema: z.ZodType, site: Pick<Site, 'types'>): StandardSchemaWithJSON => {
  const standard = schema['~standard'];
  return { '~standard': { ...standard, jsonSchema: siteJsonSchema(schema, site) } } as unknown as StandardSchemaWithJSON;
};

export function registerTools(server: McpServer, data: SiteData, tools: readonly AnyTool[]) {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertisedOnly(tool.advertised ?? tool.input, data.site),
        outputSchema: siteOutput(tool.output, data.site),
        annotations: { title: tool.title, ...READ_ONLY },
        ...(tool.ui ? { _meta: { ui: { resourceUri: tool.ui } } } : {}),
      },
      (args) => call(tool, data, args),
    );
  }
}

/** Validates the arguments once, with the tool's REST codes, and answers; a failure is a tool error. */
export function call(tool: AnyTool, data: SiteData, args: unknown): CallToolResult {
  try {
    const valid = validate(tool.input, args ?? {}, tool.invalid);
    // FO-I18N: a tool that takes `lang` answers from that language's data, as its REST route does;
    // a search that finds nothing there, from another language's (FO-SEARCH-FALLBACK).
    const lang = langOf(valid);
    const result = tool.run(tool.finds ? dataFinding(data, lang, tool.finds(valid), tool.invalid.lang) : dataIn(data, lang, tool.invalid.lang), valid);
    return { content: [{ type: 'text', text: tool.text(result, valid) }], structuredContent: result as Record<string, unknown> };
  } catch (error) {
    if (error instanceof ApiError) return toolError(data, error);
    // A bug, not the client's doing: log it, and answer as the app does (never the raw message).
    console.error(error);
    return toolError(data, new ApiError('internal_error'));
  }
}

/** The catalog error as a tool error: `code: message Hint: hint` for the model, the object in `_meta`. */
export function toolError(data: SiteData, error: ApiError): CallToolResult {
  const body: ErrorBody['error'] = errorBody(error.code, data.site.url.replace(/\/+$/, ''), error.detail).error;
  return {
    isError: true,
    content: [{ type: 'text', text: `${body.code}: ${body.message} Hint: ${body.hint} Docs: ${body.docs}` }],
    _meta: { [ERROR_META_KEY]: body },
  };
}
