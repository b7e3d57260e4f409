// A deterministic content folder of any size, for the benchmarks and the 10,000-record build test.
// Same seed and size → byte-identical files, so two runs (or two machines) measure the same input.
// The shape follows src/records/schema.ts and content/site.md: mostly projects, a few pages, front
// matter with every optional field sometimes present, bodies of a few hundred words with headings,
// lists, code, links between records and some diacritics (which the index folds: "café" → "cafe").
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Mulberry32: a tiny seeded PRNG, good enough for varied text and fully reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CorpusOptions {
  /** Projects + pages. */
  records: number;
  seed?: number;
  /** Share of records that are pages (the rest are projects). */
  pageShare?: number;
}

export interface Corpus {
  projects: string[];
  pages: string[];
  /** Queries drawn from the corpus's own vocabulary: single words, pairs, prefixes, typos, diacritics, a title. */
  queries: string[];
}

// Not every name here is in English: owners write about Zürich, façades and São Paulo.
const ADJECTIVES = [
  'quiet',
  'rapid',
  'tiny',
  'sturdy',
  'lazy',
  'brisk',
  'hollow',
  'amber',
  'silver',
  'northern',
  'patient',
  'plain',
  'crisp',
  'gentle',
  'bold',
  'lucid',
  'stale',
  'eager',
  'frugal',
  'steady',
  'naïve',
  'über',
  'señor',
  'déjà',
  'fjäll',
  'kraków',
  'crème',
  'façade',
  'smörgås',
  'jalapeño',
];
const NOUNS = [
  'quarry',
  'harbor',
  'lantern',
  'ledger',
  'sluice',
  'beacon',
  'compass',
  'furnace',
  'orchard',
  'pylon',
  'trellis',
  'anchor',
  'gazette',
  'kiln',
  'mortar',
  'spindle',
  'turbine',
  'vault',
  'wharf',
  'atlas',
  'bastion',
  'cairn',
  'dynamo',
  'ember',
  'gantry',
  'heron',
  'isthmus',
  'jetty',
  'keel',
  'lattice',
  'meridian',
  'nexus',
  'obelisk',
  'prism',
  'quill',
  'rampart',
  'sextant',
  'tundra',
  'umbra',
  'vertex',
];
const TOPICS = [
  'search',
  'indexing',
  'queues',
  'tracing',
  'caching',
  'compilers',
  'databases',
  'postgres',
  'sqlite',
  'rust',
  'typescript',
  'go',
  'python',
  'wasm',
  'http',
  'css',
  'fonts',
  'accessibility',
  'performance',
  'observability',
  'testing',
  'security',
  'oauth',
  'streaming',
  'replication',
  'storage',
  'networking',
  'kubernetes',
  'terraform',
  'embedded',
  'graphics',
  'audio',
  'machine-learning',
  'open-source',
  'cli',
  'editors',
  'parsing',
  'concurrency',
  'scheduling',
  'geospatial',
];
const STACK = [
  'Rust',
  'TypeScript',
  'Go',
  'Python',
  'C',
  'Zig',
  'PostgreSQL',
  'SQLite',
  'Redis',
  'Kafka',
  'Node.js',
  'Deno',
  'React',
  'Svelte',
  'Astro',
  'WebAssembly',
  'Docker',
  'Nix',
  'Lua',
  'Elixir',
  'OCaml',
  'Kotlin',
  'Swift',
  'gRPC',
  'ClickHouse',
];
const CATEGORIES: Record<string, string> = {
  'developer-tools': 'Developer tools',
  data: 'Data systems',
  web: 'Web performance',
  infrastructure: 'Infrastructure',
  writing: 'Writing & talks',
  research: 'Research',
};
const TYPES = ['app', 'library', 'tool', 'service', 'research', 'talk'] as const;
// Prose vocabulary: common engineering words plus place names and loanwords with diacritics.
const WORDS = (
  'the a an of to in for with on at by from into over under between after before during without about ' +
  'index query latency throughput cache queue worker schedule retry backoff timeout budget profile trace span ' +
  'metric counter histogram percentile median outlier regression benchmark baseline fixture snapshot release ' +
  'version migration schema column table row page block segment posting list token term stem prefix fuzzy ' +
  'ranking relevance score boost field document record shard replica leader follower consensus quorum lease ' +
  'lock mutex channel stream buffer backpressure socket handshake header payload compression encoding decoder ' +
  'parser lexer grammar syntax tree visitor compiler optimizer inline loop branch allocation garbage collector ' +
  'heap stack pointer arena pool thread fiber coroutine async await promise future callback event reactor ' +
  'deploy rollout canary feature flag config secret vault certificate rotation audit policy quota limit window ' +
  'dashboard alert pager incident postmortem runbook oncall capacity forecast cost invoice customer team ' +
  'library tool service application prototype experiment study talk workshop tutorial guide note draft essay ' +
  'fast slow small large careful simple boring reliable fragile portable embedded offline local remote hosted ' +
  'measured rewrote replaced shipped removed added fixed learned found noticed wrote built kept dropped tuned ' +
  'café naïve résumé façade jalapeño crème brûlée smörgåsbord fjällräven Zürich Göteborg Kraków São Paulo ' +
  'Malmö Düsseldorf Besançon Ærø Reykjavík piñata coöperate élan über señor déjà vu Øresund Łódź Škoda'
).split(/\s+/);

/** Writes `<root>/content/` (site.md, projects/, pages/) and returns the slugs and a query set. */
export function generateCorpus(root: string, { records, seed = 20_261_122, pageShare = 0.05 }: CorpusOptions): Corpus {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pickSome = <T>(list: readonly T[], min: number, max: number) => {
    const n = min + Math.floor(random() * (max - min + 1));
    return [...new Set(Array.from({ length: n }, () => pick(list)))];
  };
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  // Slugs are ASCII (SLUG_PATTERN); titles keep the diacritics.
  const ascii = (w: string) =>
    w
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^a-z0-9]+/gi, '')
      .toLowerCase() || 'x';
  const date = (from: number, to: number) => `${int(from, to)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
  /** A date on or after `from` (the schema refuses `updated` before `date`); YYYY-MM-DD compares as text. */
  const later = (from: string) => {
    const candidate = date(Number(from.slice(0, 4)), 2026);
    return candidate >= from ? candidate : from;
  };
  const yaml = (s: string) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar

  const pageCount = records >= 20 ? Math.max(1, Math.round(records * pageShare)) : Math.min(2, records);
  const projectCount = records - pageCount;
  const projects = Array.from({ length: projectCount }, (_, i) => `${ascii(pick(ADJECTIVES))}-${ascii(pick(NOUNS))}-${i.toString(36)}`);
  // Page slugs carry a prefix no reserved slug (index, projects, api, llms, …) can equal.
  const pages = Array.from({ length: pageCount }, (_, i) => `notes-${ascii(pick(NOUNS))}-${i.toString(36)}`);

  const sentence = () => {
    const words = Array.from({ length: int(8, 22) }, () => pick(WORDS));
    return `${capital(words.join(' '))}.`;
  };
  const paragraph = () => Array.from({ length: int(3, 6) }, sentence).join(' ');
  const link = () => {
    const target = projects.length > 0 && random() < 0.8 ? `/projects/${pick(projects)}` : pages.length > 0 ? `/${pick(pages)}` : '/';
    return `[${pick(NOUNS)}](${target})`;
  };
  /** Roughly 250–450 words: paragraphs, a heading or two, a list, sometimes code and a table. */
  const body = () => {
    const parts = [paragraph(), `${paragraph()} See ${link()} for the background.`];
    parts.push(`## ${capital(pick(WORDS))} ${pick(WORDS)}`, paragraph());
    parts.push(Array.from({ length: int(3, 5) }, () => `- ${sentence()}`).join('\n'));
    if (random() < 0.4) parts.push(['```ts', `const ${ascii(pick(NOUNS))} = await open(${yaml(pick(NOUNS))}, { limit: ${int(1, 500)} });`, '```'].join('\n'));
    if (random() < 0.3) {
      parts.push(
        [
          '| Metric | Before | After |',
          '|---|---:|---:|',
          `| p50 latency | ${int(2, 90)} ms | ${int(1, 40)} ms |`,
          `| p99 latency | ${int(50, 900)} ms | ${int(10, 300)} ms |`,
        ].join('\n'),
      );
    }
    parts.push(`## ${capital(pick(WORDS))}`, paragraph(), `${paragraph()} Related: ${link()}.`);
    return parts.join('\n\n');
  };

  const dir = join(root, 'content');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'projects'), { recursive: true });
  mkdirSync(join(dir, 'pages'), { recursive: true });

  const categories = Object.entries(CATEGORIES)
    .map(([k, v]) => `  ${k}: ${yaml(v)}`)
    .join('\n');
  writeFileSync(
    join(dir, 'site.md'),
    `---
name: Benchmark Owner
headline: A generated portfolio of ${records.toLocaleString('en')} records for Folio's benchmarks
summary: "Projects and pages written by a seeded generator (seed ${seed}) so that every run measures the same content."
url: https://bench.folio.example
locale: en
email: bench@example.com
location: Göteborg, Sweden
allowedOrigins:
  - https://bench.folio.example
links:
  - { label: GitHub, url: https://github.com/example-bench }
categories:
${categories}
featured: [${projects.slice(0, 4).join(', ')}]
---

${paragraph()}

${paragraph()}
`,
  );

  projects.forEach((slug) => {
    const [, adjective, noun] = /^([a-z]+)-([a-z]+)-/.exec(slug) ?? [];
    const title = `${capital(adjective ?? 'plain')} ${capital(noun ?? 'project')}: ${pickSome(WORDS, 2, 5).join(' ')}`.slice(0, 120);
    const year = int(2012, 2025);
    const started = date(year, year);
    const links: string[] = [];
    if (random() < 0.8) links.push(`  repo: https://github.com/example-bench/${slug}`);
    if (random() < 0.3) links.push(`  demo: https://example.com/${slug}/demo`);
    if (random() < 0.4) links.push(`  docs: https://example.com/${slug}/docs`);
    const front = [
      `title: ${yaml(title)}`,
      `summary: ${yaml(`${sentence()} ${sentence()}`.slice(0, 300))}`,
      `type: ${pick(TYPES)}`,
      `category: ${pick(Object.keys(CATEGORIES))}`,
      `tags: [${pickSome(TOPICS, 1, 5).join(', ')}]`,
      `archived: ${random() < 0.15}`,
      `date: "${started}"`,
      ...(random() < 0.5 ? [`updated: "${later(started)}"`] : []),
      ...(links.length ? ['links:', ...links] : []),
      ...(random() < 0.85 ? [`stack: [${pickSome(STACK, 1, 4).map(yaml).join(', ')}]`] : []),
    ];
    writeFileSync(join(dir, 'projects', `${slug}.md`), `---\n${front.join('\n')}\n---\n\n${body()}\n`);
  });

  pages.forEach((slug, i) => {
    const front = [
      `title: ${yaml(`${capital(pick(WORDS))} ${pick(NOUNS)} notes`)}`,
      `summary: ${yaml(sentence().slice(0, 300))}`,
      `tags: [${pickSome(TOPICS, 0, 3).join(', ')}]`,
      `order: ${i}`,
    ];
    writeFileSync(join(dir, 'pages', `${slug}.md`), `---\n${front.join('\n')}\n---\n\n${body()}\n`);
  });

  const queries = [
    ...Array.from({ length: 12 }, () => pick(WORDS.filter((w) => w.length > 3))),
    ...Array.from({ length: 8 }, () => `${pick(WORDS)} ${pick(WORDS)}`),
    ...Array.from({ length: 6 }, () => pick(TOPICS)),
    ...Array.from({ length: 6 }, () => pick(WORDS.filter((w) => w.length > 5)).slice(0, 4)), // prefixes
    ...Array.from({ length: 6 }, () => typo(pick(WORDS.filter((w) => w.length > 6)), random)),
    'cafe',
    'zurich',
    'naive résumé',
    'crème brûlée latency',
    `${capital(pick(NOUNS))} ${pick(NOUNS)}`,
  ];
  return { projects, pages, queries };
}

/** One swapped pair of letters: a typo the fuzzy search should still find. */
function typo(word: string, random: () => number): string {
  const i = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

// `node bench/corpus.ts <dir> <records>`: write a corpus by hand, e.g. to build it with `npm run build`.
if (import.meta.main) {
  const [dir, n] = process.argv.slice(2);
  if (!dir || !n) {
    console.error('usage: node bench/corpus.ts <project-root> <records>');
    process.exit(2);
  }
  const corpus = generateCorpus(dir, { records: Number(n) });
  console.log(`${corpus.projects.length} projects, ${corpus.pages.length} pages in ${join(dir, 'content')}`);
}

/**
 * Covers for one project in `every` (the human site's images): a PNG per project, drawn from a
 * seed (soft shapes over a gradient, 1200×675), and `cover` + `coverAlt` in its front matter.
 * Returns how many projects got one.
 */
export async function addCovers(root: string, projects: string[], every = 10, seed = 7): Promise<number> {
  const { default: sharp } = await import('sharp');
  const dir = join(root, 'content');
  mkdirSync(join(dir, 'images'), { recursive: true });
  const chosen = projects.filter((_, i) => i % every === 0);
  for (const slug of chosen) {
    const random = prng(seed + slug.length * 7919 + slug.charCodeAt(0));
    const hue = Math.floor(random() * 360);
    const shapes = Array.from(
      { length: 7 },
      () =>
        `<circle cx="${Math.floor(random() * 1200)}" cy="${Math.floor(random() * 675)}" r="${40 + Math.floor(random() * 200)}" fill="hsl(${Math.floor(random() * 360)} 70% 70%)" fill-opacity="0.3"/>`,
    ).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 30%)"/><stop offset="1" stop-color="hsl(${(hue + 70) % 360} 60% 45%)"/></linearGradient></defs><rect width="1200" height="675" fill="url(#g)"/>${shapes}</svg>`;
    await sharp(Buffer.from(svg))
      .png()
      .toFile(join(dir, 'images', `${slug}.png`));
    const file = join(dir, 'projects', `${slug}.md`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n---\n/, `\ncover: ../images/${slug}.png\ncoverAlt: "Generated cover of ${slug}"\n---\n`));
  }
  return chosen.length;
}
