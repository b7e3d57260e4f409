// Batch and job answers: one item per query, in order. Both go through `itemsFor`, so a job's
// results equal the batch's, and each answer equals the same question asked alone (in another of the
// site's languages when it finds nothing in the main one, as /ask does: FO-SEARCH-FALLBACK).
import type { SiteData } from '../../search/data-file.ts';
import { errorBody } from '../errors.ts';
import { MAX_QUERY_CHARS } from '../http.ts';
import { dataFinding } from '../language.ts';
import { answer, askFinds } from './answer.ts';
import type { JobEntry } from './job-id.ts';
import type { BatchItem } from './schemas.ts';

/** Queries as validated by `queriesBody` (trimmed, non-empty) → entries; over-long ones keep only their length. */
export const entriesFor = (queries: string[]): JobEntry[] => queries.map((q) => (q.length > MAX_QUERY_CHARS ? q.length : q));

/**
 * An over-long query fails alone, as `invalid_query`, while the others answer. Its text is not
 * echoed (a job id does not keep it); `index` says which one it was.
 */
export function itemsFor(data: SiteData, entries: JobEntry[]): BatchItem[] {
  return entries.map((entry, index) =>
    typeof entry === 'string'
      ? { index, query: entry, answer: answer(dataFinding(data, undefined, askFinds(entry)), entry) }
      : {
          index,
          error: errorBody('invalid_query', data.site.url, {
            message: `Query ${index} is ${entry} characters long; the limit is ${MAX_QUERY_CHARS}.`,
            hint: `Shorten it to 1 to ${MAX_QUERY_CHARS} characters; the other queries were answered.`,
          }).error,
        },
  );
}
