// FO-ROUTES-VALID with the platform's own code: the Vercel CLI's vercel.json validator (what `vercel
// build` and `vercel deploy` run before anything else) on the committed vercel.json. The CLI is no
// dependency: the pinned version is fetched on first use (scripts/lib/pinned-tool.ts), a process
// and the network, so this lives in the integration tier. The pure checks of the same file are in
// tests/unit/serve-vercel-config.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { pinnedTool } from '../../scripts/lib/pinned-tool.ts';
import type { VercelConfig } from '../../src/builder/vercel-config.ts';

type Validate = (config: unknown) => { message: string } | null;

const committed: VercelConfig = JSON.parse(readFileSync('vercel.json', 'utf8'));
let validate: Validate;

/** The validator, found by its name in the CLI's bundle: its chunk names are hashes. */
async function cliConfigValidator(cli: string): Promise<Validate> {
  const dir = join(cli, 'node_modules', 'vercel', 'dist', 'chunks');
  const file = readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('function validateConfig('));
  if (!file) throw new Error(`no chunk of ${dir} defines validateConfig: the Vercel CLI changed its bundle`);
  return (await import(pathToFileURL(join(dir, file)).href)).validateConfig;
}

beforeAll(async () => {
  validate = await cliConfigValidator(pinnedTool('vercel', 'to validate vercel.json with its own validator (FO-ROUTES-VALID)'));
}, 300_000);

describe('FO-ROUTES-VALID: the platform accepts the generated routing (docs/decisions.md § Routing survives the platform)', () => {
  test('FO-ROUTES-VALID: the CLI’s validator accepts vercel.json, `handle` entries included, and refuses a broken one', () => {
    expect(validate(committed)).toBeNull();
    // The validator is live, not a stub: an unknown handle phase is refused with the CLI's message.
    const broken = { ...committed, routes: [...committed.routes, { handle: 'nope' }] };
    expect(validate(broken)?.message).toMatch(/Invalid vercel\.json/);
  });
});
