// The search index of the build's records, and their bodies compressed for the texts file, made
// on a thread of its own: they need only the records, so they are made while Astro renders the
// pages on the main thread (src/builder/integration.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { compressTexts, indexJson } from './data-file.ts';
import type { IndexedDocument } from '../search/options.ts';

/** What the thread answers: the index's JSON, and each document's body compressed, in order, as one buffer (one copy across threads). */
export interface IndexWorkerAnswer {
  index: string;
  bodies: Uint8Array;
  lengths: number[];
}

const { documents, locale } = workerData as { documents: IndexedDocument[]; locale: string };
const index = indexJson(documents, locale);
const { bytes, lengths } = compressTexts(documents.map((d) => d.body));
parentPort!.postMessage({ index, bodies: bytes, lengths } satisfies IndexWorkerAnswer);
