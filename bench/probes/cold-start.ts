// One cold start, in a fresh process (bench/run.ts spawns this once per sample).
//   folio: import the Vercel function (`entry` under `dir`: the JavaScript `vercel build` compiled,
//          or api/index.ts as `npm start` runs it) and answer one search request through its
//          fetch — the first request loads the data file. The process runs in `dir`, as on Vercel.
//   bare:  import MiniSearch, read the same serialized index, MiniSearch.loadJSON, one search.
//   web:   bare, answered as any fetch-style function answers: from a `Request`, with a JSON
//          `Response` read back. The floor of every Web-handler function on Node, Folio's included:
//          the first `Request` loads Node's fetch implementation (undici), which `bare` never does.
// Prints one JSON line: milliseconds from this script's first line to the answer (the same Node
// boot precedes both, so it is left out), since the process started, and the process's RSS and CPU
// time (user + system, Node's boot included) then.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const started = performance.now();
// folio: dir, query, entry module; bare: dir (holding bench-index.json), query, the index's fields.
const [mode, dir, query, extra = ''] = process.argv.slice(2) as ['folio' | 'bare' | 'web', string, string, string?];
let hits: number;
if (mode === 'folio') {
  const { default: fn } = await import(pathToFileURL(join(dir, extra || 'api/index.ts')).href);
  const res: Response = await fn.fetch(new Request(`http://127.0.0.1/api/v1/search?q=${encodeURIComponent(query)}`));
  const body = await res.json();
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(body)}`);
  hits = body.results?.length ?? body.hits?.length ?? 0;
} else {
  const request = mode === 'web' ? new Request(`http://127.0.0.1/api/v1/search?q=${encodeURIComponent(query)}`) : undefined;
  const { default: MiniSearch } = await import('minisearch');
  const json = readFileSync(join(dir, 'bench-index.json'), 'utf8');
  // The same fields (passed in, so the JSON is parsed once, by loadJSON) and Folio's term processing.
  const fields = extra.split(',');
  const normalize = (t: string) =>
    t
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .trim() || null;
  const index = MiniSearch.loadJSON(json, { fields, processTerm: normalize });
  const q = request ? new URL(request.url).searchParams.get('q')! : query;
  const results = index.search(q, { prefix: (t) => t.length >= 3, fuzzy: (t) => (t.length >= 4 ? 0.2 : false) });
  hits = request
    ? (await new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } }).json()).results.length
    : results.length;
}
const now = performance.now();
const cpu = process.cpuUsage();
console.log(JSON.stringify({ mode, ms: now - started, sinceProcessStart: now, rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000, hits }));
