// `npm run vercel -- <command> [options]`: the Vercel CLI at the version Folio's suite passes with
// (pinned in scripts/lib/pinned-tool.ts, fetched from the npm registry on first use), for the deploy
// workflow and deploys by hand. The CLI is no dependency: a deploy on Vercel never needs it.
// Its output is the CLI's own (stdout carries what `vercel deploy` prints: the deployment's URL);
// what is fetched is said on stderr.
import { spawnSync } from 'node:child_process';
import { pinnedTool, toolBin } from './lib/pinned-tool.ts';

const args = process.argv.slice(2);
const cli = toolBin(pinnedTool('vercel', `to run \`vercel ${args[0] ?? ''}\``), 'vercel');
const run = spawnSync(cli, args, { stdio: 'inherit' });
if (run.error) throw run.error;
process.exit(run.status ?? 1);
