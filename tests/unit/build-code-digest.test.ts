// FO-INCREMENTAL: the build cache invalidates what an edit touches. Each kind of cached result is
// named by a digest of the code that makes it (codeDigest over the module's imports): a stylesheet
// edit or an edit to the function keeps them. tests/integration/build-incremental.test.ts proves the
// output still equals a build from nothing after such edits.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { codeClosure, codeDigest } from '../../src/builder/code-hash.ts';
import { MADE_BY } from '../../src/builder/disk-cache.ts';
import { tempDir } from '../support/temp-dir.ts';

const isFunctionCode = (file: string) => file.startsWith('src/server/') || file.startsWith('api/');

describe('FO-INCREMENTAL: what each kind of cached result is made by', () => {
  test('codeClosure follows relative imports (static, dynamic, type-only, stylesheets) and nothing else', () => {
    const root = tempDir('folio-closure-');
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    };
    write(
      'src/a.ts',
      "import { b } from './b.ts';\nimport type { T } from '../types/t.ts';\nimport './a.css';\nconst c = () => import('./c.ts');\nimport x from 'zod';\n",
    );
    write('src/b.ts', "export * from './d/e.ts';\n");
    write('src/a.css', '');
    write('src/c.ts', '');
    write('src/d/e.ts', '');
    write('types/t.ts', '');
    write('src/unrelated.ts', '');
    expect(codeClosure(['src/a.ts'], root)).toEqual(['src/a.css', 'src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d/e.ts', 'types/t.ts']);
    const before = codeDigest(['src/a.ts'], root);
    write('src/unrelated.ts', 'changed');
    expect(codeDigest(['src/a.ts'], root)).toBe(before);
    write('src/d/e.ts', 'changed');
    expect(codeDigest(['src/a.ts'], root)).not.toBe(before);
  });

  test('encoded images and social cards do not depend on the stylesheet or the function', () => {
    for (const [kind, module] of Object.entries(MADE_BY)) {
      const closure = codeClosure([module]);
      expect(closure, kind).toContain(module);
      expect(
        closure.filter((file) => file.endsWith('.css') || isFunctionCode(file)),
        kind,
      ).toEqual([]);
    }
  });
});
