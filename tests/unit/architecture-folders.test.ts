// Folders show where code runs (docs/architecture.md § Folders): the record core depends on nothing
// of Folio's but the content images it describes, and no folder of src/ depends, through any
// chain of imports, on a folder that depends on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { relativeImports } from '../../src/builder/code-hash.ts';

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|astro)$/.test(entry.name)) yield path;
  }
}

/** Each file of src/ with the files of src/ it imports (relative specifiers: static, dynamic, type-only). */
const imports = [...sources('src')].map((file) => ({
  file,
  targets: relativeImports(file, readFileSync(file, 'utf8')).filter((t) => t.startsWith('src/')),
}));
/** The folder of src/ a file belongs to. */
const folderOf = (file: string) => relative('src', file).split('/')[0]!;

describe('FO-FOLDERS: folders show where code runs', () => {
  test('src/records imports nothing from src/builder, src/render, src/server, src/discovery, src/http or src/search: only itself and src/images', () => {
    const outside = imports
      .filter(({ file }) => folderOf(file) === 'records')
      .flatMap(({ file, targets }) => targets.filter((t) => !['records', 'images'].includes(folderOf(t))).map((t) => `${file} → ${t}`));
    expect(imports.some(({ file }) => folderOf(file) === 'records')).toBe(true);
    expect(outside).toEqual([]);
  });

  test('no import cycle between the folders of src/', () => {
    const edges = new Map<string, Map<string, string>>();
    for (const { file, targets } of imports) {
      for (const target of targets) {
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from === to) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        edges.get(from)!.set(to, `${file} → ${target}`);
      }
    }
    expect(edges.size).toBeGreaterThan(5);
    /** A chain of imports from `from` back to `to`, if there is one. */
    const pathTo = (from: string, to: string, seen = new Set<string>()): string[] | undefined => {
      for (const [next, why] of edges.get(from) ?? []) {
        if (next === to) return [why];
        if (seen.has(next)) continue;
        seen.add(next);
        const rest = pathTo(next, to, seen);
        if (rest) return [why, ...rest];
      }
      return undefined;
    };
    const cycles = [...edges].flatMap(([from, tos]) =>
      [...tos].flatMap(([to, why]) => {
        const back = pathTo(to, from);
        return back ? [[why, ...back].join(', ')] : [];
      }),
    );
    expect(cycles).toEqual([]);
  });
});
