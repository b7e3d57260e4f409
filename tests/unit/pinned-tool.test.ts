// The tools fetched on demand (scripts/lib/pinned-tool.ts): each is pinned to one exact version,
// lives where npm and git already ignore it, and is never also a dependency, which would install it
// twice and let the two versions drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { PINNED_TOOLS, TOOLS_FOLDER, type ToolName, toolFolder, toolManifest } from '../../scripts/lib/pinned-tool.ts';

const names = Object.keys(PINNED_TOOLS) as ToolName[];
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

describe('pinned tools', () => {
  test('each is pinned to an exact version, in its folder’s name and its manifest', () => {
    for (const name of names) {
      const { version } = PINNED_TOOLS[name];
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(toolFolder(name)).toBe(`${TOOLS_FOLDER}/${name}@${version}`);
      expect(toolManifest(name).dependencies).toEqual({ [name]: version });
    }
  });

  test('their folder is inside node_modules: ignored by git, and gone with a fresh install', () => {
    expect(TOOLS_FOLDER.startsWith('node_modules/')).toBe(true);
    expect(readFileSync('.gitignore', 'utf8').split('\n')).toContain('node_modules');
  });

  test('none is a dependency of Folio, and Folio’s package.json carries none of their overrides', () => {
    for (const name of names) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.devDependencies[name], name).toBeUndefined();
      for (const dependency of Object.keys(toolManifest(name).overrides ?? {})) expect(pkg.overrides?.[dependency], `${name}: ${dependency}`).toBeUndefined();
    }
  });

  test('the Vercel CLI’s install keeps the override it needs here (its pinned sandbox 4.4.0 is not on the registry)', () => {
    expect(toolManifest('vercel').overrides).toEqual({ sandbox: '4.5.0' });
  });
});
