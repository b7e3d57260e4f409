// FO-DOCS-PATHS: what the docs say about the repository's files is true. Every path README.md,
// CONTRIBUTING.md, docs/architecture.md, docs/content.md and docs/decisions.md name in a code span
// or a code block (`src/…`, `scripts/…`, `tests/…`, `docs/…`, `bench/…`, `public/…`, `api/…`; in a
// diagram, a file written after its folder) and every Markdown link to a repository file names
// something that exists, a link's #fragment names a heading of its target, and CONTRIBUTING.md's
// folder map names every folder. Reads files only: no build, so it runs in the unit tier.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';

/** The docs held to their paths. */
const DOCS = ['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'docs/content.md', 'docs/decisions.md'];

/** Folders a code span's path may start with; other text in backticks (`lib/build.ts`, `dist/`) is not checked. */
const ROOTS = ['src', 'scripts', 'tests', 'docs', 'bench', 'public', 'api'];

/** Output and tooling folders: never what a doc's path names. */
const SKIP = new Set(['node_modules', '.git', 'dist', 'generated', 'test-results', 'playwright-report', '.vercel', '.astro']);

/** Every file and folder of the repository (folders with a trailing slash), relative to its root. */
function walk(dir = '.', out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      out.push(`${path}/`);
      walk(path, out);
    } else out.push(path);
  }
  return out;
}
const ENTRIES = walk();

/**
 * A path as a doc writes it, as a pattern: `<name>` stands for one name or part of one
 * (`tests/unit/<file>.test.ts`), `*` for any part of a name (`projects/*.md`), `…` for anything,
 * folders included (`src/pages/…`). A path ending in `/` names a folder.
 */
function pattern(path: string): RegExp {
  const source = path
    .split(/(<[^>/]+>|\*|…)/)
    .map((part, i) => (i % 2 === 0 ? part.replace(/[.+?^${}()|[\]\\]/g, '\\$&') : part === '…' ? '.*' : '[^/]+?'))
    .join('');
  return new RegExp(`^${source}${path.endsWith('/') || path.endsWith('…') ? '' : '/?'}$`);
}
const exists = (path: string) => existsSync(path) || ENTRIES.some((entry) => pattern(path).test(entry));

/** A content/ path is held to the content folder's layout, never to its files: the owner's content may be anything. */
// A translation's folder (FO-I18N: content/en/, content/<tag>/) holds the same layout.
const CONTENT_LAYOUT =
  /^content\/(?:(?:[a-z]{2}|<tag>)\/)?(?:(?:site|resume)\.md|custom\.css|(?:projects|posts|pages)\/(?:(?:<[^>]+>|\*|[a-z0-9-]+)\.md|…)?|images\/[^/]*)?$/;

/** The doc's prose: fenced code blocks (examples of output and commands) and HTML comments left out. */
const prose = (text: string) => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/<!--[\s\S]*?-->/g, '');

/** Paths in code spans: each token of a span that starts with one of ROOTS or content/. */
function spanPaths(text: string): string[] {
  const spans = [...prose(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  const root = new RegExp(`^(?:${[...ROOTS, 'content'].join('|')})/`);
  return spans.flatMap((span) => span.split(/[\s,()]+/).filter((token) => root.test(token)));
}

/** A token as a path: trailing punctuation of the sentence or the diagram dropped. */
const bare = (token: string) => token.replace(/[:.,;]+$/, '');

/**
 * Paths in code blocks (the diagrams, example output): each token that starts with one of ROOTS or
 * content/, and each file or folder name written after a folder on the same line
 * (`src/generators/  render.ts · twin.ts` claims both are in src/generators/); a parenthesis is a
 * remark, not a claim.
 */
function blockPaths(text: string): string[] {
  const root = new RegExp(`^(?:${[...ROOTS, 'content'].join('|')})/`);
  const blocks = [...text.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1/gm)].map((m) => m[2]!);
  return blocks.flatMap((block) =>
    block.split('\n').flatMap((line) => {
      const paths = line
        .split(/[\s,()`'"]+/)
        .map(bare)
        .filter((token) => root.test(token));
      let folder: string | undefined;
      for (const token of line
        .replace(/\([^)]*\)/g, ' ')
        .split(/[\s,·│]+/)
        .map(bare)) {
        if (root.test(token)) folder = token.endsWith('/') && !token.startsWith('content/') ? token : undefined;
        else if (folder && /^[\w-]+(?:\.[\w-]+)*(?:\.(?:ts|astro|css)|\/)$/.test(token)) paths.push(folder + token);
      }
      return paths;
    }),
  );
}

/** Markdown links to something in the repository: [text](target), not a URL, not a fragment alone, not in a code span. */
function repoLinks(text: string): string[] {
  return [
    ...prose(text)
      .replace(/`[^`\n]+`/g, '')
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((m) => m[1]!)
    .filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

describe('FO-DOCS-PATHS: every path the docs name exists', () => {
  test.each(DOCS)('%s: every path in a code span names a file or folder that exists', (doc) => {
    const paths = spanPaths(readFileSync(doc, 'utf8'));
    expect(paths.length, `${doc} names paths`).toBeGreaterThan(0);
    const missing = paths.filter((path) => (path.startsWith('content/') ? !CONTENT_LAYOUT.test(path) : !exists(path)));
    expect(missing).toEqual([]);
  });

  test.each(DOCS)('%s: every path in a code block (a diagram, an example) names a file or folder that exists', (doc) => {
    const missing = blockPaths(readFileSync(doc, 'utf8')).filter((path) => (path.startsWith('content/') ? !CONTENT_LAYOUT.test(path) : !exists(path)));
    expect(missing).toEqual([]);
  });

  test.each(DOCS)('%s: every link to a repository file names one, and its #fragment a heading there', (doc) => {
    const broken = repoLinks(readFileSync(doc, 'utf8')).filter((target) => {
      const [file, fragment] = target.split('#') as [string, string | undefined];
      const path = normalize(join(dirname(doc), decodeURIComponent(file)));
      if (!existsSync(path)) return true;
      return fragment !== undefined && path.endsWith('.md') && !anchors(readFileSync(path, 'utf8')).has(fragment);
    });
    expect(broken).toEqual([]);
  });

  test('CONTRIBUTING.md names every folder of src/, scripts/, tests/ and bench/ (but the fixture sites and the page routes’ own folders)', () => {
    const named = new Set(spanPaths(readFileSync('CONTRIBUTING.md', 'utf8')).filter((path) => path.endsWith('/')));
    const folders = ENTRIES.filter(
      (entry) => entry.endsWith('/') && /^(?:src|scripts|tests|bench)\//.test(entry) && !/^tests\/fixtures\/.+\/|^src\/pages\/[^/]+\/.+\//.test(entry),
    );
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  test('the rules hold: a missing path, a bad content/ path and a link to a missing heading are caught', () => {
    expect(exists('src/server/routes.ts')).toBe(true);
    expect(exists('src/server/no-such-file.ts')).toBe(false);
    expect(exists('tests/unit/<file>.test.ts')).toBe(true);
    expect(exists('src/records/strings/<lang>.ts')).toBe(existsSync('src/records/strings'));
    expect(exists('src/pages/…')).toBe(true);
    expect(CONTENT_LAYOUT.test('content/projects/<slug>.md')).toBe(true);
    expect(CONTENT_LAYOUT.test('content/project/quarry.md')).toBe(false);
    expect(CONTENT_LAYOUT.test('content/en/projects/rover.md')).toBe(true);
    expect(CONTENT_LAYOUT.test('content/english/projects/rover.md')).toBe(false);
    expect(spanPaths('see `npm exec -- vitest run tests/unit/x.test.ts` and `lib/build.ts`\n```\n`src/gone.ts`\n```')).toEqual(['tests/unit/x.test.ts']);
    expect(repoLinks('[a](docs/x.md#y) [b](https://example.com) [c](#here) [d](/about) `![e](f.png)`')).toEqual(['docs/x.md#y']);
    expect(anchors('## The site: `content/site.md`\n## Make it yours\n## Make it yours').has('make-it-yours-1')).toBe(true);
    expect(anchors('## The site: `content/site.md`')).toEqual(new Set(['the-site-contentsitemd']));
    // The review's finding: generators placed in the record core's folder.
    expect(blockPaths('```\nsrc/records/  render.ts (Markdown) · twin.ts\nsrc/search/data-file.ts: the reader\n```').filter((path) => !exists(path))).toEqual([
      'src/records/render.ts',
      'src/records/twin.ts',
    ]);
  });
});

describe('FO-README-OWNER: the README is the owner’s guide', () => {
  test('at most 300 lines, shows npm install, npm start and npm test, and sends engineers to CONTRIBUTING.md', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
    for (const command of ['npm install', 'npm start', 'npm test']) expect(readme).toContain(command);
    expect(readme).toContain('](CONTRIBUTING.md)');
  });
});
