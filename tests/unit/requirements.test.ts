// The rules live in the repository (docs/requirements.md), and every one has a test that names it:
// a rule no test names fails here, as does a citation of a rule the list does not have, an issue
// number (history belongs in commits) or a document the repository does not hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const LIST = 'docs/requirements.md';
/** An id as the list writes it: a source (PF, KQ, FO), then upper-case words. */
const ID = /\b(?:PF|KQ|FO)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b/g;

const ids = [...readFileSync(LIST, 'utf8').matchAll(/^\| ((?:PF|KQ|FO)-[A-Z0-9-]+) \|/gm)].map((m) => m[1]!);

function* files(path: string): Generator<string> {
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'fixtures') continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (/\.(ts|astro|mjs|js|md)$/.test(entry.name)) yield child;
  }
}

/** Folio's code and tests: where rules are cited. */
const CODE = [
  'src',
  'scripts',
  'tests',
  'api',
  'middleware.ts',
  'public',
  ...readdirSync('bench')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('bench', f)),
];
const code = CODE.flatMap((root) => [...files(root)]).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const tests = code.filter(({ file }) => file.startsWith('tests/'));

describe('requirements: every rule is listed once, cited as listed, and named by a test', () => {
  test('the list holds each source’s rules, each id once', () => {
    expect(ids.filter((id) => id.startsWith('PF-')).length).toBeGreaterThan(20);
    expect(ids.filter((id) => id.startsWith('KQ-')).length).toBeGreaterThan(20);
    expect(ids.filter((id) => id.startsWith('FO-')).length).toBeGreaterThan(5);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  test('every rule has a test that names it', () => {
    const named = new Set(tests.flatMap(({ text }) => text.match(ID) ?? []));
    expect(ids.filter((id) => !named.has(id))).toEqual([]);
  });

  test('code and tests cite only rules the list has', () => {
    const known = new Set(ids);
    const unknown = code.flatMap(({ file, text }) => (text.match(ID) ?? []).filter((id) => !known.has(id)).map((id) => `${file}: ${id}`));
    expect(unknown).toEqual([]);
  });

  test('no issue numbers and no documents the repository lacks are cited: rules by id, history in commits', () => {
    const stale = /\bissue \d+|\b[\w-]+ issue §|\b(?:portfolio|knowledge) spec\b|\bspec\/[\w-]+\.md/gi;
    const cited = code.flatMap(({ file, text }) => [...text.matchAll(stale)].map((m) => `${file}: ${m[0]}`));
    expect(cited).toEqual([]);
  });
});
