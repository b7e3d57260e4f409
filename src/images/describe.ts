// Reading a content image when the content loads: its bytes' digest, its size and format (the
// loader's part of images.ts, kept apart so the function never imports image-size or node:fs).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { imageSize } from 'image-size';
import { type ContentImage, IMAGE_EXTENSIONS, isImageFile } from './images.ts';
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

/** Reads an image's size and digest, or says what is wrong with it (for a content error, naming it as `file`). */
export function describeImage(path: string, file: string, alt: string): ContentImage | string {
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
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { file: relative(process.cwd(), path).split('\\').join('/'), digest, width: size.width, height: size.height, type: size.type, alt };
}
