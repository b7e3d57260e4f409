// What `npm run dev` prints of astro dev's own output. Astro logs a content error on every request
// that renders a page, each time with a stack trace of Folio's code; the owner needs it once, as the
// clean line `npm start` prints. Astro also prints its inner address, which is not the one to open.
// A line filter, with the state of one dev session.

/** The part of an error line that names the problems, without Astro's or Folio's prefix. */
const problemsOf = (line: string) => line.slice(line.indexOf('Invalid content'));

/**
 * A filter of astro dev's output lines: `undefined` drops a line. Each content error is shown once
 * until the content changes (Folio's integration logs each change first, as `[folio] content …`);
 * stack-trace lines under it are dropped (`FOLIO_DEBUG=1` keeps everything); lines naming astro
 * dev's inner address are dropped (the banner names the one to open).
 */
export function astroOutputFilter(innerBase: string, debug = Boolean(process.env.FOLIO_DEBUG)): (line: string) => string | undefined {
  const shown = new Set<string>();
  let under: 'nothing' | 'shown error' | 'dropped error' = 'nothing';
  return (line) => {
    if (debug) return line;
    if (line.includes(innerBase)) return undefined;
    if (/\[folio\] content (changed|not reloaded)/.test(line)) {
      shown.clear();
      under = line.includes('Invalid content') ? 'shown error' : 'nothing';
      if (under === 'shown error') shown.add(problemsOf(line));
      return line;
    }
    if (/\[ERROR\].*Invalid content/.test(line)) {
      const key = problemsOf(line);
      under = shown.has(key) ? 'dropped error' : 'shown error';
      shown.add(key);
      return under === 'shown error' ? line : undefined;
    }
    if (under !== 'nothing' && /^\s/.test(line)) {
      // Under an error: its problems ("  - content/…") once; never its stack trace.
      return under === 'shown error' && /^\s+- /.test(line) ? line : undefined;
    }
    under = 'nothing';
    return line;
  };
}
