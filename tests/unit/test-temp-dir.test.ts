// Nothing a test writes outlives it in the machine's temp folder (tests/support/temp-dir.ts): a
// test's folder goes when it ends; a file's folder when the file's tests end, or, made inside a
// test (where an afterAll would never run), when that test ends.
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

const fileFolder = tempDir('folio-temp-file-', 'file');
const made: Record<string, string> = {};

describe('tempDir', () => {
  test('a test’s folder, and a file-scoped one made inside a test, exist while the test runs', () => {
    made.test = tempDir('folio-temp-test-');
    made.fileInTest = tempDir('folio-temp-file-in-test-', 'file');
    expect(existsSync(made.test)).toBe(true);
    expect(existsSync(made.fileInTest)).toBe(true);
  });

  test('both are gone once that test has ended; the file’s own folder is still there', () => {
    expect(existsSync(made.test!)).toBe(false);
    expect(existsSync(made.fileInTest!)).toBe(false);
    expect(existsSync(fileFolder)).toBe(true);
  });
});
