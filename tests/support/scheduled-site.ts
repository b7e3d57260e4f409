// The scheduled site (FO-SCHEDULED, FO-IMAGE-SIZE): the second fixture site with a post published
// on 2030-05-01 whose cover is a large source image, and a post scheduled for 2030-06-01. Written
// here, never committed (the image is 4200 × 3200 px), for the unit page test that renders it on
// either side of the post's date (tests/unit/pages-owner-sites.test.ts). The build's and the
// check's warnings over a built site: the kitchen-sink site's scheduled post and large cover
// (tests/e2e/kitchen-sink.spec.ts).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const SECOND_SITE = 'tests/fixtures/second-site/content';
/** The day before the scheduled post's date, and its date (FOLIO_NOW). */
export const BEFORE_ITS_DATE = '2030-05-31';
export const ON_ITS_DATE = '2030-06-01';
export const SCHEDULED_TITLE = 'Puesta de sol en Hokkaido';

/** Writes the scheduled site into `dir` (a content folder that does not exist yet), from the second site in `root`. */
export async function writeScheduledSite(dir: string, root = process.cwd()): Promise<void> {
  cpSync(join(root, SECOND_SITE), dir, { recursive: true });
  mkdirSync(join(dir, 'posts'));
  const post = (slug: string, front: string) => writeFileSync(join(dir, 'posts', `${slug}.md`), `---\n${front}\n---\n\nTexto del artículo.\n`);
  post('noche-polar', 'title: Noche polar\nsummary: Fotografiar sin sol.\ndate: 2030-05-01\ncover: ../images/enorme.png\ncoverAlt: Un cielo naranja');
  post('puesta-de-sol', `title: ${SCHEDULED_TITLE}\nsummary: Lo que aprendí esperando la luz.\ndate: ${ON_ITS_DATE}`);
  // One colour, so a small file.
  await sharp({ create: { width: 4200, height: 3200, channels: 3, background: { r: 230, g: 120, b: 30 } } })
    .png()
    .toFile(join(dir, 'images/enorme.png'));
}
