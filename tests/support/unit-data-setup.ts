// Each unit test file's setup: the function's data (src/server/data.ts siteData(), which the app
// answers from by default) is the sample fixture site's, made in memory by the tier's global setup
// (unit-data.ts), never read from a built data file.
import { inject } from 'vitest';
import { setSiteData } from '../../src/server/data.ts';
import { siteDataOfFile } from './site-data.ts';

setSiteData(siteDataOfFile(inject('sampleDataFile')));
