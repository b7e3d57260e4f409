// The unit tier's global setup: the sample fixture site's data file, made in memory once for the
// whole run (tests/support/site-data.ts) and handed to every test file (unit-data-setup.ts). No
// site is built: a code edit runs the tests at once.
import type { TestProject } from 'vitest/node';
import type { DataFile } from '../../src/search/data-file.ts';
import { fixtureDataFile } from './site-data.ts';
import { SAMPLE_SITE_CONTENT } from './sites.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sample fixture site's data file, as a build writes it but for the code digest. */
    sampleDataFile: DataFile;
  }
}

export default async function setup(project: TestProject) {
  process.env.FOLIO_CONTENT = SAMPLE_SITE_CONTENT;
  project.provide('sampleDataFile', await fixtureDataFile(SAMPLE_SITE_CONTENT));
}
