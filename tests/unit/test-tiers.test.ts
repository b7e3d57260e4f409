// FO-TEST-TIERS: the unit tier's guard (tests/support/unit-guard.ts, a setup file of the tier) refuses
// what would make a unit test an integration test, so a test that needs a process or a socket fails
// in the wrong folder instead of slowing the tier down unseen.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { UNIT_TIER_REFUSAL } from '../support/unit-guard.ts';

describe('FO-TEST-TIERS: the unit tier starts no process and opens no socket', () => {
  it('refuses a child process, however it is imported, naming the tier that may start one', () => {
    expect(() => spawnSync('true')).toThrow(UNIT_TIER_REFUSAL);
    expect(() => spawn('true')).toThrow(UNIT_TIER_REFUSAL);
    expect(() => execFileSync('true')).toThrow(UNIT_TIER_REFUSAL);
  });

  it('refuses to listen on a socket (an HTTP server included)', () => {
    expect(() => createServer().listen(0, '127.0.0.1')).toThrow(UNIT_TIER_REFUSAL);
  });
});
