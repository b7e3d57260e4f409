// The owner's look (site.md `theme:`), as data: the accent colour's variants for each scheme, the
// font pairing, and the stylesheet the build writes from them (/theme.css). Colour maths is WCAG 2.x
// relative luminance for contrast and OKLCH for lightness steps, so a variant keeps its hue (FO-THEME).

/** WCAG AA for normal text: the accent is link text on the page and the background of button text. */
export const MIN_CONTRAST = 4.5;

/** The backgrounds accent text sits on in each scheme: --bg and --surface in src/styles/global.css. */
export const BACKGROUNDS = { light: ['#fbfaf7', '#ffffff'], dark: ['#141413', '#1b1b19'] } as const;

/**
 * Named font pairings (README § Make it yours, docs/decisions.md § Make it yours). `system` is the
 * platform's own fonts: today's look. The others are self-hosted (FONT_STACKS below).
 */
export const FONT_PAIRINGS = ['system', 'inter', 'editorial', 'plex'] as const;
export type FontPairing = (typeof FONT_PAIRINGS)[number];

/** The scheme setting: `auto` follows the system and shows a toggle; the others are fixed. */
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

type Rgb = [number, number, number];

/** `#abc` or `#aabbcc` → 0..1 channels. */
export function parseHex(hex: string): Rgb {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG 2.x relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The lowest contrast of `hex` against the backgrounds of one scheme. */
export const worstContrast = (hex: string, scheme: 'light' | 'dark') => Math.min(...BACKGROUNDS[scheme].map((bg) => contrast(hex, bg)));

// OKLab (Björn Ottosson, 2020), from and to linear sRGB; OKLCH is its polar form.
function toOklch(hex: string): Rgb {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return [L, Math.hypot(A, B), Math.atan2(B, A)];
}

function oklchToLinear([L, C, H]: Rgb): Rgb {
  const A = C * Math.cos(H);
  const B = C * Math.sin(H);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** OKLCH → hex, lowering chroma until the colour fits sRGB (a lighter or darker colour of the same hue). */
function fromOklch([L, C, H]: Rgb): string {
  const lightness = Math.min(1, Math.max(0, L));
  const inGamut = (c: number) => oklchToLinear([lightness, c, H]).every((v) => v >= -1e-4 && v <= 1 + 1e-4);
  let chroma = C;
  if (!inGamut(chroma)) {
    let [lo, hi] = [0, C];
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(mid)) lo = mid;
      else hi = mid;
    }
    chroma = lo;
  }
  return toHex(oklchToLinear([lightness, chroma, H]).map(fromLinear) as Rgb);
}

/**
 * The colour of the same hue nearest in lightness to `hex` that reaches `target` contrast in
 * `scheme` (darker for light, lighter for dark), stepping OKLCH lightness by 0.005.
 */
export function nearestPassing(hex: string, scheme: 'light' | 'dark', target = MIN_CONTRAST): string {
  const [L, C, H] = toOklch(hex);
  const step = scheme === 'light' ? -0.005 : 0.005;
  for (let l = L; l >= 0 && l <= 1; l += step) {
    const candidate = fromOklch([l, C, H]);
    if (worstContrast(candidate, scheme) >= target) return candidate;
  }
  return scheme === 'light' ? '#000000' : '#ffffff';
}

/** Lightness moved by `delta` in OKLCH, the same hue. */
const shifted = (hex: string, delta: number) => {
  const [L, C, H] = toOklch(hex);
  return fromOklch([L + delta, C, H]);
};
/** A pale (light) or deep (dark) tint of the hue: selection and quote backgrounds. */
const tint = (hex: string, L: number) => {
  const [, C, H] = toOklch(hex);
  return fromOklch([L, Math.min(C, 0.04), H]);
};

export interface AccentVariants {
  light: { accent: string; strong: string; soft: string };
  dark: { accent: string; strong: string; soft: string };
}

/**
 * The owner's accent is the light scheme's, as written (their brand colour is not silently
 * changed; loadContent refuses one below 4.5:1). The dark scheme's is the same hue made lighter
 * until it reads comfortably (6:1) on the dark backgrounds; hover variants move further from the
 * background, so their contrast only grows.
 */
export function accentVariants(hex: string): AccentVariants {
  const accent = toHex(parseHex(hex));
  const dark = nearestPassing(accent, 'dark', 6);
  return {
    light: { accent, strong: shifted(accent, -0.08), soft: tint(accent, 0.94) },
    dark: { accent: dark, strong: shifted(dark, 0.08), soft: tint(accent, 0.27) },
  };
}

/** Why an accent cannot be used, naming the nearest colour that can; undefined when it passes. */
export function accentProblem(hex: string): string | undefined {
  const worst = worstContrast(hex, 'light');
  if (worst >= MIN_CONTRAST) return undefined;
  const near = nearestPassing(hex, 'light');
  return `a colour with text contrast of at least ${MIN_CONTRAST}:1 on the light background (WCAG AA); ${hex} has ${worst.toFixed(2)}:1. The nearest that passes is "${near}"`;
}

export interface ThemeSettings {
  accent?: string;
  colorScheme: ColorScheme;
  font: FontPairing;
}

/** A self-hosted font file the theme stylesheet names: where it is served, and its npm source. */
export interface FontFile {
  /** The family its @font-face declares, as the pairing's stacks name it. */
  family: string;
  path: string;
  /** Module specifier resolved with require.resolve. */
  source: string;
  weight: number;
  style: 'normal' | 'italic';
}

/**
 * Site path of Folio's own stylesheet (src/styles/global.css, minified by the build): one name
 * across deploys, revalidated like the pages, so editing it renders no page again (FO-INCREMENTAL).
 */
export const SITE_CSS_PATH = '/folio.css';
/** Where that stylesheet's source is, from the project root. */
export const SITE_CSS_SOURCE = 'src/styles/global.css';
/** Site path of the stylesheet the build writes from `theme:` (linked after Folio's own). */
export const THEME_CSS_PATH = '/theme.css';
/** Site path of content/custom.css, copied as it is, linked last. */
export const CUSTOM_CSS_PATH = '/custom.css';
export const FONTS_PATH = '/_fonts';

/** One family of a pairing: its @fontsource package (latin subset, woff2) and the faces it serves. */
interface FontFamily {
  family: string;
  /** The @fontsource package's name, also its files' prefix: `@fontsource/<pkg>/files/<pkg>-latin-<weight>-<style>.woff2`. */
  pkg: string;
  /**
   * The weights global.css asks of it (400 text; 500–750 interface and headings, which the browser
   * matches to the nearest of these) and, for a reading face, a true italic for quotes and emphasis.
   */
  normal: number[];
  italic?: number[];
}

interface Pairing {
  families: FontFamily[];
  /** Custom properties of global.css this pairing sets: interface and headings, reading text, code. */
  sans?: string;
  serif?: string;
  mono?: string;
  /** Headings in the reading face instead of the interface one (global.css sets them in --font-sans). */
  serifHeadings?: boolean;
}

const SANS_FALLBACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const INTER = `'Inter', ${SANS_FALLBACK}`;
const PLEX_SANS = `'IBM Plex Sans', ${SANS_FALLBACK}`;

/**
 * What each self-hosted pairing serves (FO-THEME). All are SIL OFL fonts from @fontsource, latin
 * subset only, about 100 KB a pairing, each file fetched only by a page that uses its face:
 * - `inter`: Inter for everything (the social cards' font too).
 * - `editorial`: Adobe's Source pair, designed together: Source Serif 4 for headings and reading
 *   text, Source Sans 3 for the interface.
 * - `plex`: IBM Plex Sans for everything, IBM Plex Mono for code: a technical, engineered look.
 */
const FONT_STACKS: Record<Exclude<FontPairing, 'system'>, Pairing> = {
  inter: {
    families: [{ family: 'Inter', pkg: 'inter', normal: [400, 600, 700, 800] }],
    sans: INTER,
    serif: INTER,
  },
  editorial: {
    families: [
      { family: 'Source Serif 4', pkg: 'source-serif-4', normal: [400, 700], italic: [400] },
      { family: 'Source Sans 3', pkg: 'source-sans-3', normal: [400, 600, 700] },
    ],
    sans: `'Source Sans 3', ${SANS_FALLBACK}`,
    serif: "'Source Serif 4', Charter, Georgia, 'Noto Serif', serif",
    serifHeadings: true,
  },
  plex: {
    families: [
      { family: 'IBM Plex Sans', pkg: 'ibm-plex-sans', normal: [400, 600, 700], italic: [400] },
      { family: 'IBM Plex Mono', pkg: 'ibm-plex-mono', normal: [400] },
    ],
    sans: PLEX_SANS,
    serif: PLEX_SANS,
    mono: "'IBM Plex Mono', ui-monospace, Menlo, Consolas, monospace",
  },
};

/** The font files a pairing needs (none for `system`). */
export function fontFiles(font: FontPairing): FontFile[] {
  if (font === 'system') return [];
  return FONT_STACKS[font].families.flatMap(({ family, pkg, normal, italic = [] }) =>
    [...normal.map((weight) => ({ weight, style: 'normal' as const })), ...italic.map((weight) => ({ weight, style: 'italic' as const }))].map(
      ({ weight, style }) => {
        const file = `${pkg}-latin-${weight}-${style}.woff2`;
        return { family, path: `${FONTS_PATH}/${file}`, source: `@fontsource/${pkg}/files/${file}`, weight, style };
      },
    ),
  );
}

/** Whether the site needs /theme.css at all: the default look needs nothing beyond Folio's stylesheet. */
export const needsThemeCss = (theme: ThemeSettings) => theme.accent !== undefined || theme.font !== 'system';

/** /theme.css: custom properties (and font faces) that override Folio's defaults. Only validated values reach it. */
export function themeCss(theme: ThemeSettings): string {
  const out = ['/* Written by the build from content/site.md `theme:`; edit that, not this file. */'];
  for (const f of fontFiles(theme.font)) {
    out.push(
      `@font-face {\n  font-family: '${f.family}';\n  font-style: ${f.style};\n  font-weight: ${f.weight};\n  font-display: swap;\n  src: url('${f.path}') format('woff2');\n}`,
    );
  }
  const vars: string[] = [];
  if (theme.accent) {
    const v = accentVariants(theme.accent);
    vars.push(
      `  --accent: light-dark(${v.light.accent}, ${v.dark.accent});`,
      `  --accent-strong: light-dark(${v.light.strong}, ${v.dark.strong});`,
      `  --accent-soft: light-dark(${v.light.soft}, ${v.dark.soft});`,
    );
  }
  const pairing = theme.font === 'system' ? undefined : FONT_STACKS[theme.font];
  if (pairing?.sans) vars.push(`  --font-sans: ${pairing.sans};`);
  if (pairing?.serif) vars.push(`  --font-serif: ${pairing.serif};`);
  if (pairing?.mono) vars.push(`  --font-mono: ${pairing.mono};`);
  if (vars.length) out.push(`:root {\n${vars.join('\n')}\n}`);
  if (pairing?.serifHeadings) out.push('h1,\nh2,\nh3,\nh4 {\n  font-family: var(--font-serif);\n}');
  return `${out.join('\n\n')}\n`;
}

/** site.md's `theme:` with its defaults filled in (absent: today's look, following the system). */
export const themeOf = (site: { theme?: Partial<ThemeSettings> }): ThemeSettings => ({ colorScheme: 'auto', font: 'system', ...site.theme });

/** site.md's `show:` with its defaults: the footer shows both blocks unless turned off. */
export const showOf = (site: { show?: { forSoftware?: boolean; markdownLink?: boolean } }) => ({ forSoftware: true, markdownLink: true, ...site.show });
