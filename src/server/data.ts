// The function's data, loaded once per instance on first use and never per request.
import { readDataFile, type SiteData } from '../search/data-file.ts';

let cached: SiteData | undefined;

export function siteData(): SiteData {
  cached ??= readDataFile(process.env.FOLIO_DATA_FILE || undefined);
  return cached;
}

/** For tests that swap the data (e.g. a fixture config with a deprecated version). */
export function setSiteData(data: SiteData | undefined) {
  cached = data;
}
