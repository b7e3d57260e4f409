// The tools. Each wraps the pure function behind its REST endpoint and validates with the same
// rules, so a tool and its endpoint give the same answers, limits, error codes and hints.
import { z } from 'zod';
import { answer, queryText } from '../server/knowledge.ts';
import { askResponse, type AskResponse } from '../server/knowledge/schemas.ts';
import { validate } from '../server/http.ts';
import type { ToolSpec } from './tool-kit.ts';

// ── ask (the knowledge side: GET/POST /ask) ─────────────────────────────────────────────────────

export const askInput = z.object({ query: queryText });

const ask: ToolSpec<typeof askResponse> = {
  name: 'ask',
  title: 'Ask the portfolio',
  description:
    'Answers a question with the best-matching projects and pages, best first, in the NLWeb v0.55 shape ' +
    '(the same answer as GET /ask?query=…). Lexical, not generative: it finds records, it does not write prose.',
  input: askInput,
  output: askResponse,
  run: (data, args) => answer(data, validate(askInput, args, { '*': 'invalid_query' }).query),
  text: askText,
};

function askText(result: AskResponse): string {
  if (result.results.length === 0) return `No project or page matches "${result.query}". Try other words, or list_projects.`;
  const lines = result.results.map((r, i) => `${i + 1}. ${r.name}: ${r.description}\n   ${r.url}`);
  return `${result.results.length} result${result.results.length === 1 ? '' : 's'} for "${result.query}", best first:\n${lines.join('\n')}`;
}

export const TOOLS = [ask] as ToolSpec<z.ZodType>[];
