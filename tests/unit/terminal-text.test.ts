// FO-TERMINAL-TEXT: text a command-line tool did not make is written with every control character
// escaped visibly (src/records/terminal-text.ts), and verify's pieces that decide what a request
// carries and how much of an answer is read (scripts/lib/verify.ts), as functions.
import { describe, expect, test } from 'vitest';
import { BodyLimitError, bypassHeaders, cappedResponse, DEFAULT_LIMITS, limitsFromArgs, report } from '../../scripts/lib/verify.ts';
import { reportLines } from '../../scripts/lib/site-check.ts';
import { summarize } from '../../scripts/lib/agents-summary.ts';
import { BuildReporter } from '../../src/builder/build-progress.ts';
import { terminalJson, terminalLines, terminalText } from '../../src/records/terminal-text.ts';
import type { RequestLogLine } from '../../src/server/middleware/request-log.ts';

const CONTROL = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;

describe('FO-TERMINAL-TEXT: control characters are escaped, everything else kept', () => {
  test('FO-TERMINAL-TEXT: ESC/CSI/OSC, C0, DEL, C1 and bidi controls become visible escapes', () => {
    expect(terminalText('\x1b]0;pwned\x07\x1b[2J')).toBe('\\x1B]0;pwned\\x07\\x1B[2J');
    expect(terminalText('a\rb\nc\td\x00e\x7f')).toBe('a\\x0Db\\x0Ac\\x09d\\x00e\\x7F');
    expect(terminalText('\u009b2J\u009d0;t\u009c')).toBe('\\x9B2J\\x9D0;t\\x9C');
    expect(terminalText('file\u202Egnp.exe\u2066\u2069\u200F\u061C\u2028')).toBe('file\\u202Egnp.exe\\u2066\\u2069\\u200F\\u061C\\u2028');
  });

  test('FO-TERMINAL-TEXT: letters of any script, emoji and punctuation are written as they are', () => {
    const text = 'Café — 東京 🚀 «ok» \\x1B literal, <b>&amp;</b>';
    expect(terminalText(text)).toBe(text);
  });

  test('FO-TERMINAL-TEXT: no control character survives, whatever the input (every code point below U+3000)', () => {
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i)).join('');
    expect(terminalText(all)).not.toMatch(CONTROL);
    // terminalLines keeps the tool's own line breaks and nothing else.
    expect(terminalLines(`one\x1b[2J\ntwo\r`)).toBe('one\\x1B[2J\ntwo\\x0D');
  });
});

describe('FO-VERIFY-SECRET: the bypass secret is for the verified origin only (RFC 6454 origins, compared exactly)', () => {
  const origin = 'https://site.example';
  test('FO-VERIFY-SECRET: the same origin gets it, with or without the default port, any path or query', () => {
    for (const url of ['https://site.example/', 'https://site.example:443/api/mcp?x=1', 'https://SITE.example/x'])
      expect(bypassHeaders(url, origin, 's')).toEqual({ 'x-vercel-protection-bypass': 's' });
  });
  test('FO-VERIFY-SECRET: another scheme, host, subdomain, port or a look-alike does not', () => {
    for (const url of [
      'http://site.example/',
      'https://site.example:8443/',
      'https://www.site.example/',
      'https://site.example.evil.test/',
      'https://evil.test/?https://site.example',
      'https://site.example@evil.test/',
      'http://127.0.0.1/',
      'not a url',
      'data:text/plain,x',
    ])
      expect(bypassHeaders(url, origin, 's'), url).toEqual({});
    expect(bypassHeaders('http://localhost:4321/', 'http://127.0.0.1:4321', 's')).toEqual({});
  });
  test('FO-VERIFY-SECRET: no secret set, nothing sent', () => {
    expect(bypassHeaders(origin, origin, undefined)).toEqual({});
    expect(bypassHeaders(origin, origin, '')).toEqual({});
  });
});

describe('FO-VERIFY-LIMITS: the body limit and the flags', () => {
  const endless = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)),
      }),
    );

  test('FO-VERIFY-LIMITS: an endless body stops just past the limit with an error naming it, reported once', async () => {
    const said: string[] = [];
    const res = cappedResponse(endless(), 1024 * 1024, 'http://s.example/sitemap.xml', (m) => said.push(m));
    const error = await res.arrayBuffer().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyLimitError);
    expect((error as Error).message).toBe(
      'the answer from http://s.example/sitemap.xml passed the 1 MB body limit; reading stopped (--max-body=MB to change it)',
    );
    expect(said).toEqual([(error as Error).message]);
  });

  test('FO-VERIFY-LIMITS: a body within the limit reads as it is, status and headers kept', async () => {
    const res = cappedResponse(new Response('hello', { status: 404, headers: { 'content-type': 'text/plain' } }), 5, 'http://s.example/', () => {});
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('hello');
  });

  test('FO-VERIFY-LIMITS: --timeout, --run-timeout and --max-body set the limits; anything else is refused by name', () => {
    expect(limitsFromArgs(['https://s.example'])).toEqual({ limits: DEFAULT_LIMITS, rest: ['https://s.example'] });
    expect(limitsFromArgs(['--timeout=2.5', 'https://s.example', '--run-timeout=60', '--max-body=0.5'])).toEqual({
      limits: { requestTimeoutMs: 2500, runTimeoutMs: 60_000, maxBodyBytes: 512 * 1024 },
      rest: ['https://s.example'],
    });
    expect(limitsFromArgs(['--timeout=0'])).toEqual({ error: '--timeout must be a positive number, not "0"' });
    expect(limitsFromArgs(['--max-body=lots'])).toEqual({ error: '--max-body must be a positive number, not "lots"' });
    expect(limitsFromArgs(['--bypass=x'])).toMatchObject({ error: expect.stringMatching(/^unknown option --bypass=x; the options are --timeout=…/) });
  });
});

describe('FO-TERMINAL-TEXT: verify’s report', () => {
  test('FO-TERMINAL-TEXT: a failure, a note or a check quoting the server prints no raw control character', () => {
    const out = report(
      {
        failures: [{ check: 'MCP', problem: 'the card answered \x1b]0;pwned\x07 and \u202Etxt', fix: 'do \x9b2J' }],
        passed: ['ok\x1b[2J'],
        notes: ['x-vercel-cache seen on pages: HIT\u009b2J'],
      },
      'https://s.example',
    );
    expect(out.replaceAll('\n', '')).not.toMatch(CONTROL);
    expect(out).toContain('FAIL MCP: the card answered \\x1B]0;pwned\\x07 and \\u202Etxt. To do: do \\x9B2J\n');
    expect(out).toContain('note x-vercel-cache seen on pages: HIT\\x9B2J\n');
  });
});

describe('FO-TERMINAL-TEXT: every CLI writes what it did not make escaped', () => {
  const HOSTILE = '\x1b]0;pwned\x07\x1b[2J\u009b2J\u202Eevil\x7f\r';

  test('FO-TERMINAL-TEXT: npm run agents: a client name from the log (an MCP client names itself) is printed escaped', () => {
    const line: RequestLogLine = {
      event: 'folio.request',
      time: '2026-12-07T10:00:00.000Z',
      surface: 'mcp',
      operation: 'mcp',
      method: 'POST',
      tool: `get_project${HOSTILE}`,
      mcpClient: `client${HOSTILE}`,
      agent: `agent${HOSTILE}`,
      agentKind: 'unknown',
      query: false,
      status: 200,
      ms: 1,
    } as RequestLogLine;
    const out = summarize([line]);
    expect(out.replaceAll('\n', '')).not.toMatch(CONTROL);
    expect(out).toContain('client\\x1B]0;pwned\\x07\\x1B[2J\\x9B2J\\u202Eevil\\x7F\\x0D 1');
  });

  test('FO-TERMINAL-TEXT: the request log line npm start and npm run dev print holds no raw control character, and reads back the same', () => {
    const value = { event: 'folio.request', mcpClient: `client${HOSTILE}\u2028` };
    const line = terminalJson(value);
    expect(line).not.toMatch(CONTROL);
    expect(line).toContain('\\u009b2J\\u202eevil\\u007f\\r\\u2028');
    expect(JSON.parse(line)).toEqual(value);
  });

  test('FO-TERMINAL-TEXT: npm run build: a phase line quoting content (a warning naming a file) is one escaped line', () => {
    let out = '';
    new BuildReporter({ write: (text) => (out += text), interactive: false }).line(`content/projects/x${HOSTILE}.md: a warning\nfake line`);
    expect(out).toBe('content/projects/x\\x1B]0;pwned\\x07\\x1B[2J\\x9B2J\\u202Eevil\\x7F\\x0D.md: a warning\\x0Afake line\n');
  });

  test('FO-TERMINAL-TEXT: npm run check: each problem line quoting content or the served site is escaped', () => {
    const lines = reportLines([{ where: `content/pages/a${HOSTILE}.md`, what: `the link "${HOSTILE}" is broken\nok`, fix: HOSTILE }], 'Checked.', '1 s');
    for (const line of lines) expect(line).not.toMatch(CONTROL);
    expect(lines[0]).toMatch(/^✗ content\/pages\/a\\x1B\]0;pwned.*\\x0Aok\. Fix: \\x1B/);
  });
});
