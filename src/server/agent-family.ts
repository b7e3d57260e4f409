// Which kind of client sent a request, in words fit for a log line that keeps no personal data
// (FO-AGENT-LOG): a family name from a maintained list, never the user agent itself.
//
// The list is crawler-user-agents (its JSON, updated monthly): every entry names a client by a
// pattern and tags the AI crawlers and assistants `ai-crawler`, so a family is both named and
// known to be an AI agent. isbot, the other maintained list, says only "a bot or not". A client
// that signs its requests (HTTP Message Signatures for bots, RFC 9421 with the web-bot-auth
// `Signature-Agent` header) names its operator there; that name is taken as claimed (verifying
// the signature means fetching the operator's keys, which a log line is not worth).
import list from 'crawler-user-agents';

/** The list's entries; its type declaration (index.d.mts) omits `tags`, which its JSON has on every entry. */
const crawlers = list as { pattern: string; tags?: string[] }[];

export type AgentKind = 'ai' | 'bot' | 'signed' | 'browser' | 'unknown';

export interface AgentFamily {
  /** A family name: a crawler's (`GPTBot`, `Claude-User`), the signing operator's host, `browser` or `unknown`. */
  family: string;
  kind: AgentKind;
}

interface Entry {
  pattern: RegExp;
  family: string;
  kind: AgentKind;
}

/**
 * A family's name from its pattern: the pattern's literal text (`PerplexityBot\/` → `PerplexityBot`,
 * `[cC]laude[bB]ot` → `ClaudeBot`), so the log and the summary name what the list names.
 */
export function familyName(pattern: string): string {
  const name = pattern
    .replace(/\[\w*(\w)\]/g, '$1')
    .replace(/\\[sSdDwWbB]|\[[^\]]*\]|[()*+?^$|{}]/g, '\0')
    .replace(/\\(.)/g, '$1')
    .split('\0')
    .map((part) => part.replace(/[/;]+$/, '').trim())
    .find(Boolean);
  return (name ?? '').replace(/[^\w .-]/g, '').slice(0, 40) || 'bot';
}

/** AI agents first: a UA that names both an AI agent and a generic library (`… python-requests`) is the agent. */
const ENTRIES: Entry[] = crawlers
  .map((c): Entry => ({ pattern: new RegExp(c.pattern), family: familyName(c.pattern), kind: c.tags?.includes('ai-crawler') ? 'ai' : 'bot' }))
  .sort((a, b) => Number(b.kind === 'ai') - Number(a.kind === 'ai'));
/** One pass over a UA that matches nothing, the common case for a person's browser. */
const ANY = new RegExp(crawlers.map((c) => `(?:${c.pattern})`).join('|'));

/** The host a `Signature-Agent` header names (an sf-string or a dictionary of them holding an https URL). */
export function signatureAgentHost(value: string | null | undefined): string | undefined {
  const url = value?.match(/"(https:\/\/[^"\s]{1,200})"/)?.[1];
  if (!url) return undefined;
  try {
    const host = new URL(url).hostname;
    return /^[a-z0-9.-]{1,100}$/.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

export function agentFamily(userAgent: string | null | undefined, signatureAgent?: string | null): AgentFamily {
  const signed = signatureAgentHost(signatureAgent);
  if (signed) return { family: signed, kind: 'signed' };
  const ua = userAgent?.slice(0, 512) ?? '';
  if (ua && ANY.test(ua)) {
    const hit = ENTRIES.find((e) => e.pattern.test(ua));
    if (hit) return { family: hit.family, kind: hit.kind };
  }
  // A browser's UA names an engine; anything else (an empty UA, a script's own) stays unnamed.
  if (/^Mozilla\/5\.0 \(/.test(ua) && /(?:Gecko|WebKit)\//.test(ua)) return { family: 'browser', kind: 'browser' };
  return { family: 'unknown', kind: 'unknown' };
}
