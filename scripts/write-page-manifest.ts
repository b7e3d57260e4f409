// Build step after `astro build`: record the built pages, twins and Markdown sizes for the routing
// middleware (src/server/page-manifest.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { estimateTokens } from '../src/build/integration.ts';
import { buildPageManifest, PAGE_MANIFEST_FILE } from '../src/server/page-manifest.ts';

const manifest = buildPageManifest('dist', estimateTokens);
mkdirSync(dirname(PAGE_MANIFEST_FILE), { recursive: true });
writeFileSync(PAGE_MANIFEST_FILE, `${JSON.stringify(manifest, null, 1)}\n`);
const pages = Object.keys(manifest.pages).length;
const twins = Object.values(manifest.pages).filter(Boolean).length;
console.log(`page manifest written: ${pages} pages, ${twins} with a Markdown twin, ${Object.keys(manifest.markdown).length} Markdown files`);
