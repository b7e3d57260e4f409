// What npm run dev prints of astro dev's output (scripts/local-server/astro-output.ts).
import { describe, expect, test } from 'vitest';
import { astroOutputFilter } from '../../scripts/local-server/astro-output.ts';

const INNER = 'http://127.0.0.1:43211';
const run = (lines: string[], debug = false) => {
  const filter = astroOutputFilter(INNER, debug);
  return lines.map(filter).filter((l) => l !== undefined);
};
const ERROR = '12:00:01 [ERROR] Invalid content: content/projects/quarry.md: field "type" expected one of app, library, got "website"';
const STACK = [
  '  Stack trace:',
  '    at readContent (/x/src/records/load.ts:174:13)',
  '    [...] See full stack trace in the browser, or rerun with --verbose.',
];

describe('the owner’s loop: npm run dev shows a content error once, without a stack trace', () => {
  test('Folio’s line first; Astro’s repeats of the same error and every stack trace are dropped', () => {
    const ours =
      '12:00:00 [ERROR] [folio] content not reloaded into the API (the last good data stays): Invalid content: content/projects/quarry.md: field "type" expected one of app, library, got "website"';
    expect(run([ours, ERROR, ...STACK, ERROR, ...STACK, '12:00:02 [200] /about 3ms'])).toEqual([ours, '12:00:02 [200] /about 3ms']);
  });

  test('an error Folio did not print yet is shown once, its problems kept and its stack dropped', () => {
    const many = [
      '12:00:01 [ERROR] Invalid content (2 problems):',
      '  - content/a.md: field "x" is required',
      '  - content/b.md: field "y" is required',
      ...STACK,
    ];
    expect(run([...many, ...many])).toEqual(many.slice(0, 3));
  });

  test('a content change shows the next error again; FOLIO_DEBUG=1 shows everything; the inner address is never shown', () => {
    expect(run([ERROR, '12:00:05 [INFO] [folio] content changed: data file rewritten (build x)', ERROR])).toEqual([
      ERROR,
      '12:00:05 [INFO] [folio] content changed: data file rewritten (build x)',
      ERROR,
    ]);
    expect(run([ERROR, ...STACK, ERROR], true)).toEqual([ERROR, ...STACK, ERROR]);
    expect(run([`  ┃ Local    ${INNER}/`, 'astro ready'])).toEqual(['astro ready']);
  });
});
