// Shared by the portfolio and app tests: the real app over the built data, called with
// app.request (Request in, Response out, no server), with a quota high enough for logic tests.
import { expect } from 'vitest';
import { createApp, type AppOptions } from '../../src/server/app.ts';
import { ROUTES } from '../../src/server/routes.ts';
import { ApiError, type ErrorCode } from '../../src/server/errors.ts';
import { call, ERROR_META_KEY } from '../../src/server/mcp/tool-kit.ts';
import { TOOLS } from '../../src/server/mcp/tools.ts';
import type { SiteData } from '../../src/search/data-file.ts';

export const roomy: AppOptions = { rateLimits: { portfolio: { limit: 100_000, window: 60 }, knowledge: { limit: 100_000, window: 60 } } };

export function client(options: AppOptions = roomy, routes = ROUTES) {
  const app = createApp({ routes, ...options });
  return async (path: string, init: RequestInit = {}) => {
    const res = await app.request(path, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as any) : undefined };
  };
}

/** The error shape every API error has (PF-ERROR-SHAPE; docs/decisions.md § Error object). */
export function expectError(res: { status: number; body: any; headers: Headers }, status: number, code: ErrorCode) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.error).toMatchObject({
    status,
    message: expect.any(String),
    hint: expect.any(String),
    docs: expect.stringMatching(new RegExp(`/developers#error-${code}$`)),
  });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

/** A domain function's failure: the same code REST answers. */
export function expectApiError(run: () => unknown, code: ErrorCode) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    return error as ApiError;
  }
  throw new Error(`expected ApiError ${code}, nothing was thrown`);
}

/**
 * A tool called as an MCP client calls it (src/server/mcp/tool-kit.ts `call`): arguments validated
 * at the tool's edge, with REST's codes. The catalog error code on a tool error, else the answer.
 */
export function viaTool(name: string, data: SiteData, args: unknown): { code: ErrorCode } | { answer: any } {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const result = call(tool, data, args);
  if (result.isError) return { code: (result._meta as Record<string, { code: ErrorCode }>)[ERROR_META_KEY]!.code };
  return { answer: result.structuredContent };
}
