// Reading a content image when the content loads: its bytes' digest, its size and format (the
// loader's part of images.ts, kept apart so the function never imports image-size or node:fs).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { imageSize } from 'image-size';
import { type ContentImage, IMAGE_EXTENSIONS, IMAGE_WIDTHS, isImageFile } from './images.ts';
import { svgProblem } from './svg-safety.ts';

/** Formats image-size reports that Folio publishes (jpeg files report `jpg`). */
const ACCEPTED_TYPES = new Set(['png', 'jpg', 'webp', 'avif', 'gif', 'svg']);

/** " (did you mean x.jpg?)": an image file of the same name with another extension, beside the one named. */
function sameNameElsewhere(path: string, file: string): string {
  const base = basename(path, extname(path));
  try {
    const near = readdirSync(dirname(path)).find((name) => basename(name, extname(name)) === base && isImageFile(name));
    return near ? ` (did you mean ${join(dirname(file), near).split('\\').join('/')}?)` : '';
  } catch {
    return '';
  }
}

/**
 * Past either limit a source image is a warning, never an error (FO-IMAGE-SIZE): the pages are
 * fine (the build encodes at most IMAGE_WIDTHS' widest), but every clone, build and deploy carries
 * the file, and encoding it is the slowest part of a first build. `resizeTo` is the advice: the
 * widest served width with room to crop.
 */
export const LARGE_IMAGE = { megabytes: 5, pixels: 4000, resizeTo: 2400 } as const;

/** The warning for a source image past LARGE_IMAGE, naming it as `file`, or undefined. */
export function largeImageWarning(file: string, bytes: number, width: number, height: number, type: string): string | undefined {
  const megabytes = bytes / 1_000_000;
  const vector = type === 'svg';
  if (megabytes <= LARGE_IMAGE.megabytes && (vector || Math.max(width, height) <= LARGE_IMAGE.pixels)) return undefined;
  const size = `${megabytes.toFixed(megabytes < 1 ? 2 : 1)} MB${vector ? '' : `, ${width}×${height} px`}`;
  return vector
    ? `${file}: a large source image (${size}); simplify or optimise it (e.g. with SVGO): an SVG is served as it is`
    : `${file}: a large source image (${size}); resize it to ${LARGE_IMAGE.resizeTo} px wide or less (the site serves at most ${IMAGE_WIDTHS.at(-1)} px): a big file slows every clone, build and deploy`;
}

/**
 * Reads an image's size and digest, or says what is wrong with it (for a content error, naming it
 * as `file`); `warn` is told of a source image past LARGE_IMAGE.
 */
export function describeImage(path: string, file: string, alt: string, warn?: (warning: string) => void): ContentImage | string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return `expected an image file, but ${file} does not exist${sameNameElsewhere(path, file)}`;
  }
  if (!isImageFile(path)) return `expected an image (${IMAGE_EXTENSIONS.join(', ')}), got ${file}`;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return `expected an image (${IMAGE_EXTENSIONS.join(', ')}), but ${file} is not one`;
  }
  if (!size.type || !ACCEPTED_TYPES.has(size.type) || !size.width || !size.height) {
    return `expected an image (${IMAGE_EXTENSIONS.join(', ')}), but ${file} is ${size.type ?? 'of an unknown format'}`;
  }
  const unsafe = size.type === 'svg' && svgProblem(bytes, file);
  if (unsafe) return unsafe;
  const large = largeImageWarning(file, bytes.length, size.width, size.height, size.type);
  if (large) warn?.(large);
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { file: relative(process.cwd(), path).split('\\').join('/'), digest, width: size.width, height: size.height, type: size.type, alt };
}
