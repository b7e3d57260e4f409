// FO-AGENT-LOG: the agent-family classifier does no work at a cold start's import, compiles only the
// expressions a user agent may match, and answers exactly as the plain classifier it replaced (every
// pattern compiled, tested in order, AI agents first) on every example user agent of the list.
import list from 'crawler-user-agents';
import { describe, expect, it, test, vi } from 'vitest';
import { summarize } from '../../scripts/lib/agents-summary.ts';
import { agentFamily, familyName } from '../../src/server/agent-family.ts';
import { bundledModule, crawlerRows, requiredText } from '../../src/server/crawler-list.ts';
import type { RequestLogLine } from '../../src/server/middleware/request-log.ts';

const crawlers = list as { pattern: string; tags?: string[]; instances?: string[] }[];
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The classifier as it was: every pattern compiled at import, one combined pass, then the first match, AI agents first. */
function plainClassifier() {
  const entries = crawlers
    .map((c) => ({ pattern: new RegExp(c.pattern), family: familyName(c.pattern), kind: c.tags?.includes('ai-crawler') ? 'ai' : 'bot' }))
    .sort((a, b) => Number(b.kind === 'ai') - Number(a.kind === 'ai'));
  const any = new RegExp(crawlers.map((c) => `(?:${c.pattern})`).join('|'));
  return (userAgent: string) => {
    const ua = userAgent.slice(0, 512);
    if (ua && any.test(ua)) {
      const hit = entries.find((e) => e.pattern.test(ua));
      if (hit) return { family: hit.family, kind: hit.kind };
    }
    if (/^Mozilla\/5\.0 \(/.test(ua) && /(?:Gecko|WebKit)\//.test(ua)) return { family: 'browser', kind: 'browser' };
    return { family: 'unknown', kind: 'unknown' };
  };
}

const EXAMPLES = [
  ...crawlers.flatMap((c) => c.instances ?? []),
  // Each pattern's own words, alone and inside a browser's user agent.
  ...crawlers.map((c) => familyName(c.pattern)),
  ...crawlers.map((c) => `${BROWSER} ${familyName(c.pattern)}/1.0`),
  BROWSER,
  '',
  'curl/8.11.1',
  'wget',
  'Wget/1.21',
  'Mozilla/5.0 (compatible; claudebot/1.0)',
  'my-own-script/0.1 (owner@example.com)',
];

describe('FO-AGENT-LOG: the agent-family classifier', () => {
  it('answers as the plain classifier did on every example user agent of crawler-user-agents (and more)', () => {
    const plain = plainClassifier();
    const differ = EXAMPLES.filter((ua) => JSON.stringify(agentFamily(ua)) !== JSON.stringify(plain(ua)));
    expect(differ).toEqual([]);
    expect(EXAMPLES.length).toBeGreaterThan(5000);
    // Not all "unknown": the comparison covers AI agents, other bots and browsers.
    const kinds = new Set(EXAMPLES.map((ua) => agentFamily(ua).kind));
    expect([...kinds].sort()).toEqual(['ai', 'bot', 'browser', 'unknown']);
  });

  it('a pattern’s required text is in every user agent it matches, and most patterns have one', () => {
    const instances = crawlers.flatMap((c) => c.instances ?? []);
    const unsound: string[] = [];
    for (const c of crawlers) {
      const text = requiredText(c.pattern);
      if (text === undefined) continue;
      const pattern = new RegExp(c.pattern);
      for (const ua of instances) if (pattern.test(ua) && !ua.includes(text)) unsound.push(`${c.pattern} needs ${text}: ${ua}`);
    }
    expect(unsound).toEqual([]);
    expect(crawlers.filter((c) => requiredText(c.pattern) === undefined).length).toBeLessThan(crawlers.length / 50);
  });

  it.each([
    ['PerplexityBot\\/', 'PerplexityBot/'],
    ['[cC]laude[bB]ot', 'laude'],
    ['AdsBot-Google([^-]|$)', 'AdsBot-Google'],
    ['Mediapartners \\(Googlebot\\)', 'Mediapartners (Googlebot)'],
    ['(^| )sentry\\/', 'sentry/'],
    ['^BW\\/', 'BW/'],
    ['abcd?ef', 'abc'],
    ['ab*cdef', 'cdef'],
    ['x{0,2}yz', 'yz'],
    ['wxy{2}z', 'wxy'],
    ['ab+cde', 'cde'],
    ['a.bc\\d+def', 'def'],
    ['pre(?:x|y)+postfix', 'postfix'],
    ['a{2', 'a{2'],
  ])('requiredText(%j) is %j', (pattern, text) => {
    expect(requiredText(pattern)).toBe(text);
  });

  it.each([['Automaton|Newsify Feed Fetcher'], ['\\x41BC'], ['(a)\\1'], ['\\p{L}'], ['[abc]'], ['a?'], ['']])('requiredText(%j) is none', (pattern) => {
    expect(requiredText(pattern)).toBeUndefined();
  });

  it('importing it compiles none of the list’s expressions; a browser’s user agent compiles a handful', async () => {
    vi.resetModules();
    const Native = globalThis.RegExp;
    let compiled = 0;
    globalThis.RegExp = new Proxy(Native, {
      construct(target, args) {
        compiled++;
        return Reflect.construct(target, args);
      },
    });
    try {
      const fresh = await import('../../src/server/agent-family.ts');
      expect(compiled).toBe(0);
      expect(fresh.agentFamily(BROWSER)).toEqual({ family: 'browser', kind: 'browser' });
      expect(compiled).toBeGreaterThan(0);
      expect(compiled).toBeLessThan(10);
      expect(fresh.agentFamily('Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)')).toEqual({ family: 'GPTBot', kind: 'ai' });
      expect(compiled).toBeLessThan(20);
    } finally {
      globalThis.RegExp = Native;
    }
  });

  it('the function bundle’s copy of the list (made at build time from the package) is the same as the source’s', async () => {
    const text = bundledModule();
    expect(text.length).toBeLessThan(100_000);
    const bundled: { crawlerRows: typeof crawlerRows } = await import(`data:text/javascript,${encodeURIComponent(text)}`);
    const rows = bundled.crawlerRows();
    expect(rows).toEqual(crawlerRows());
    expect(rows.patterns).toHaveLength(crawlers.length);
    expect(rows.ai.replaceAll('0', '')).toHaveLength(crawlers.filter((c) => c.tags?.includes('ai-crawler')).length);
  });
});

describe('FO-AGENT-CLAIM: a Signature-Agent is a claim, never a verified or an AI agent', () => {
  const SCRIPT = 'my-own-script/1.0';
  const signature = { signature: 'sig1=:AAAA:', signatureInput: 'sig1=("@authority" "signature-agent")' };

  test('FO-AGENT-CLAIM: a bare Signature-Agent (no Signature, no Signature-Input) claims nothing: the user agent decides', () => {
    expect(agentFamily(SCRIPT, { signatureAgent: '"https://chatgpt.com"' })).toEqual({ family: 'unknown', kind: 'unknown' });
    expect(agentFamily(SCRIPT, { signatureAgent: '"https://chatgpt.com"', signature: signature.signature })).toEqual({ family: 'unknown', kind: 'unknown' });
  });

  test('FO-AGENT-CLAIM: with a signature (not verified) it is logged as claimed, by the host it names', () => {
    expect(agentFamily(SCRIPT, { signatureAgent: '"https://chatgpt.com"', ...signature })).toEqual({ family: 'chatgpt.com', kind: 'claimed' });
  });

  test('FO-AGENT-CLAIM: npm run agents counts claims apart from the AI agents and says they are not verified', () => {
    const at = (agent: string, agentKind: string): RequestLogLine =>
      ({
        event: 'folio.request',
        time: '2026-11-16T10:00:00.000Z',
        surface: 'api',
        operation: 'listProjects',
        method: 'GET',
        agent,
        agentKind,
        query: false,
        status: 200,
        ms: 1,
      }) as RequestLogLine;
    // A line written before the kind was renamed (`signed`) is a claim too.
    const out = summarize([at('GPTBot', 'ai'), at('chatgpt.com', 'claimed'), at('bot.example', 'signed')]);
    expect(out).toContain('  AI agents:   GPTBot 1\n');
    expect(out).toContain('  Signed:      bot.example 1, chatgpt.com 1 (claimed, not verified: the signatures are not checked)\n');
    expect(out).toContain('chatgpt.com (claimed) 1');
  });
});
