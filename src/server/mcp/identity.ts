// Who the MCP server says it is, in one place: the server card, `initialize`/`server/discover`
// (serverInfo) and the README must agree (the server-card extension's discovery.md § Consistency
// with Runtime Behavior: the card SHOULD NOT contradict what a connected client observes).
import pkg from '../../../package.json' with { type: 'json' };
import type { Site } from '../../records/schema.ts';

/** Site path of the Streamable HTTP endpoint. */
export const MCP_PATH = '/api/mcp';
/** The server card lives at `<streamable-http-url>/server-card`, the location the extension reserves. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;

/**
 * Protocol revisions served, newest first. 2026-07-28 is the stateless revision (no handshake,
 * `server/discover`); the others negotiate through `initialize`. Revisions before 2025-03-26 used
 * the older HTTP+SSE transport, which this endpoint does not speak, so they are not offered.
 */
export const PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] as const;
/** The revisions negotiated through the `initialize` handshake (the 2025 era). */
export const HANDSHAKE_VERSIONS = PROTOCOL_VERSIONS.filter((v) => v < '2026-07-28');

/** The server's version: the package's, which ships with every deploy. */
export const SERVER_VERSION = pkg.version;

/**
 * The reverse-DNS server name the card schema requires (`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`):
 * the site's host, reversed, then `/portfolio`. https://folio.example.com → com.example.folio/portfolio.
 */
export function serverName(site: Pick<Site, 'url'>): string {
  const host = new URL(site.url).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-');
  return `${host.split('.').reverse().join('.')}/portfolio`;
}

export const serverTitle = (site: Pick<Site, 'name'>) => clip(`${site.name}: portfolio`, 100);

/** The card's `description` is 1 to 100 characters (server-card schema). */
export const SERVER_DESCRIPTION = 'Search, list, read and compare the projects and pages of this portfolio; ask it questions.';

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Messages in one JSON-RPC batch, at most (as /api/v1/batch takes at most 10 queries). */
export const MAX_BATCH_MESSAGES = 10;
/** The last revision with JSON-RPC batching; 2025-06-18 removed it (its changelog, first item). */
export const BATCHING_REVISION = '2025-03-26';
