// Proactive content negotiation on the Accept header (RFC 9110 § 12.5.1), with `negotiator`: the
// routing middleware chooses a page's HTML or Markdown twin, /ask JSON or server-sent events, MCP
// whether a client takes both. The highest quality wins; on a tie the more specific range, then the
// type the client named first (an agent sending `text/markdown, text/html` means Markdown), then
// the server's order of offers (`*/*` gives the first offer).
import Negotiator from 'negotiator';
import { HTML, MARKDOWN, TEXT } from './media-types.ts';

const negotiator = (accept: string | null | undefined) => new Negotiator({ headers: { accept: accept ?? undefined } });

/** The offer the client prefers, `undefined` when none is acceptable. No Accept field means any type (§ 12.5.1). */
export const preferredType = (accept: string | null | undefined, offers: string[]): string | undefined => negotiator(accept).mediaType(offers);

/** Whether the client accepts `type` at all (quality above 0). */
export const accepts = (accept: string | null | undefined, type: string): boolean => negotiator(accept).mediaTypes([type]).length > 0;

export { HTML, MARKDOWN, TEXT };

/**
 * Whether a page request gets its Markdown twin, and as which type: when the client prefers
 * text/markdown, or text/plain, to text/html (by q-value, then its own order). The twin is plain
 * text written in Markdown, so an agent that asks for text/plain (several do, and few ask for
 * text/markdown at all) gets it labelled text/plain. `*\/*`, no Accept, `text/*` and types not
 * offered get HTML, the page's primary form: `undefined`.
 */
export function twinType(accept: string | null | undefined): typeof MARKDOWN | typeof TEXT | undefined {
  const type = preferredType(accept, [HTML, MARKDOWN, TEXT]);
  return type === MARKDOWN || type === TEXT ? type : undefined;
}
