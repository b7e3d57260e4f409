// FO-FUNCTION-GRAPH: the function's import graph holds only code that answers requests. Every
// module its source (src/server/function.ts, which the build bundles and api/index.ts loads)
// reaches through static and dynamic imports is walked, and no build-only package
// (Markdown renderer, image reader or encoder, Astro, the social-card renderer) nor any module of
// the build or the discovery generators is among them: each would be compiled on a cold start.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';

/** Packages only the build needs (package.json's dependencies that render, encode or generate). */
const BUILD_ONLY = /^(astro|@astrojs\/|satteri|image-size|sharp|@takumi-rs\/|unified|remark-|rehype-|mdast-|hast-|shiki|@shikijs\/|yaml|js-yaml)/;
/**
 * What a module imports at run time: static imports and re-exports (an `import type` or
 * `export type` is erased by type stripping, so it is left out) and dynamic `import()`.
 */
const RUNTIME_IMPORT =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\s)[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Every module of the repository `entry` reaches at run time, and the packages they import
 * (`node:` builtins included, as `node:…`); with `eager`, through static imports only: what is
 * compiled and run before the first answer.
 */
function walk(entry: string, { eager = false } = {}) {
  const files = new Set<string>();
  const packages: { file: string; pkg: string }[] = [];
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      if (eager && m[3]) continue;
      const spec = (m[1] ?? m[2] ?? m[3])!;
      if (spec.startsWith('.')) stack.push(normalize(join(dirname(file), spec)));
      else packages.push({ file, pkg: spec });
    }
  }
  return { graph: [...files].sort(), packages };
}
const { graph, packages: all } = walk('src/server/function.ts');
const packages = all.filter((p) => !p.pkg.startsWith('node:'));

describe('FO-FUNCTION-GRAPH: the function imports only what answers requests', () => {
  test('the walk sees the function: the app, the search index reader, MiniSearch and the MCP SDK', () => {
    expect(graph).toContain('src/server/app.ts');
    expect(graph).toContain('src/search/data-file.ts');
    expect(packages.map((p) => p.pkg)).toEqual(expect.arrayContaining(['minisearch', 'hono']));
    expect(packages.some((p) => p.pkg.startsWith('@modelcontextprotocol/'))).toBe(true);
  });

  test('no build-only package is imported by a module the function reaches', () => {
    expect(packages.filter(({ pkg }) => BUILD_ONLY.test(pkg)).map(({ file, pkg }) => `${file} → ${pkg}`)).toEqual([]);
  });

  test('api/index.ts imports nothing at run time but where the bundle is: the deploy carries the bundle, not the sources', () => {
    expect(walk('api/index.ts').graph).toEqual(['api/index.ts', 'src/server/bundle-path.ts']);
    expect(walk('api/index.ts').packages.filter((p) => !p.pkg.startsWith('node:'))).toEqual([]);
  });

  test('no module of the build or the discovery generators is reached', () => {
    expect(graph.filter((file) => /^src\/(builder|render|discovery|pages|layouts|components)\//.test(file))).toEqual([]);
  });
  test('FO-IMAGES-NAMED: what the function runs names an image file only through servedImage, the files the data file names for it as a build writes it', () => {
    // Any other naming function (pictureSources, agentImage, thumbnailImage, zoomImage, nameFile) would
    // name a file at request time that no build output named, so no build wrote.
    const naming = /\b(pictureSources|agentImage|thumbnailImage|zoomImage|nameFile|imageVariants)\b/;
    const outside = graph.filter((file) => file !== 'src/images/images.ts' && naming.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
    expect(graph.filter((file) => /\bservedImage\(/.test(readFileSync(file, 'utf8')))).toEqual(
      expect.arrayContaining(['src/server/portfolio/projects.ts', 'src/server/search-page.ts', 'src/records/schema-org.ts']),
    );
  });
});

describe('FO-COLD-PATH: a cold start loads what answers the REST API, the rest on first use', () => {
  const eager = walk('src/server/function.ts', { eager: true });
  test('the MCP SDK, its transport and server, the tool table and the card builder are reached only through import()', () => {
    expect(eager.graph).toContain('src/server/mcp/routes.ts');
    expect(eager.graph).toContain('src/server/mcp/server-card-schema.ts');
    for (const lazy of ['src/server/mcp/transport.ts', 'src/server/mcp/server.ts', 'src/server/mcp/tools.ts', 'src/server/mcp/server-card.ts']) {
      expect(graph, lazy).toContain(lazy);
      expect(eager.graph, lazy).not.toContain(lazy);
    }
    expect(eager.packages.filter((p) => p.pkg.startsWith('@modelcontextprotocol/'))).toEqual([]);
  });

  test('node:dns and node:https are not imported at load (the metadata-document fetch takes them when it runs)', () => {
    expect(eager.packages.filter((p) => p.pkg === 'node:dns' || p.pkg === 'node:https').map(({ file, pkg }) => `${file} → ${pkg}`)).toEqual([]);
  });
});
