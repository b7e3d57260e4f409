// Pictures of pages for a person to look at (CONTRIBUTING § Looking at pages): attached to the run's
// HTML report, which only a run outside CI writes (playwright.config.ts), and written to FOLIO_SHOTS
// when it is set (never committed). CI's list reporter shows no attachment, so there a picture is
// CPU for no reader: a full-page screenshot is about 0.3 s of CPU (measured on two cores: the
// design spec's 28 pictures, 36 → 27 s of CPU), and no test asserts on one.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

const folder = process.env.FOLIO_SHOTS;
/** Whether a picture taken now has a reader: outside CI, or FOLIO_SHOTS set. */
export const picturesWanted = !process.env.CI || Boolean(folder);

/**
 * A picture of the page (the whole page unless `viewportOnly`), or of one element, attached to the
 * report as `<name>.png` and written to FOLIO_SHOTS when set; nothing at all where nobody can see it.
 */
export async function picture(target: Page | Locator, testInfo: TestInfo, name: string, { viewportOnly = false } = {}): Promise<void> {
  if (!picturesWanted) return;
  const file = `${name}.png`;
  const path = testInfo.outputPath(file);
  if ('goto' in target) await target.screenshot({ path, fullPage: !viewportOnly });
  else await target.screenshot({ path });
  await testInfo.attach(file, { path, contentType: 'image/png' });
  if (folder) await copyFile(path, join(folder, file));
}
