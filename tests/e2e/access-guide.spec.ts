// /auth.md runs as written: every ```sh block is executed with curl against the e2e server, and
// its answer must match the ```http block the guide shows after it (status, listed headers, body).
// The bodies are compared whole, so the answers the guide shows (the authorization-server metadata,
// anonymous identity accepted and identity_assertion refused, the claim not required) are asserted here.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';

const run = promisify(execFile);

interface Exchange {
  command: string;
  status: number;
  headers: [string, string][];
  body: unknown;
}

/** The guide's exchanges: a ```sh block, "Answer:", then a ```http block. */
function exchangesOf(markdown: string): Exchange[] {
  const pattern = /```sh\n([\s\S]*?)\n```\s*\n\s*Answer:\s*\n\s*```http\n([\s\S]*?)\n```/g;
  return [...markdown.matchAll(pattern)].map(([, command, answer]) => {
    const [head, ...rest] = answer!.split('\n\n');
    const [statusLine, ...headerLines] = head!.split('\n');
    return {
      command: command!,
      status: Number(statusLine!.split(' ')[1]),
      headers: headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as [string, string]),
      body: JSON.parse(rest.join('\n\n')),
    };
  });
}

/** Splits `curl -i` output into status, headers and the JSON body. */
function parseCurl(output: string) {
  const split = output.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = output.slice(0, split).split('\r\n');
  const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(output.slice(split + 4)) as unknown };
}

test('KQ-ASM, KQ-IDENTITY, KQ-CLAIM: every curl command in /auth.md answers as the guide says', async ({ request, baseURL }) => {
  const guide = await (await request.get('/auth.md')).text();
  // The guide is written for the site URL the build was made for; point it at this server.
  const { issuer } = await (await request.get('/.well-known/oauth-authorization-server')).json();
  const local = (text: string) => text.replaceAll(issuer, baseURL!);
  const exchanges = exchangesOf(local(guide));
  // Quick start, 9 flow steps, the metadata-document refusal of step 4 (FO-CIMD), 2 refusals.
  expect(exchanges).toHaveLength(13);

  for (const exchange of exchanges) {
    expect(exchange.command, 'each block is one curl command').toMatch(/^curl -i /);
    const { stdout } = await run('sh', ['-c', exchange.command]);
    const actual = parseCurl(stdout);
    expect(actual.status, exchange.command).toBe(exchange.status);
    for (const [name, value] of exchange.headers) expect(actual.headers.get(name), `${name} of ${exchange.command}`).toBe(value);
    const expected = exchange.body as Record<string, unknown>;
    const body = actual.body as Record<string, unknown>;
    // The one value that depends on the clock: the guide shows a sample issue time.
    if ('client_id_issued_at' in expected) {
      expect(Number.isInteger(body.client_id_issued_at)).toBe(true);
      body.client_id_issued_at = expected.client_id_issued_at;
    }
    expect(body, exchange.command).toEqual(expected);
  }
});
