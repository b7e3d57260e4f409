// The search index of the build's records, made on a thread of its own: it needs only the
// records, so it is made while Astro renders the pages on the main thread (src/generators/integration.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { indexJson } from './data-file.ts';
import type { IndexedDocument } from '../search/options.ts';

const { documents, locale } = workerData as { documents: IndexedDocument[]; locale: string };
parentPort!.postMessage(indexJson(documents, locale));
