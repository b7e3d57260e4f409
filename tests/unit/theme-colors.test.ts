// FO-THEME: the colour maths behind theme.accent: WCAG 2.x contrast, the dark scheme's accent
// derived from the owner's, and the nearest passing colour named when an accent is refused.
import { describe, expect, test } from 'vitest';
import {
  accentProblem,
  accentVariants,
  BACKGROUNDS,
  contrast,
  MIN_CONTRAST,
  nearestPassing,
  parseHex,
  themeCss,
  toHex,
  worstContrast,
} from '../../src/records/theme.ts';

describe('FO-THEME: contrast', () => {
  test('matches WCAG 2.x reference values: black on white 21:1, white on white 1:1, #767676 on white ≈ 4.54:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#fff')).toBe(1);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(MIN_CONTRAST);
  });

  test('#rgb and #rrggbb are the same colour', () => {
    expect(toHex(parseHex('#c40'))).toBe('#cc4400');
    expect(toHex(parseHex('#A1401A'))).toBe('#a1401a');
  });

  test("Folio's own default accents pass in both schemes", () => {
    expect(worstContrast('#a1401a', 'light')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(worstContrast('#f2a27a', 'dark')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe('FO-THEME: accent variants', () => {
  const accents = ['#a1401a', '#1d5fd1', '#6b21a8', '#000000', '#0f766e', '#b91c1c', '#4d7c0f', '#333'];
  test.each(accents)(
    "%s: the light accent is the owner's, every variant reaches 4.5:1 on its scheme's backgrounds, hover moves away from the background",
    (hex) => {
      const v = accentVariants(hex);
      expect(v.light.accent).toBe(toHex(parseHex(hex)));
      for (const scheme of ['light', 'dark'] as const) {
        for (const color of [v[scheme].accent, v[scheme].strong])
          expect(worstContrast(color, scheme), `${scheme} ${color}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
        // Button text is the background colour on the accent: the same pair, so it holds too.
        for (const bg of BACKGROUNDS[scheme]) expect(contrast(v[scheme].strong, bg)).toBeGreaterThanOrEqual(contrast(v[scheme].accent, bg) - 1e-9);
      }
      // The soft tint stays a background: body text on it keeps AA.
      expect(contrast(v.light.soft, '#1d1c1a')).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(v.dark.soft, '#ecebe6')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );

  test('the dark accent keeps the hue: a blue stays blue (its blue channel leads)', () => {
    const [r, g, b] = parseHex(accentVariants('#1d5fd1').dark.accent);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });
});

describe('FO-THEME: refusal names the nearest colour that passes', () => {
  test.each(['#ffcc00', '#00aa77', '#ff0000', '#ffffff', '#999'])('%s is refused; the named colour passes, and one lightness step lighter does not', (hex) => {
    const problem = accentProblem(hex);
    expect(problem).toMatch(/at least 4\.5:1 on the light background/);
    const near = /The nearest that passes is "(#[0-9a-f]{6})"/.exec(problem!)?.[1];
    expect(near).toBeDefined();
    expect(near).toBe(nearestPassing(hex, 'light'));
    expect(worstContrast(near!, 'light')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Nearest: not much past the threshold (lightness is stepped by 0.005 in OKLCH).
    expect(worstContrast(near!, 'light')).toBeLessThan(MIN_CONTRAST + 0.35);
  });

  test('a passing accent has no problem', () => {
    expect(accentProblem('#a1401a')).toBeUndefined();
    expect(accentProblem('#6b21a8')).toBeUndefined();
  });
});

describe('FO-THEME: /theme.css', () => {
  test("the accent as light-dark() custom properties; Inter as self-hosted font faces; nothing for today's look", () => {
    const css = themeCss({ accent: '#6b21a8', colorScheme: 'auto', font: 'inter' });
    const v = accentVariants('#6b21a8');
    expect(css).toContain(`--accent: light-dark(${v.light.accent}, ${v.dark.accent});`);
    expect(css).toContain("src: url('/_fonts/inter-latin-400-normal.woff2') format('woff2');");
    expect(css).toContain("--font-sans: 'Inter',");
    expect(themeCss({ colorScheme: 'auto', font: 'system' })).not.toContain(':root');
  });
});
