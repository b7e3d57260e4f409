// PF-DISCOVERY: the root catalog (/.well-known/ard.json and ai-catalog.json) passes ARD's own
// conformance tester, the copy Lighthouse ships and runs as its ard-schema audit, with no error and
// no warning. It is Lighthouse's code, run in this process with no browser and no server, but the
// pinned Lighthouse is fetched on first use (scripts/lib/pinned-tool.ts: an npm process), which the
// unit tier may not start: so it is an integration test (FO-TEST-TIERS). The unit tier validates the
// same catalog against both specs' schemas (tests/unit/discovery-catalogs.test.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { pinnedTool } from '../../scripts/lib/pinned-tool.ts';
import { aiCatalogText } from '../../src/discovery/ai-catalog.ts';
import { loadContent } from '../../src/records/load.ts';

/** What this file uses of the tester (lighthouse/third-party/ard/ard.d.ts). */
interface ConformanceTester {
  errors: { element: string; message: string }[];
  warnings: { element: string; message: string }[];
  validate_manifest(raw: string, label: string): boolean;
}

test('PF-DISCOVERY: the root catalog passes ARD’s own conformance test (what Lighthouse runs as ard-schema) with no error and no warning', {
  // The first run fetches Lighthouse (about 20 s here, longer on a busy machine).
  timeout: 300_000,
}, async () => {
  const tool = pinnedTool('lighthouse', 'for its copy of the ARD conformance tester');
  // Imported by path: the package exports none of it.
  const ard = join(tool, 'node_modules/lighthouse/third-party/ard/ard.js');
  const { ConformanceTester } = (await import(pathToFileURL(ard).href)) as { ConformanceTester: new () => ConformanceTester };
  const tester = new ConformanceTester();
  tester.validate_manifest(aiCatalogText(loadContent()), 'ai-catalog.json');
  expect({ errors: tester.errors, warnings: tester.warnings }).toEqual({ errors: [], warnings: [] });
});
