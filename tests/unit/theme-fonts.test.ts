// FO-THEME: theme.font's self-hosted pairings. Each names only files its @fontsource package ships
// (latin subset, woff2), declares a face per file under the family its stacks name, and stays small;
// `system` downloads nothing. The build copies exactly fontFiles() (src/builder/integration.ts, themeFiles).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { FONT_PAIRINGS, FONTS_PATH, fontFiles, needsThemeCss, themeCss } from '../../src/records/theme.ts';

const require = createRequire(import.meta.url);

/** What each pairing sets: the first family of each custom property, and whether headings read in the serif. */
const EXPECTED = {
  inter: { sans: 'Inter', serif: 'Inter', mono: undefined, serifHeadings: false },
  editorial: { sans: 'Source Sans 3', serif: 'Source Serif 4', mono: undefined, serifHeadings: true },
  plex: { sans: 'IBM Plex Sans', serif: 'IBM Plex Sans', mono: 'IBM Plex Mono', serifHeadings: false },
} as const;

/** The first family a custom property of /theme.css names, or undefined when it does not set it. */
const firstFamily = (css: string, property: string) => css.match(new RegExp(`${property}: '([^']+)'`))?.[1];

describe('FO-THEME: font pairings', () => {
  test('the pairings are system (no files) and the three self-hosted ones', () => {
    expect(FONT_PAIRINGS).toEqual(['system', 'inter', 'editorial', 'plex']);
    expect(fontFiles('system')).toEqual([]);
    expect(needsThemeCss({ colorScheme: 'auto', font: 'system' })).toBe(false);
  });

  for (const font of ['inter', 'editorial', 'plex'] as const) {
    describe(font, () => {
      const files = fontFiles(font);
      const css = themeCss({ colorScheme: 'auto', font });

      test('every file is a latin woff2 its @fontsource package ships, served under /_fonts/ by its own name', () => {
        expect(files.length).toBeGreaterThan(0);
        expect(needsThemeCss({ colorScheme: 'auto', font })).toBe(true);
        for (const f of files) {
          expect(f.source).toMatch(/^@fontsource\/[a-z0-9-]+\/files\/[a-z0-9-]+-latin-\d{3}-(normal|italic)\.woff2$/);
          expect(f.path).toBe(`${FONTS_PATH}/${f.source.split('/').at(-1)}`);
          expect(f.source).toContain(`-${f.weight}-${f.style}.woff2`);
          // woff2's signature: the bytes the build copies are a font, not a pointer or a stylesheet.
          expect(readFileSync(require.resolve(f.source)).subarray(0, 4).toString('latin1'), f.source).toBe('wOF2');
        }
        expect(new Set(files.map((f) => f.path)).size).toBe(files.length);
      });

      test('its files stay small: under 120 KB for the whole pairing', () => {
        const bytes = files.reduce((sum, f) => sum + readFileSync(require.resolve(f.source)).length, 0);
        expect(bytes).toBeLessThan(120_000);
      });

      test('/theme.css declares one @font-face per file, swap, under the family its stacks name first', () => {
        const faces = css.match(/@font-face \{[^}]*\}/g) ?? [];
        expect(faces).toHaveLength(files.length);
        for (const f of files) {
          expect(css).toContain(
            `@font-face {\n  font-family: '${f.family}';\n  font-style: ${f.style};\n  font-weight: ${f.weight};\n  font-display: swap;\n  src: url('${f.path}') format('woff2');\n}`,
          );
        }
        const expected = EXPECTED[font];
        expect(firstFamily(css, '--font-sans')).toBe(expected.sans);
        expect(firstFamily(css, '--font-serif')).toBe(expected.serif);
        expect(firstFamily(css, '--font-mono')).toBe(expected.mono);
        // Every family a stack names first has faces to load, and every face's family is named by a stack.
        const named = new Set([expected.sans, expected.serif, expected.mono].filter(Boolean));
        expect(new Set(files.map((f) => f.family))).toEqual(named);
        expect(css.includes('h4 {\n  font-family: var(--font-serif);\n}')).toBe(expected.serifHeadings);
        // Reading text gets a true italic (quotes, emphasis) wherever the pairing brings its own reading face.
        if (font !== 'inter') expect(files.some((f) => f.family === expected.serif && f.style === 'italic')).toBe(true);
      });
    });
  }

  test('an accent and a pairing share one :root block', () => {
    const css = themeCss({ accent: '#6b21a8', colorScheme: 'auto', font: 'plex' });
    expect(css.match(/:root \{/g)).toHaveLength(1);
    expect(css).toMatch(/:root \{\n {2}--accent: [^\n]+\n(?: {2}--[^\n]+\n)*? {2}--font-mono: 'IBM Plex Mono'/);
  });
});
