// FO-GALLERY: a gallery's justified rows, decided by the build from each image's width and height.
// Each row is a flex line whose items grow in proportion to their aspect ratio from a zero basis,
// so every item of a row has the same height and keeps its own shape at any width; the build picks
// the breaks (the browser's own wrapping would break differently at each width, and `sizes` could
// not then say how wide an image is shown).

/** The reading column a gallery fills, in CSS px (global.css: `--measure`, 40rem). */
export const GALLERY_WIDTH = 640;
/** The gap between items and rows, in CSS px (global.css: `.gallery` gap, 0.5rem). */
export const GALLERY_GAP = 8;
/** The row height aimed at in the full column, in CSS px. */
const TARGET_HEIGHT = 200;
/** A row that would stand taller than this at full width (a lone portrait) is narrowed instead. */
const MAX_HEIGHT = 300;
/** Below this width (30rem) a gallery is one column: every item as wide as the column (global.css). */
export const ONE_COLUMN_BELOW = '30rem';

export interface GalleryRow {
  /** Indices of the row's items, in the owner's order. */
  items: number[];
  /** The share of the column the row spans (1 but for a row narrowed to MAX_HEIGHT). */
  fill: number;
}

/** The row's height when it spans `width` px: the items share what the gaps leave, by aspect ratio. */
const heightAt = (ratios: number[], width: number) => (width - GALLERY_GAP * (ratios.length - 1)) / ratios.reduce((a, b) => a + b, 0);

/**
 * Rows in the owner's order: an item joins the row when that brings the row's height nearer the
 * target, so a panorama stands alone and phone screenshots gather several to a row.
 */
export function galleryRows(ratios: number[]): GalleryRow[] {
  const rows: number[][] = [];
  let row: number[] = [];
  for (const [i, ratio] of ratios.entries()) {
    if (row.length) {
      const shown = row.map((j) => ratios[j]!);
      const without = Math.abs(heightAt(shown, GALLERY_WIDTH) - TARGET_HEIGHT);
      const withIt = Math.abs(heightAt([...shown, ratio], GALLERY_WIDTH) - TARGET_HEIGHT);
      if (withIt > without) {
        rows.push(row);
        row = [];
      }
    }
    row.push(i);
  }
  if (row.length) rows.push(row);
  return rows.map((items) => {
    const shown = items.map((j) => ratios[j]!);
    const height = heightAt(shown, GALLERY_WIDTH);
    if (height <= MAX_HEIGHT) return { items, fill: 1 };
    // Narrowed so that it stands MAX_HEIGHT tall: its images' widths plus its gaps, of the column.
    const width = MAX_HEIGHT * shown.reduce((a, b) => a + b, 0) + GALLERY_GAP * (items.length - 1);
    return { items, fill: round(width / GALLERY_WIDTH) };
  });
}

/**
 * The `sizes` of an item that takes `share` of its row's width (its aspect ratio over the row's
 * sum, times the row's fill): an upper bound of its shown width at every viewport width, gaps not
 * subtracted. One column on a phone: the viewport less the page's gutters (global.css `--gutter`,
 * 1.125rem at least each side); the full column from 44rem, where the gutters leave 40rem or more.
 */
export function gallerySizes(share: number): string {
  const wide = Math.ceil(GALLERY_WIDTH * share);
  return `(max-width: ${ONE_COLUMN_BELOW}) calc(100vw - 2.25rem), (min-width: 44rem) ${wide}px, calc((100vw - 2.25rem) * ${round(share)})`;
}

const round = (n: number) => Math.ceil(n * 10_000) / 10_000;
