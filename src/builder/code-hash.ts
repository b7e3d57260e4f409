// Digests of what a build reads: the content, and Folio's own code and locked dependencies. The
// build stamp (scripts/lib/build.ts) compares both; the data file's build id names the code's; the
// images and cards cache (disk-cache.ts) names its folders by the code that makes each kind.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { contentDir, today } from '../records/load.ts';

/** What the build reads besides the content (scripts/build.ts is `npm run build`). */
export const CODE_INPUTS = ['src', 'public', 'astro.config.ts', 'package.json', 'package-lock.json', 'scripts/build.ts'];

function* filesUnder(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

/** Hash of some of the build's inputs: file names (relative to the project) and contents, in a stable order. */
function treeHash(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('base64url');
}

/**
 * The content's digest, with the posts dated after today (FO-SCHEDULED): the day one comes due,
 * the build is stale though no file changed, so `npm start` and `npm run check` build again. The
 * `date:` line is read as text, as the loader's YAML leaves it (a draft's date counts too: one
 * build more, never one less).
 */
export function contentHash(root = process.cwd()): string {
  const dir = contentDir(root);
  const now = today();
  const scheduled = [...filesUnder(join(dir, 'posts'))].filter(
    (file) => file.endsWith('.md') && (/^date:[ \t]*["']?(\d{4}-\d{2}-\d{2})/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '') > now,
  );
  const hash = createHash('sha256').update(treeHash(root, [relative(root, dir)]));
  for (const file of scheduled) hash.update('\0scheduled\0').update(relative(root, file));
  return hash.digest('base64url');
}
export const codeHash = (root = process.cwd()) => treeHash(root, CODE_INPUTS);

/** A relative import of a module (static, dynamic, type-only, or a stylesheet's), as written. */
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The repository paths a module's relative imports name (`file` is the module's own path, from the root). */
export const relativeImports = (file: string, text: string): string[] => [...text.matchAll(RELATIVE_IMPORT)].map((m) => normalize(join(dirname(file), m[1]!)));

/**
 * The files of the repository a module reaches through its relative imports, itself included,
 * sorted: the code whose change can change what the module makes. Packages are the lockfile's.
 */
export function codeClosure(entries: readonly string[], root = process.cwd()): string[] {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // a path that names no file (a generated one, say) is nobody's code
    }
    seen.add(file);
    stack.push(...relativeImports(file, text));
  }
  return [...seen].sort();
}

/** What every build result depends on besides its own modules: the locked dependencies and how `npm run build` runs. */
const BUILD_TOOLS = ['package-lock.json', 'scripts/build.ts'];

/**
 * A digest of the code one kind of build result comes from: the modules `entries` reach, and the
 * build's tools. A build cache keyed by it survives every edit outside that code: a stylesheet
 * edit or an edit to the function keeps encoded images and social cards.
 */
export function codeDigest(entries: readonly string[], root = process.cwd()): string {
  const hash = createHash('sha256');
  for (const file of [...codeClosure(entries, root), ...BUILD_TOOLS]) {
    if (!existsSync(join(root, file))) continue;
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('base64url');
}
