// A temporary directory for a test, removed when the test ends, or (`'file'`, made at a test
// file's top level, not inside a hook) when the file's tests end: nothing a test writes outlives
// it in the machine's temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

export function tempDir(prefix: string, until: 'test' | 'file' = 'test'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  (until === 'test' ? onTestFinished : afterAll)(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
