// In-process latency of the function's answers, beside a bare MiniSearch search of the same query,
// and memory once the data is loaded and answering. Runs in a fresh process whose cwd is a built
// site copy (bench/run.ts spawns it), importing that copy's own code.
//   bare     data.index.search(q, SEARCH_OPTIONS): the loaded MiniSearch index, Folio's search options
//   rank     searchRecords(data, q): the pure ranking function REST, /ask and MCP share
//   search, ask, projects, compare, mcp: createApp().request(...) and the body read — the whole
//            HTTP app (routing, validation, rate limit, CORS/caching headers, JSON) without a socket
// Samples are interleaved (one of each per query, round after round) so machine noise hits every
// operation alike. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [siteDir, inputFile, budgetArg = '6'] = process.argv.slice(2) as [string, string, string?];
const { queries, projects } = JSON.parse(readFileSync(inputFile, 'utf8')) as { queries: string[]; projects: string[] };
const load = (path: string) => import(pathToFileURL(join(siteDir, path)).href);

const { createApp } = await load('src/server/app.ts');
const { siteData } = await load('src/server/data.ts');
const { searchRecords } = await load('src/search/rank.ts');
const { SEARCH_OPTIONS } = await load('src/search/options.ts');
const { ROUTES } = await load('src/server/routes.ts');

const app = createApp();
const request = async (path: string, init?: RequestInit) => {
  const res: Response = await app.request(path, init);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
};

// MCP: a stateless 2025-11-25 tools/call (no initialize needed), of the search tool when there is one.
const hasMcp = (ROUTES as { path: string }[]).some((r) => r.path === '/api/mcp');
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-11-25' };
let mcpTool = '';
if (hasMcp) {
  const listed = JSON.parse(
    await request('/api/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }),
  );
  const names: string[] = listed.result.tools.map((t: { name: string }) => t.name);
  mcpTool = names.find((n) => /search/.test(n)) ?? names.find((n) => n === 'ask') ?? '';
}
const mcpCall = async (q: string) => {
  const text = await request('/api/mcp', {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: mcpTool, arguments: { query: q } } }),
  });
  if (!text.includes('"result"')) throw new Error(`tools/call ${mcpTool} did not answer a result: ${text.slice(0, 300)}`);
};

const pair = (i: number) => `${projects[i % projects.length]},${projects[(i * 7 + 3) % projects.length]}`;
const PROJECT_FILTERS = ['', '?type=library', '?archive=1&limit=20', '?category=data', '?type=tool&archive=1'];

type Op = (q: string, i: number) => unknown;
const ops: Record<string, Op> = {
  bare: (q) => siteData().index.search(q, SEARCH_OPTIONS),
  rank: (q) => searchRecords(siteData(), q),
  search: (q) => request(`/api/v1/search?q=${encodeURIComponent(q)}`),
  ask: (q) => request(`/ask?query=${encodeURIComponent(q)}`),
  projects: (_q, i) => request(`/api/v1/projects${PROJECT_FILTERS[i % PROJECT_FILTERS.length]}`),
  compare: (_q, i) => request(`/api/v1/compare?slugs=${pair(i)}`),
  ...(mcpTool ? { mcp: (q: string) => mcpCall(q) } : {}),
};

// Loaded and answering: the first request loads the data file; then one answer of each kind.
for (const op of Object.values(ops)) await op(queries[0]!, 0);
globalThis.gc?.();
const loaded = memory();

const samples: Record<string, number[]> = Object.fromEntries(Object.keys(ops).map((k) => [k, []]));
const round = async (record: boolean) => {
  for (const [i, q] of queries.entries()) {
    for (const [name, op] of Object.entries(ops)) {
      const t = performance.now();
      await op(q, i);
      if (record) samples[name]!.push(performance.now() - t);
    }
  }
};
await round(false); // warm-up: JIT, per-data caches
const deadline = performance.now() + Number(budgetArg) * 1000;
let rounds = 0;
while (rounds < 3 || (performance.now() < deadline && rounds < 200)) {
  await round(true);
  rounds++;
}

/** RSS and heap now, and the peak RSS so far (VmHWM: the cold start's load is the high-water mark). */
function memory() {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  return { rss, heapUsed, heapTotal, external, peakRss: peak };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
globalThis.gc?.();
const afterWorkload = memory();
console.log(
  JSON.stringify({
    mcpTool,
    rounds,
    latency: Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, { n: xs.length, p50: quantile(xs, 0.5), p99: quantile(xs, 0.99) }])),
    memory: { loaded, afterWorkload },
  }),
);
