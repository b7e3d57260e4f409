// How a Folio tool is declared and answered. A tool wraps the same pure function its REST endpoint
// calls, so both give the same answers; a failure is the same catalog error (code, message, hint,
// docs) the endpoint would send, returned as a tool error (MCP § Tools: Error Handling — errors a
// model can act on belong in the result with isError, not in a protocol error).
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { ApiError, errorBody, type ErrorBody } from '../errors.ts';
import type { SiteData } from '../../search/data-file.ts';

/** `_meta` key of a failed call's catalog error object (a prefix-less key, as MCP `_meta` allows). */
export const ERROR_META_KEY = 'folio/error';

/** Every Folio tool only reads published records: same arguments, same answer, nothing changed. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

export interface ToolSpec<O extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  /** The arguments as clients see them in tools/list; `run` validates them into catalog errors. */
  input: z.ZodObject;
  output: O;
  /** Validates `args` (throwing ApiError, as REST does) and answers. Pure: data and arguments in. */
  run: (data: SiteData, args: Record<string, unknown>) => z.output<O>;
  /** The same answer as readable text, for clients and models that do not read structuredContent. */
  text: (result: z.output<O>) => string;
}

/**
 * The SDK validates arguments against `inputSchema` before calling the tool, and reports a failure
 * in its own words. Tools here must answer with the REST error codes and hints instead, so the
 * schema registered with the SDK publishes the zod schema's JSON Schema unchanged but lets every
 * value through to `run`, whose validation is the REST one.
 */
export function advertisedOnly(schema: z.ZodObject): StandardSchemaWithJSON<Record<string, unknown>> {
  const standard = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'folio',
      validate: (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: standard.jsonSchema,
    },
  };
}

export function registerTools(server: McpServer, data: SiteData, tools: ToolSpec<z.ZodType>[]) {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertisedOnly(tool.input),
        outputSchema: tool.output as unknown as StandardSchemaWithJSON,
        annotations: { title: tool.title, ...READ_ONLY },
      },
      (args) => call(tool, data, args),
    );
  }
}

export function call<O extends z.ZodType>(tool: ToolSpec<O>, data: SiteData, args: Record<string, unknown>): CallToolResult {
  try {
    const result = tool.run(data, args);
    return { content: [{ type: 'text', text: tool.text(result) }], structuredContent: result as Record<string, unknown> };
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
