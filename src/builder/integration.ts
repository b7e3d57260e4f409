// Build hooks: the search index started before pages render; after them the function's data file,
// the content images, and a report on what agents will read (llms.txt sizes). The twins are routes'.
import { terminalText } from '../records/terminal-text.ts';
import { unknownLocaleWarning } from '../records/strings.ts';
import { countOf } from '../records/words.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import {
  contentDir,
  contentWarnings,
  loadCatalog,
  loadContent,
  loadLanguages,
  memoizeContentForBuild,
  RESERVED_PAGE_SLUGS,
  showDraftsInDev,
} from '../records/load.ts';
import type { Content } from '../records/schema.ts';
import { brokenLinks, recordTwins } from '../discovery/twin.ts';
import { IndexText, searchDocuments, writeDataFile } from './data-file.ts';
import type { IndexWorkerAnswer } from './index-worker.ts';
import { resumeSearchText } from '../records/resume.ts';
import type { IndexedDocument } from '../search/options.ts';
import { codeHash } from './code-hash.ts';
import { pruneCodeFolders } from './disk-cache.ts';
import { forgetNamedImages, IMAGES_PATH, namedImages } from '../images/images.ts';
import { encodeVariant, writeImages } from './write-images.ts';
import { CUSTOM_CSS_PATH, fontFiles, needsThemeCss, SITE_CSS_PATH, SITE_CSS_SOURCE, THEME_CSS_PATH, themeCss, themeOf } from '../records/theme.ts';
import { transformSync } from 'esbuild';
import { buildReporter } from './build-progress.ts';

const require = createRequire(import.meta.url);

/**
 * The look's files by site path (FO-THEME): Folio's own stylesheet, minified; /theme.css written
 * from site.md's `theme:`, its self-hosted fonts, and content/custom.css as the owner wrote it.
 * Only what the pages link: a site with today's look gets Folio's stylesheet alone. The build
 * writes them; astro dev serves them from here. `root` is the project's (where src/styles is).
 */
export function themeFiles(content: Content, dir: string, root = process.cwd()): Map<string, () => Buffer | string> {
  const theme = themeOf(content.site);
  const files = new Map<string, () => Buffer | string>();
  // esbuild's CSS minifier, the one Vite's build uses for the stylesheets it bundles.
  files.set(SITE_CSS_PATH, () => transformSync(readFileSync(join(root, SITE_CSS_SOURCE), 'utf8'), { loader: 'css', minify: true }).code);
  if (needsThemeCss(theme)) files.set(THEME_CSS_PATH, () => themeCss(theme));
  for (const font of fontFiles(theme.font)) files.set(font.path, () => readFileSync(require.resolve(font.source)));
  if (content.site.customCss) files.set(CUSTOM_CSS_PATH, () => readFileSync(join(dir, 'custom.css')));
  return files;
}

/** About what agents read whole before they start truncating (llms.txt guidance). */
export const LLMS_TXT_WARN_CHARS = 50_000;

/** Rough token estimate used in build output and `x-markdown-tokens` (≈ 4 characters per token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * Loads the content and writes the function's data file (records, twins, index): the build's last
 * step, and dev's on every content change. A build hands over what it started (startBuild).
 */
export async function writeSiteData(root = process.cwd(), started?: Started) {
  // Never a draft: the data file is what REST, MCP and search publish (FO-DRAFTS).
  // FO-I18N: every language, the main one first; agents ask in a translation's language with `lang`.
  const [catalog, ...translations] = loadLanguages(contentDir(root), { drafts: false });
  const twins = Object.assign({}, ...(await Promise.all([catalog!, ...translations].map(recordTwins)))) as Record<string, string>;
  // The bodies were compressed ahead; the twins, known only now, are compressed as the file is written.
  const compressed = (await started?.prepared)?.compressed;
  return writeDataFile(catalog!, twins, root, { index: started?.prepared.then((p) => p?.index), compressed, code: started?.code }, translations);
}

/**
 * A build's start: the digest of Folio's code (for the data file's build id), and the index of the
 * records and their bodies compressed, made on another thread (index-worker.ts) from now while
 * Vite bundles and the pages render. Once per content (npm run build starts it before Astro loads,
 * the integration asks again). If the thread fails, the data file makes them itself.
 */
export function startBuild(root: string, content: Content): Started {
  const known = ((globalThis as { [STARTED]?: WeakMap<Content, Started> })[STARTED] ??= new WeakMap());
  let started = known.get(content);
  if (!started) known.set(content, (started = { code: codeHash(root), prepared: prepareOnAnotherThread(content) }));
  return started;
}
// On globalThis because Astro's duplicate module copies force it: npm run build starts it in its own copy, the integration (Astro's config copy) takes it over.
const STARTED = Symbol.for('folio.buildStarted');

/** What startBuild set going; undefined where it failed (the data file then makes it itself). */
interface Started {
  /** The digest of Folio's code (code-hash.ts codeHash): the data file's build id names it. */
  code: string;
  prepared: Promise<{ index: IndexText; compressed: Map<string, Buffer> } | undefined>;
}

function prepareOnAnotherThread(content: Content): Started['prepared'] {
  // The records search finds (projects, posts, pages, the résumé): the same documents as the data file's index.
  const documents = searchDocuments(content, content.resume && resumeSearchText(content.resume));
  return onAnotherThread(documents, content.site.locale).catch(() => undefined);
}

/**
 * The index of these documents (~5 s of CPU at 10,000 records) and their bodies compressed, made on
 * a thread of its own, beside Astro's. The bodies come back as one buffer (IndexWorkerAnswer).
 */
async function onAnotherThread(documents: IndexedDocument[], locale: string) {
  const answer = await new Promise<IndexWorkerAnswer>((resolve, reject) => {
    const worker = new Worker(new URL('./index-worker.ts', import.meta.url), { workerData: { documents, locale } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`index worker exited with ${code}`)));
  });
  const bodies = Buffer.from(answer.bodies.buffer, answer.bodies.byteOffset, answer.bodies.byteLength);
  const compressed = new Map<string, Buffer>();
  let offset = 0;
  documents.forEach((document, i) => {
    const length = answer.lengths[i]!;
    compressed.set(document.body, bodies.subarray(offset, offset + length));
    offset += length;
  });
  return { index: new IndexText(answer.index), compressed };
}

/**
 * A build phase's line: through `npm run build`'s reporter (build-progress.ts), which shows it
 * whatever Astro's log level; else (astro dev, a bare `astro build`) through Astro's logger.
 */
const report = (logger: AstroIntegrationLogger, text: string) => {
  const reporter = buildReporter();
  if (reporter) reporter.line(text);
  else logger.info(terminalText(text));
};

export function folio(loaded?: Content): AstroIntegration {
  let root = process.cwd();
  let started: Started | undefined;
  const writeData = async (logger: AstroIntegrationLogger) => {
    const data = await writeSiteData(root, started);
    report(
      logger,
      `data file: ${countOf(data.projects.length, 'project', 'projects')}, ${countOf(data.posts.length, 'post', 'posts')}, ` +
        `${countOf(data.pages.length, 'page', 'pages')}${data.resume ? ', a résumé' : ''}` +
        // FO-I18N: each translation's records and index are in the file too.
        `${data.translations ? `, and their ${data.translations.map((t) => t.lang).join(', ')} versions` : ''} for the function (build ${data.buildId})`,
    );
  };
  return {
    name: 'folio',
    hooks: {
      'astro:config:setup': async ({ config, command, logger }) => {
        root = fileURLToPath(config.root);
        showDraftsInDev(command === 'dev');
        // A build writes the data file once the pages are done (their one parse of each body gives
        // the twins their links); astro dev writes it now, for the function beside it. Nothing else
        // writes it: `astro check` (its sync) rewrote a build's data file, so `npm start` built again.
        if (command === 'build') started = startBuild(root, loaded ?? loadContent(contentDir(root)));
        else if (command === 'dev') await writeData(logger);
      },
      // Under astro dev, pages read the content on every request; a content change rewrites the data
      // file the function serves, then reloads open pages, so both show the change without a restart.
      'astro:server:setup': ({ server, logger }) => {
        const dir = contentDir(root);
        let pending: NodeJS.Timeout | undefined;
        server.watcher.add(dir);
        // Content images in dev: the files a page, twin or the data file named (FO-IMAGES-NAMED: they
        // render in this process before their images are asked for), encoded on first request into
        // the same cache the build uses.
        server.middlewares.use(IMAGES_PATH, async (req, res, next) => {
          const name = req.url?.split('?')[0]?.slice(1);
          const named = namedImages().get(`${IMAGES_PATH}/${name}`);
          if (!named) return next();
          try {
            const { cached: file } = await encodeVariant(root, named.image, named.variant);
            res.setHeader('Content-Type', named.variant.format === 'svg' ? 'image/svg+xml' : `image/${named.variant.format}`);
            res.end(readFileSync(file));
            return;
          } catch (error) {
            logger.error(terminalText(`image ${name}: ${(error as Error).message}`));
          }
          next();
        });
        // The theme's files in dev (themeFiles), read fresh on each request, so an edit shows on reload.
        server.middlewares.use((req, res, next) => {
          const path = req.url?.split('?')[0] ?? '';
          const file = /\.(css|woff2)$/.test(path) && themeFiles(loadContent(dir), dir, root).get(path);
          if (!file) return next();
          res.setHeader('Content-Type', path.endsWith('.css') ? 'text/css; charset=utf-8' : 'font/woff2');
          res.end(file());
        });
        server.watcher.on('all', (_event, file) => {
          if (!file.startsWith(`${dir}${sep}`)) return;
          clearTimeout(pending);
          pending = setTimeout(async () => {
            try {
              const data = await writeSiteData(root);
              logger.info(`content changed: data file rewritten (build ${data.buildId})`);
            } catch (error) {
              logger.error(terminalText(`content not reloaded into the API (the last good data stays): ${(error as Error).message}`));
            }
            // Astro keeps each route's getStaticPaths until its content changes, and content/ is not
            // Astro's: the event its own content layer sends clears that cache, so an added file's page
            // answers and a removed one's is a 404 without a restart.
            for (const environment of Object.values(server.environments)) if (environment.name !== 'client') environment.hot.send('astro:content-changed', {});
            server.ws.send({ type: 'full-reload' });
          }, 100);
        });
      },
      // Pages call loadCatalog() once each; content cannot change mid-build, so read it once (load.ts).
      'astro:build:start': () => {
        memoizeContentForBuild(true, loaded && [contentDir(), loaded]);
        // FO-IMAGES-NAMED: this build writes the images its own outputs name, from here on.
        forgetNamedImages();
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const catalog = loadCatalog(contentDir(root));
        const { content } = catalog;
        // FO-LANGUAGE: a locale Folio has no words for reads English; said once, not an error.
        const unknownLocale = unknownLocaleWarning(content.site.locale);
        if (unknownLocale) logger.warn(terminalText(unknownLocale));
        // FO-SCHEDULED, FO-IMAGE-SIZE: scheduled posts and large source images, one line each.
        for (const warning of contentWarnings(content)) logger.warn(terminalText(warning));
        report(logger, `pages: ${pages.length.toLocaleString('en')} rendered`);
        // The cards were drawn while Astro rendered the pages (src/pages/og/[...card].png.ts).
        const cards = buildReporter()?.end('cards');
        if (cards)
          report(
            logger,
            `social cards: ${cards.total.toLocaleString('en')}, ${cards.fresh.toLocaleString('en')} drawn, ${(cards.total - cards.fresh).toLocaleString('en')} from the cache`,
          );
        for (const [path, read] of themeFiles(content, contentDir(root), root)) {
          const out = join(fileURLToPath(dir), path);
          mkdirSync(dirname(out), { recursive: true });
          writeFileSync(out, read());
        }
        for (const link of await brokenLinks(content, RESERVED_PAGE_SLUGS)) {
          logger.warn(terminalText(`${link.source}: the link "${link.url}" points at no project or page; readers following it get a 404.`));
        }
        for (const name of ['llms.txt', 'llms-full.txt']) {
          const file = fileURLToPath(new URL(name, dir));
          if (!existsSync(file)) continue;
          const size = sizeReport(name, readFileSync(file, 'utf8'));
          report(logger, size.info);
          if (size.warning) logger.warn(terminalText(size.warning));
        }
        // The images last (FO-IMAGES-NAMED): exactly the files named by then. The pages, twins,
        // feeds and llms files named theirs as they rendered; the data file names the images it
        // carries as it is written, for the function names those at request time (servedImage).
        await writeData(logger);
        const reporter = buildReporter();
        const images = await writeImages(
          root,
          namedImages().values(),
          fileURLToPath(dir),
          reporter && {
            start: (total) => reporter.start('images', 'images', total),
            done: (encoded) => reporter.tick('images', encoded),
          },
        );
        reporter?.end('images');
        report(
          logger,
          images.files
            ? `images: ${images.files.toLocaleString('en')} files of ${countOf(images.sources, 'source image', 'source images')}, ${images.encoded.toLocaleString('en')} encoded, ${(images.files - images.encoded).toLocaleString('en')} from the cache`
            : 'images: none named by any page, twin or the data file',
        );
        pruneCodeFolders(root);
        memoizeContentForBuild(false);
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
