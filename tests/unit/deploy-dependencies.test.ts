// FO-DEPLOY-LEAN: vercel.json installs a deploy's production dependencies alone, so the build, the
// function and the routing middleware must import no devDependency. Read here from the source: every
// module the deploy's entry points reach through relative imports, and the packages they name.
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOY_INSTALL } from '../../src/builder/vercel-config.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** What a deploy runs: the build script's modules, Astro's config and routes, the function, the middleware. */
function entryPoints(): string[] {
  const build = pkg.scripts
    .build!.split(/\s+/)
    .filter((word) => /\.ts$/.test(word))
    .map((file) => normalize(file));
  const pages = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? pages(join(dir, entry.name)) : [join(dir, entry.name)]));
  return [...build, 'astro.config.ts', 'api/index.ts', 'middleware.ts', ...pages('src/pages').filter((file) => /\.(ts|astro)$/.test(file))];
}

// Static, side-effect and dynamic imports and re-exports; `import type` is erased and never loads.
const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiers(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
}

/** Every package the modules reachable from `entries` import, with the first module that imports it. */
function packagesReached(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.(ts|astro|js|mjs)$/.test(file)) continue;
    seen.add(file);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const path = spec.split('?')[0]!;
      if (path.startsWith('.')) {
        const target = normalize(join(dirname(file), path));
        if (existsSync(target)) queue.push(target);
      } else if (!path.startsWith('node:') && !builtinModules.includes(path) && !path.startsWith('astro:')) {
        const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, file);
      }
    }
  }
  return packages;
}

describe('FO-DEPLOY-LEAN: a deploy installs and imports production dependencies alone', () => {
  it('vercel.json installs without the dev dependencies', () => {
    expect(DEPLOY_INSTALL).toContain('--omit=dev');
    expect(JSON.parse(readFileSync('vercel.json', 'utf8')).installCommand).toBe(DEPLOY_INSTALL);
  });

  it('every package the build, the function and the middleware import is a dependency', () => {
    const reached = packagesReached(entryPoints());
    // The walk must find the deploy's own packages, or it proves nothing.
    for (const name of ['astro', 'hono', 'minisearch', 'zod']) expect([...reached.keys()]).toContain(name);
    const notDependencies = [...reached].filter(([name]) => !(name in pkg.dependencies)).map(([name, file]) => `${name} (imported by ${file})`);
    expect(notDependencies).toEqual([]);
  });

  it('the walk reads every kind of import and skips type-only ones', () => {
    const source = `import a from 'alpha';\nimport type { B } from 'beta';\nexport { c } from 'gamma';\nimport 'delta';\nconst e = await import('epsilon');\nimport {\n  f,\n} from 'zeta';`;
    expect(specifiers(source)).toEqual(['alpha', 'gamma', 'delta', 'epsilon', 'zeta']);
  });
});
