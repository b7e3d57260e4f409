// Which kind of client sent a request, in words fit for a log line that keeps no personal data
// (FO-AGENT-LOG): a family name from a maintained list, never the user agent itself.
//
// The list is crawler-user-agents (its JSON, updated monthly): every entry names a client by a
// pattern and tags the AI crawlers and assistants `ai-crawler`, so a family is both named and
// known to be an AI agent. isbot, the other maintained list, says only "a bot or not". A client
// that signs its requests (HTTP Message Signatures for bots, RFC 9421 with the web-bot-auth
// `Signature-Agent` header) names its operator there; the signature is not verified, so that name
// is a claim, logged as `claimed` and counted apart from the AI agents (FO-AGENT-CLAIM;
// docs/decisions.md § Who reads the site). A `Signature-Agent` without `Signature` and
// `Signature-Input` claims nothing and is passed over.
//
// A cold start does none of this work (FO-AGENT-LOG): the list's rows (crawler-list.ts) are read on
// the first request, and a row's expression is compiled only when a user agent holds the text every
// match of it contains; a browser's user agent compiles a handful of the list's 1,500 (3 today).
import { crawlerRows } from './crawler-list.ts';

export type AgentKind = 'ai' | 'bot' | 'claimed' | 'browser' | 'unknown';

export interface AgentFamily {
  /** A family name: a crawler's (`GPTBot`, `Claude-User`), the host a signed request claims, `browser` or `unknown`. */
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

/** The list's expressions, each compiled on first need (a user agent holding its text), and their family names, by index. */
const compiled: (RegExp | undefined)[] = [];
const families: (string | undefined)[] = [];

/** The index of the first entry whose expression matches `ua`, in the list's order with the AI agents first. */
function crawlerOf(ua: string): number | undefined {
  const { patterns, needs } = crawlerRows();
  for (let i = 0; i < patterns.length; i++) {
    const text = needs[i]!;
    if (text && !ua.includes(text)) continue;
    if ((compiled[i] ??= new RegExp(patterns[i]!)).test(ua)) return i;
  }
  return undefined;
}

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

/** The request's signature headers (RFC 9421 § 4): what a claim needs besides `Signature-Agent`. */
export interface SignatureHeaders {
  signatureAgent?: string | null;
  signature?: string | null;
  signatureInput?: string | null;
}

export function agentFamily(userAgent: string | null | undefined, { signatureAgent, signature, signatureInput }: SignatureHeaders = {}): AgentFamily {
  const claimed = signature && signatureInput ? signatureAgentHost(signatureAgent) : undefined;
  if (claimed) return { family: claimed, kind: 'claimed' };
  const ua = userAgent?.slice(0, 512) ?? '';
  const hit = ua ? crawlerOf(ua) : undefined;
  if (hit !== undefined) {
    const { patterns, ai } = crawlerRows();
    return { family: (families[hit] ??= familyName(patterns[hit]!)), kind: ai[hit] === '1' ? 'ai' : 'bot' };
  }
  // A browser's UA names an engine; anything else (an empty UA, a script's own) stays unnamed.
  if (/^Mozilla\/5\.0 \(/.test(ua) && /(?:Gecko|WebKit)\//.test(ua)) return { family: 'browser', kind: 'browser' };
  return { family: 'unknown', kind: 'unknown' };
}
