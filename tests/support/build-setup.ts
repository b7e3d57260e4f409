// The integration tier's global setup: its tests read the sample fixture site's data file and built
// pages, so it is built here, once, and only when missing or stale (the build stamp: content, code,
// site URL). Any of its files then runs by itself (`npm exec -- vitest run tests/unit/x.test.ts`),
// and `npm test`, which has just built, builds nothing again. The unit tier builds nothing.
import { build, readStamp, staleReason } from '../../scripts/lib/build.ts';
import { SAMPLE_SITE_CONTENT } from './sites.ts';

/** The address a build made for the integration tests alone is for (they never serve it). */
const UNIT_SITE_URL = 'http://127.0.0.1:4321';

export default function setup() {
  process.env.FOLIO_CONTENT = SAMPLE_SITE_CONTENT;
  // npm test's address when it gave one; else whatever address the fresh build was made for.
  const siteUrl = process.env.FOLIO_SITE_URL ?? readStamp()?.siteUrl ?? UNIT_SITE_URL;
  const stale = staleReason(siteUrl);
  if (!stale) return;
  console.log(`Building the sample fixture site for the integration tests (${stale})…`);
  build(siteUrl, process.cwd(), { quiet: true });
}
