// The MCP documentation says what the server does: every curl command in the README's "## MCP"
// section answers as shown, the tools it names are served ones (the list itself is /developers',
// rendered from the tool table, not the README's), and docs/architecture.md names every protocol
// revision served.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS } from '../../src/server/mcp/identity.ts';
import { TOOLS } from '../../src/server/mcp/tools.ts';
import { app } from '../support/mcp-helpers.ts';

/** A `## heading` section of a Markdown file, up to the next `## `. */
const section = (file: string, heading: string) =>
  new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? '';

function mcpDocs(): string {
  const docs = section('README.md', 'MCP');
  expect(docs, 'README.md has a "## MCP" section naming /api/mcp').toContain('/api/mcp');
  return docs;
}

/** `curl URL -H 'K: V' ... -d 'BODY'` → the request it sends. */
function parseCurl(command: string) {
  const flat = command.replace(/\\\n\s*/g, ' ');
  const url = /curl\s+-s\s+(\S+)/.exec(flat)![1]!;
  const headers = Object.fromEntries([...flat.matchAll(/-H '([^:]+):\s*([^']*)'/g)].map((m) => [m[1]!, m[2]!]));
  const body = /-d '([^']*)'/.exec(flat)![1]!;
  return { path: new URL(url).pathname, headers, body };
}

describe('MCP docs match the server', () => {
  const docs = mcpDocs();

  it('every curl command answers 200 with a JSON-RPC result', async () => {
    const commands = [...docs.matchAll(/```sh\n(curl[\s\S]*?)```/g)].map((m) => m[1]!);
    expect(commands.length).toBeGreaterThanOrEqual(1);
    for (const command of commands) {
      const { path, headers, body } = parseCurl(command);
      const res = await app().request(path, { method: 'POST', headers, body });
      expect(res.status, command).toBe(200);
      const json = await res.json();
      expect(json.result, command).toBeDefined();
      expect(json.result.isError, command).toBeUndefined();
    }
  });

  it('the README keeps no list of tools of its own: it points to /developers, and every tool it names is served', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(docs).toContain('/developers');
    expect(readme, 'no table of tools').not.toMatch(/^\| `[a-z]+_[a-z_]+` \|/m);
    const named = new Set(readme.match(/\b(?:search|list|get|compare)_[a-z_]+\b/g) ?? []);
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((name) => !TOOLS.some((t) => t.name === name))).toEqual([]);
  });

  it('every protocol revision served is documented (docs/architecture.md § The API and MCP, as served)', () => {
    const served = section('docs/architecture.md', 'The API and MCP, as served');
    expect(served).toContain('/api/mcp');
    for (const version of PROTOCOL_VERSIONS) expect(served).toContain(version);
  });

  it('the client snippet uses the package and calls the tests make', () => {
    expect(docs).toContain("from '@modelcontextprotocol/client'");
    expect(docs).toContain('claude mcp add --transport http');
  });
});
