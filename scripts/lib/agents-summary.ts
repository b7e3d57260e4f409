// The owner's weekly summary of who read the site (FO-AGENTS-SUMMARY), from the function's request
// log (FO-AGENT-LOG, src/server/middleware/request-log.ts): a file exported from Vercel's logs
// (JSON lines, or one JSON array, whose `message` holds the function's line) or what `npm start`
// printed (the lines themselves among the server's other output). Everything it prints is a count:
// the lines hold no address, no user agent as sent and no query text to print.
import { terminalText } from '../../src/records/terminal-text.ts';
import { LOG_EVENT, type RequestLogLine } from '../../src/server/middleware/request-log.ts';

/** Folio's request lines in a log file's text, in any of the shapes above; other lines are skipped. */
export function requestLines(text: string): RequestLogLine[] {
  const trimmed = text.trim();
  const records: unknown[] = [];
  if (trimmed.startsWith('[')) {
    try {
      records.push(...(JSON.parse(trimmed) as unknown[]));
    } catch {}
  }
  if (records.length === 0) for (const line of text.split('\n')) records.push(parseJson(line));
  return records.flatMap((record) => {
    const line = fromRecord(record);
    return line ? [line] : [];
  });
}

function parseJson(text: string): unknown {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
}

/** Our line itself, or a platform's record whose `message` (a string, or the object) holds it. */
function fromRecord(record: unknown): RequestLogLine | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const r = record as Record<string, unknown>;
  // A line whose time does not parse has no week: skipped as any other line that is not ours.
  if (r.event === LOG_EVENT && typeof r.time === 'string' && !Number.isNaN(Date.parse(r.time)) && typeof r.status === 'number')
    return r as unknown as RequestLogLine;
  const message = r.message;
  if (typeof message === 'string') return fromRecord(parseJson(message));
  if (typeof message === 'object') return fromRecord(message);
  return undefined;
}

/** The Monday (UTC) that starts the ISO week of a time. */
export function weekOf(time: string): string {
  const d = new Date(time);
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day)).toISOString().slice(0, 10);
}

function count<T>(items: T[], key: (item: T) => string | undefined): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  // Most first; ties by name, so the same log always prints the same summary.
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const list = (counts: [string, number][], top = Infinity) =>
  counts.length === 0
    ? 'none'
    : counts
        .slice(0, top)
        .map(([name, n]) => `${terminalText(name)} ${n}`)
        .join(', ') + (counts.length > top ? `, and ${counts.length - top} more` : '');

/**
 * A request that named its operator in a signed `Signature-Agent` (`signed` in logs written before
 * the kind was renamed): a claim, never counted among the AI agents the crawler list knows (FO-AGENT-CLAIM).
 */
const claimed = (l: RequestLogLine) => l.agentKind === 'claimed' || (l.agentKind as string) === 'signed';

/** The summary, one block per ISO week (oldest first), each a few labelled lines. */
export function summarize(lines: RequestLogLine[]): string {
  const weeks = Map.groupBy(lines, (l) => weekOf(l.time));
  const out: string[] = [];
  for (const week of [...weeks.keys()].sort()) {
    const w = weeks.get(week)!;
    const end = new Date(Date.parse(week) + 6 * 86_400_000).toISOString().slice(0, 10);
    const errors = w.filter((l) => l.status >= 400);
    const agents = count(w, (l) => (l.agentKind === 'ai' ? `${l.agent} (ai)` : claimed(l) ? `${l.agent} (claimed)` : l.agent));
    const claims = count(w, (l) => (claimed(l) ? l.agent : undefined));
    out.push(
      `Week ${week} to ${end} (UTC): ${w.length} request${w.length === 1 ? '' : 's'} answered by the function`,
      `  AI agents:   ${list(count(w, (l) => (l.agentKind === 'ai' ? l.agent : undefined)))}`,
      // FO-AGENT-CLAIM: a Signature-Agent names an operator, but its signature is not verified.
      `  Signed:      ${claims.length ? `${list(claims)} (claimed, not verified: the signatures are not checked)` : 'none'}`,
      `  All clients: ${list(agents, 10)}`,
      `  Surfaces:    ${list(count(w, (l) => l.surface))}`,
      `  Top tools:   ${list(
        count(w, (l) => l.tool),
        5,
      )}`,
      `  Top operations: ${list(
        count(w, (l) => (l.operation === 'mcp' ? undefined : l.operation)),
        5,
      )}`,
      `  MCP clients: ${list(count(w, (l) => l.mcpClient))}`,
      `  Queries:     ${w.filter((l) => l.query).length} (searches and questions; their text is never logged)`,
      `  Errors:      ${errors.length}${
        errors.length
          ? ` (${list(
              count(errors, (l) => `${l.surface} ${l.operation} ${l.status}`),
              5,
            )})`
          : ''
      }; server errors (5xx): ${errors.filter((l) => l.status >= 500).length}`,
      '',
    );
  }
  return out.join('\n');
}
