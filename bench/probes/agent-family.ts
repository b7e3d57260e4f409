// The agent-family classifier's share of a cold start (FO-AGENT-LOG), in fresh processes:
//   node bench/probes/agent-family.ts [runs] [bundle | source | path/to/module.js]
// Each run is a fresh `node` importing the classifier and classifying a browser's user agent, then a
// crawler's; it prints the median of each step over the runs, in milliseconds. `bundle` (the default)
// is src/server/agent-family.ts as the function bundle holds it (esbuild with the bundle's own options
// and plugin, function-bundle.ts); `source` imports the TypeScript as tests and `npm run dev` do.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { crawlerRowsAtBuild } from '../../src/builder/function-bundle.ts';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

if (process.argv[2] === '--one') {
  const t0 = performance.now();
  const { agentFamily } = await import(process.argv[3]!);
  const t1 = performance.now();
  const browser = agentFamily(BROWSER);
  const t2 = performance.now();
  const crawler = agentFamily(CRAWLER);
  const t3 = performance.now();
  agentFamily(CRAWLER);
  const t4 = performance.now();
  if (browser.kind !== 'browser' || crawler.family !== 'Googlebot') throw new Error(`wrong answer: ${JSON.stringify([browser, crawler])}`);
  console.log(JSON.stringify({ import: t1 - t0, firstBrowser: t2 - t1, firstCrawler: t3 - t2, again: t4 - t3 }));
} else {
  const runs = Number(process.argv[2] ?? 9);
  const which = process.argv[3] ?? 'bundle';
  const dir = mkdtempSync(join(tmpdir(), 'folio-agent-family-'));
  try {
    let path = which === 'source' ? 'src/server/agent-family.ts' : which;
    if (which === 'bundle') {
      await build({
        entryPoints: { 'agent-family': 'src/server/agent-family.ts' },
        outdir: dir,
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node22',
        minifyWhitespace: true,
        minifySyntax: true,
        plugins: [crawlerRowsAtBuild],
        logLevel: 'silent',
      });
      path = join(dir, 'agent-family.js');
    }
    const module = pathToFileURL(resolve(path)).href;
    const samples: Record<string, number>[] = Array.from({ length: runs }, () =>
      JSON.parse(execFileSync(process.execPath, [import.meta.filename, '--one', module], { encoding: 'utf8' })),
    );
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const out = Object.fromEntries(Object.keys(samples[0]!).map((k) => [k, Number(median(samples.map((s) => s[k]!)).toFixed(2))]));
    console.log(JSON.stringify({ module: which, runs, median: out }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
