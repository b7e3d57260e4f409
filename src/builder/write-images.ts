// Build step: the content images' files in dist/_images/, encoded with sharp: exactly the files the
// build's outputs named (FO-IMAGES-NAMED: src/images/images.ts namedImages), in every language.
// Each file is named by the source's digest and kept in the build cache's folder for this code
// (src/builder/disk-cache.ts), so a rebuild encodes only images that changed.
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { codeFolder } from './disk-cache.ts';
import type { ContentImage, ImageVariant, NamedFile } from '../images/images.ts';

// AVIF at effort 1: a twentieth of the default's encoding time (about 0.2 s against 3.3 s for one cover's five widths, measured here), for files a few per cent larger.
const ENCODE = { avif: { quality: 55, effort: 1 }, webp: { quality: 78 } } as const;

/** Writes one variant into the cache (encoding only when it is not there yet): its cached path, and whether it was encoded now. */
export async function encodeVariant(root: string, image: ContentImage, variant: ImageVariant): Promise<{ cached: string; encoded: boolean }> {
  const cacheDir = codeFolder('images', root);
  const cached = join(cacheDir, variant.path.split('/').pop()!);
  if (existsSync(cached)) return { cached, encoded: false };
  mkdirSync(cacheDir, { recursive: true });
  const source = join(root, image.file);
  // Written aside and renamed: a build stopped mid-write never leaves a broken file in the cache.
  const aside = `${cached}.${process.pid}.tmp`;
  if (variant.format === 'svg') copyFileSync(source, aside);
  else {
    await sharp(source, { animated: image.type === 'gif' })
      .rotate()
      .resize({ width: variant.width, withoutEnlargement: true })
      .toFormat(variant.format, ENCODE[variant.format])
      .toFile(aside);
  }
  renameSync(aside, cached);
  return { cached, encoded: true };
}

/** What a caller is told while the images are written (the build's progress line, build-progress.ts). */
export interface ImageProgress {
  /** How many files are to be written. */
  start(total: number): void;
  /** One file is written; `encoded` when it was encoded now rather than taken from the cache. */
  done(encoded: boolean): void;
}

/**
 * Writes each named file into `distDir` (namedImages: what the pages, twins, feeds and the data file
 * named); returns how many files were written, of how many source images, and how many were encoded now.
 */
export async function writeImages(
  root: string,
  named: Iterable<NamedFile>,
  distDir: string,
  progress?: ImageProgress,
): Promise<{ files: number; sources: number; encoded: number }> {
  const jobs = [...named];
  progress?.start(jobs.length);
  let encoded = 0;
  // Two at a time: sharp already spreads one image's work over libuv's threads.
  for (let i = 0; i < jobs.length; i += 2) {
    await Promise.all(
      jobs.slice(i, i + 2).map(async ({ image, variant }) => {
        const { cached, encoded: now } = await encodeVariant(root, image, variant);
        if (now) encoded++;
        const target = join(distDir, variant.path);
        mkdirSync(join(target, '..'), { recursive: true });
        copyFileSync(cached, target);
        progress?.done(now);
      }),
    );
  }
  return { files: jobs.length, sources: new Set(jobs.map((job) => job.image.digest)).size, encoded };
}
