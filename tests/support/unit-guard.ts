// FO-TEST-TIERS: the unit tier builds nothing, opens no socket and starts no process, so it runs in
// seconds and in any order. Each of those refuses here, naming the tier a test that needs it belongs
// in. Node's built-in modules are patched on their shared objects and then re-exported to ES module
// importers (node:module syncBuiltinESMExports), so `import { spawnSync }` sees the refusal too.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

export const UNIT_TIER_REFUSAL = 'the unit tier starts no process and opens no socket: a test that needs one belongs in tests/integration/';

const refuse = (what: string) => () => {
  throw new Error(`${what}: ${UNIT_TIER_REFUSAL}`);
};

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse(`child_process.${name}`);
}
net.Server.prototype.listen = refuse('net.Server.listen') as never;
syncBuiltinESMExports();
