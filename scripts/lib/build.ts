// Build when the build is missing or stale. The stamp is a hash of everything the build reads
// (content, source, config, locked dependencies) and the site URL it was built for; it lives in
// generated/ next to the data file, never inside dist/ (which is published).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { codeHash, contentHash } from '../../src/builder/code-hash.ts';
import { contentDir } from '../../src/records/load.ts';
import { DATA_FILE } from '../../src/search/data-file.ts';
import { PAGE_MANIFEST_FILE } from '../../src/routing/page-manifest.ts';
import { verbose } from './verbose.ts';

export const STAMP_FILE = 'generated/build-stamp.json';
/** Without these the build is missing, whatever the stamp says. */
const OUTPUTS = ['dist/index.html', DATA_FILE, PAGE_MANIFEST_FILE];

export interface Stamp {
  /** Hash of the content folder (content/, or FOLIO_CONTENT's): its path, file names and contents. */
  content: string;
  /** Hash of Folio's own code, config and locked dependencies. */
  code: string;
  /** Hash of the data file as the build wrote it: `npm run dev` rewrites it for its own address. */
  data: string;
  siteUrl: string;
}

const fileHash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('base64url');

export function readStamp(root = process.cwd()): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Why the build must be redone, or `undefined` when it is fresh. The site URL counts: a build made
 * for another address (a test run's port, say) would hand out absolute URLs nobody answers. A
 * second server meant to share a build passes the same FOLIO_SITE_URL, and the build stays as is.
 */
export function staleReason(siteUrl: string, root = process.cwd()): string | undefined {
  const missing = OUTPUTS.find((f) => !existsSync(join(root, f)));
  if (missing) return `${missing} is missing`;
  const stamp = readStamp(root);
  if (!stamp) return 'the build has no stamp';
  if (stamp.content !== contentHash(root)) return `content changed in ${relative(root, contentDir(root))}/`;
  if (stamp.code !== codeHash(root)) return "Folio's code, config or dependencies changed";
  if (stamp.data !== fileHash(join(root, DATA_FILE))) return 'the data file was rewritten since the build (by npm run dev?)';
  if (stamp.siteUrl !== siteUrl) return `it was built for ${stamp.siteUrl}`;
  return undefined;
}

/**
 * `npm run build` for `siteUrl`, then the stamp. Exits the process when the build fails. `quiet`
 * keeps the build's log for a failure (`npm run check` prints problems, not progress). A caller
 * started with `--verbose` (`npm start -- --verbose`) gets Astro's full log (FOLIO_VERBOSE).
 */
export function build(siteUrl: string, root = process.cwd(), { quiet = false } = {}): void {
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, FOLIO_SITE_URL: siteUrl, ...(verbose() && { FOLIO_VERBOSE: '1' }) },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    console.error('The build failed; nothing to serve.');
    process.exit(result.status ?? 1);
  }
  writeStamp(siteUrl, root);
}

/** Records that the build in `root` is fresh for `siteUrl` (after `npm run build` succeeded). */
export function writeStamp(siteUrl: string, root = process.cwd()): void {
  mkdirSync(join(root, 'generated'), { recursive: true });
  const stamp: Stamp = { content: contentHash(root), code: codeHash(root), data: fileHash(join(root, DATA_FILE)), siteUrl };
  writeFileSync(join(root, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}
