// The one Vercel function, as the build bundled it (src/server/function.ts is its source;
// docs/decisions.md § The function is one bundle): one module to compile on a cold start instead of
// ~200, and no node_modules in the deploy. vercel.json's includeFiles ships generated/ with it;
// `npm start` serves this same file.
import { fileURLToPath } from 'node:url';
import type fn from '../src/server/function.ts';
import { FUNCTION_BUNDLE } from '../src/server/bundle-path.ts';

const bundle = new URL(`../${FUNCTION_BUNDLE}`, import.meta.url);
const loaded: { default: typeof fn } = await import(bundle.href).catch((error: NodeJS.ErrnoException) => {
  // The bundle itself missing (no build yet), not a module it names: that error is passed on as it is.
  if (error.code !== 'ERR_MODULE_NOT_FOUND' || !error.message.includes(fileURLToPath(bundle))) throw error;
  throw new Error(`Folio function missing: ${FUNCTION_BUNDLE} does not exist. Run \`npm run build\` first.`);
});

export default loaded.default;
