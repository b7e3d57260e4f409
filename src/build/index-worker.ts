// The search index of the build's records, and their bodies compressed as the data file stores
// them, made on a thread of its own: both need only the records, so they are made while Astro
// renders the pages on the main thread (src/build/integration.ts).
import { deflateRawSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { indexJson } from '../search/data-file.ts';
import type { IndexedDocument } from '../search/options.ts';

const documents = workerData as IndexedDocument[];
parentPort!.postMessage({ index: indexJson(documents), bodies: documents.map((d) => deflateRawSync(d.body)) });
