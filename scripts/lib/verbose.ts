// `--verbose` (`npm start -- --verbose`, `npm run build -- --verbose`) or FOLIO_VERBOSE=1: the local
// server's banner lists every agent entry point, and the build keeps Astro's route-by-route log.
export const VERBOSE_FLAG = '--verbose';

export const verbose = (argv = process.argv, env = process.env) => argv.includes(VERBOSE_FLAG) || env.FOLIO_VERBOSE === '1';
