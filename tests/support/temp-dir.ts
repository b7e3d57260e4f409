// A temporary directory for a test, removed when the test ends, or (`'file'`) when the file's
// tests end if it is made at the file's top level, when its test ends if made inside a test (not
// inside a hook): nothing a test writes outlives it in the machine's temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

export function tempDir(prefix: string, until: 'test' | 'file' = 'test'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (until === 'test') onTestFinished(remove);
  else {
    // An afterAll registered while a test runs never runs (Vitest has collected the file's hooks by
    // then), so a `'file'` folder made inside a test goes when that test ends; onTestFinished
    // throws outside a test, where afterAll is the file's.
    try {
      onTestFinished(remove);
    } catch {
      afterAll(remove);
    }
  }
  return dir;
}
