// Property and fuzz tests run a fifth of their cases outside CI and every case in CI (CI=true), so
// the run a contributor makes after each change stays fast while CI explores as far as before. A
// failure prints fast-check's seed and path, which replays it at either count (`{ seed, path }`).
import fc from 'fast-check';

export const FULL_RUNS = Boolean(process.env.CI);

/** The number of cases for a property written for `full` of them. */
export const runs = (full: number): number => (FULL_RUNS ? full : Math.max(10, Math.ceil(full / 5)));

// fast-check's own default (100) for the properties that name no count.
fc.configureGlobal({ numRuns: runs(100) });
