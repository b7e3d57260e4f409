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
//
// FO-IMAGES-NAMED: an image file is published because an output names it, never because a list of
// the content's image holders says so. The functions that give a file's path (pictureSources,
// agentImage, thumbnailImage, zoomImage, servedImage) record it as they give it (nameFile), and the
// build writes exactly the files recorded (namedImages): whatever names an image, in whichever
// language, publishes it. imageVariants only lists an image's files; its paths name nothing.
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

/** Whether a value is a described image (a ContentImage, as records carry it and JSON keeps it). */
export const isContentImage = (value: unknown): value is ContentImage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ContentImage).digest === 'string' &&
  typeof (value as ContentImage).file === 'string' &&
  typeof (value as ContentImage).type === 'string' &&
  typeof (value as ContentImage).width === 'number' &&
  typeof (value as ContentImage).height === 'number';

export const isImageFile = (name: string) => IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(`.${ext}`));

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageFormat | 'svg';
  /** Site path, e.g. /_images/Ab12…-640.webp */
  path: string;
}

/** A file of an image that an output names: what the build writes (namedImages). */
export interface NamedFile {
  image: ContentImage;
  variant: ImageVariant;
}

// On globalThis: the pages, the twins and the integration each run in a module copy of their own
// (Astro's config copy, the routes' Vite copy), and all of them name images for one build.
const NAMED = Symbol.for('folio.namedImages');
const named = (): Map<string, NamedFile> => ((globalThis as { [NAMED]?: Map<string, NamedFile> })[NAMED] ??= new Map());

/** Records that an output names `variant` of `image` (FO-IMAGES-NAMED), and gives it back. */
export function nameFile(image: ContentImage, variant: ImageVariant): ImageVariant {
  named().set(variant.path, { image, variant });
  for (const into of listening) into.push({ image, variant });
  return variant;
}

const listening: NamedFile[][] = [];

/**
 * What `make` gives, and the files it names: for an output kept to be given again (a body's
 * render, made once per process), which names them again each time it is given.
 */
export function namesOf<T>(make: () => T): { value: T; named: NamedFile[] } {
  const into: NamedFile[] = [];
  listening.push(into);
  try {
    return { value: make(), named: into };
  } finally {
    listening.splice(listening.indexOf(into), 1);
  }
}

/** Every file named since the last forgetNamedImages, by site path: what a build writes, and what astro dev serves. */
export const namedImages = (): ReadonlyMap<string, NamedFile> => named();

/** Starts a build's list of named files afresh (a process may build twice, or with other content). */
export const forgetNamedImages = () => named().clear();

/**
 * The files the build may write for an image: one SVG as it is, or each width in each format. A
 * list, not a name: a path taken from here is published only once one of the naming functions
 * below gives it too (FO-IMAGES-NAMED).
 */
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
  if (image.type === 'svg') return nameFile(image, variants[0]!);
  const webp = variants.filter((v) => v.format === 'webp');
  return nameFile(image, webp.filter((v) => v.width <= 1280).at(-1) ?? webp[0]!);
}

/** The smallest file of an image (an icon-sized use, such as the avatar in the header). */
export const thumbnailImage = (image: ContentImage): ImageVariant => nameFile(image, imageVariants(image).find((v) => v.format !== 'avif')!);

/** The largest file of an image a browser shows without AVIF: the enlarged view a body's figure or gallery image links to, and the lightbox shows (FO-LIGHTBOX). */
export const zoomImage = (image: ContentImage): ImageVariant =>
  nameFile(
    image,
    imageVariants(image)
      .filter((v) => v.format !== 'avif')
      .at(-1)!,
  );

/**
 * The files of an image the function names at request time: REST's, MCP's and /ask's `image` and
 * JSON-LD (agent), and the search page's thumbnail. Code the function runs names images only
 * through this (FO-FUNCTION-GRAPH's test checks), and the data file names it for every image it
 * carries as a build writes it (src/builder/data-file.ts), so the build publishes whatever the
 * function may name (FO-IMAGES-NAMED).
 */
export const servedImage = (image: ContentImage) => ({ agent: agentImage(image), thumbnail: thumbnailImage(image) });

export interface PictureSources {
  sources: { type: string; srcset: string }[];
  img: { src: string; width: number; height: number };
}

/** What `<picture>` needs: a srcset per format, and the fallback `<img>` (the agent image). */
export function pictureSources(image: ContentImage): PictureSources {
  const fallback = agentImage(image);
  if (image.type === 'svg') return { sources: [], img: { src: fallback.path, width: image.width, height: image.height } };
  const variants = imageVariants(image).map((v) => nameFile(image, v));
  const sources = IMAGE_FORMATS.map((format) => ({
    type: `image/${format}`,
    srcset: variants
      .filter((v) => v.format === format)
      .map((v) => `${v.path} ${v.width}w`)
      .join(', '),
  }));
  return { sources, img: { src: fallback.path, width: image.width, height: image.height } };
}
