// Content images (covers, the avatar, images in bodies): described when the content loads, then
// written at build as AVIF and WebP at a few widths, named by a digest of the source file.
//
// Why not Astro's image pipeline (getImage/<Picture>): the data file the API serves, the Markdown
// twins and llms-full.txt are written before Astro renders a page, and they carry each image's URL
// and size. Names derived from the file's digest are known the moment the content loads, on every
// surface at once, and they double as the rebuild cache's key (an unchanged image is never
// encoded twice). The encoder is the one Astro uses: sharp.
//
// This module is what every surface reads (URLs, sizes, variants), the function included; reading
// an image file (describe.ts) is the loader's alone, so image-size and node:fs stay out of the
// function's import graph (FO-FUNCTION-GRAPH).
/** Source formats Folio accepts; SVG is published as it is. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'gif', 'svg'] as const;

/** Widths written for raster images (those not above the source's own width). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1600] as const;
/** Output formats, best first: `<picture>` offers them in this order. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Where the build writes images in dist/, and the URL path they are served at. */
export const IMAGES_PATH = '/_images';

export interface ContentImage {
  /** The source file, relative to the project root (where the build runs). */
  file: string;
  /** Digest of the file's bytes: changes exactly when the image does. */
  digest: string;
  width: number;
  height: number;
  /** The source's format, as detected from its bytes. */
  type: string;
  alt: string;
}

export const isImageFile = (name: string) => IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(`.${ext}`));

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageFormat | 'svg';
  /** Site path, e.g. /_images/Ab12…-640.webp */
  path: string;
}

/** The files the build writes for an image: one SVG as it is, or each width in each format. */
export function imageVariants(image: ContentImage): ImageVariant[] {
  if (image.type === 'svg') return [{ width: image.width, height: image.height, format: 'svg', path: `${IMAGES_PATH}/${image.digest}.svg` }];
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < image.width);
  if (image.width <= IMAGE_WIDTHS.at(-1)!) widths.push(image.width);
  return IMAGE_FORMATS.flatMap((format) =>
    widths.map((width) => ({
      width,
      height: Math.round((image.height * width) / image.width),
      format,
      path: `${IMAGES_PATH}/${image.digest}-${width}.${format}`,
    })),
  );
}

/** The one file agents are given (twins, llms-full.txt, the API, JSON-LD): WebP up to 1280 wide, or the SVG. */
export function agentImage(image: ContentImage): ImageVariant {
  const variants = imageVariants(image);
  if (image.type === 'svg') return variants[0]!;
  const webp = variants.filter((v) => v.format === 'webp');
  return webp.filter((v) => v.width <= 1280).at(-1) ?? webp[0]!;
}

/** The smallest file of an image (an icon-sized use, such as the avatar in the header). */
export const thumbnailImage = (image: ContentImage): ImageVariant => imageVariants(image).find((v) => v.format !== 'avif')!;

export interface PictureSources {
  sources: { type: string; srcset: string }[];
  img: { src: string; width: number; height: number };
}

/** What `<picture>` needs: a srcset per format, and the fallback `<img>` (the agent image). */
export function pictureSources(image: ContentImage): PictureSources {
  const fallback = agentImage(image);
  if (image.type === 'svg') return { sources: [], img: { src: fallback.path, width: image.width, height: image.height } };
  const variants = imageVariants(image);
  const sources = IMAGE_FORMATS.map((format) => ({
    type: `image/${format}`,
    srcset: variants
      .filter((v) => v.format === format)
      .map((v) => `${v.path} ${v.width}w`)
      .join(', '),
  }));
  return { sources, img: { src: fallback.path, width: image.width, height: image.height } };
}
