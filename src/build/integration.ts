// Build hooks: write the function's data file before pages render, and report on what agents
// will read (llms.txt sizes) after.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadContent, RESERVED_PAGE_SLUGS } from '../records/load.ts';
import { brokenLinks, recordTwins } from '../records/twin.ts';
import { writeDataFile } from '../search/data-file.ts';

/** About what agents read whole before they start truncating (llms.txt guidance). */
export const LLMS_TXT_WARN_CHARS = 50_000;

/** Rough token estimate used in build output and `x-markdown-tokens` (≈ 4 characters per token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** Loads content/ and writes the function's data file (records, twins, index): the build's first step, and dev's on every content change. */
export async function writeSiteData(root = process.cwd()) {
  const content = loadContent(root);
  return writeDataFile(content, await recordTwins(content), root);
}

export function folio(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'folio',
    hooks: {
      'astro:config:setup': async ({ addWatchFile, config, logger }) => {
        root = fileURLToPath(config.root);
        const data = await writeSiteData(root);
        addWatchFile(new URL('./content/', config.root));
        logger.info(`data file written: ${data.projects.length} projects, ${data.pages.length} pages (build ${data.buildId})`);
      },
      'astro:build:done': async ({ dir, logger }) => {
        for (const link of await brokenLinks(loadContent(root), RESERVED_PAGE_SLUGS)) {
          logger.warn(`${link.source}: the link "${link.url}" points at no project or page; readers following it get a 404.`);
        }
        for (const name of ['llms.txt', 'llms-full.txt']) {
          const file = fileURLToPath(new URL(name, dir));
          if (!existsSync(file)) continue;
          const report = sizeReport(name, readFileSync(file, 'utf8'));
          logger.info(report.info);
          if (report.warning) logger.warn(report.warning);
        }
      },
    },
  };
}

/** What the build says about a file agents read: its size, its rough token count, and a warning past the limit. */
export function sizeReport(name: string, text: string): { info: string; warning?: string } {
  const info = `${name}: ${text.length.toLocaleString('en')} characters, ~${estimateTokens(text).toLocaleString('en')} tokens`;
  if (name !== 'llms.txt' || text.length <= LLMS_TXT_WARN_CHARS) return { info };
  return {
    info,
    warning: `llms.txt is ${text.length.toLocaleString('en')} characters, past the ~${LLMS_TXT_WARN_CHARS.toLocaleString('en')} agents read whole; shorten summaries or move projects to the Optional section (archive them).`,
  };
}
