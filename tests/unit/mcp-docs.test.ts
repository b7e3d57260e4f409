// The MCP documentation says what the server does: every curl command in it answers as shown,
// and the tools and revisions it lists are the ones served. It reads the README's "## MCP" section.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS } from '../../src/server/mcp/identity.ts';
import { TOOLS } from '../../src/server/mcp/tools.ts';
import { app } from './mcp-helpers.ts';

function mcpDocs(): string {
  const section = /^## MCP\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
  expect(section, 'README.md has a "## MCP" section naming /api/mcp').toContain('/api/mcp');
  return section;
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
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const command of commands) {
      const { path, headers, body } = parseCurl(command);
      const res = await app().request(path, { method: 'POST', headers, body });
      expect(res.status, command).toBe(200);
      const json = await res.json();
      expect(json.result, command).toBeDefined();
      expect(json.result.isError, command).toBeUndefined();
    }
  });

  it('the tools table names every tool, and only those', () => {
    const documented = [...docs.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  it('every protocol revision served is documented', () => {
    for (const version of PROTOCOL_VERSIONS) expect(docs).toContain(version);
  });

  it('the client snippet uses the package and calls the tests make', () => {
    expect(docs).toContain("from '@modelcontextprotocol/client'");
    expect(docs).toContain('claude mcp add --transport http');
  });
});
