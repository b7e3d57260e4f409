// What a build keeps between builds (in node_modules/.cache/folio/, which Vercel keeps; or where
// FOLIO_CACHE_DIR says, as the benchmark does to measure a cold build): encoded images and social
// cards, the two results that pay for a cache (at 1,000 records with covers and cards, tens of
// seconds of a build; docs/decisions.md). Each file is named by a digest of its source, in a folder
// named by a digest of the code that makes that kind of file (MADE_BY: the module and what it
// imports, code-hash.ts codeDigest): a change to either is another name, so a stale file can never
// be read back, and an edit elsewhere (a stylesheet, the function, a page) keeps them all.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { codeDigest } from './code-hash.ts';

/** The folder of every build cache, absolute. */
export const cacheRoot = (root = process.cwd()) => resolve(root, process.env.FOLIO_CACHE_DIR || 'node_modules/.cache/folio');

/** The module that makes each kind of cached file: the cache names its folder by a digest of what that module reaches. */
export const MADE_BY = {
  images: 'src/builder/write-images.ts',
  cards: 'src/builder/social-cards.ts',
} as const;
type Kind = keyof typeof MADE_BY;

// Each kind's folder name, made once per process and root (hashing the code per image or card
// would read the modules thousands of times); pruneCodeFolders forgets them when a build ends.
const folders = new Map<string, string>();

/** The cache folder of `kind`'s files for this code: a changed encoder, drawing or sharp is another folder. */
export function codeFolder(kind: Kind, root = process.cwd()): string {
  const key = `${root}\0${kind}`;
  let name = folders.get(key);
  if (!name)
    folders.set(
      key,
      (name = createHash('sha256')
        .update(codeDigest([MADE_BY[kind]], root))
        .digest('hex')
        .slice(0, 16)),
    );
  return join(cacheRoot(root), kind, name);
}

/** At a build's end: removes each kind's folders made by other code, so the cache never grows past one folder per kind. */
export function pruneCodeFolders(root = process.cwd()): void {
  folders.clear();
  for (const kind of Object.keys(MADE_BY) as Kind[]) {
    const current = codeFolder(kind, root);
    const dir = join(cacheRoot(root), kind);
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (join(dir, name) !== current) rmSync(join(dir, name), { recursive: true, force: true });
  }
  folders.clear();
}
