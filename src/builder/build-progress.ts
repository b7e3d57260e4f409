// What `npm run build` says while it runs: one line per phase with its counts, progress while a long
// phase runs (image encoding, social cards), and a summary with the time. Astro's own route-by-route
// log is turned off by its `logLevel` (scripts/build.ts) unless the owner asks for it with
// `--verbose` or FOLIO_VERBOSE=1.
//
// On a terminal the progress is one line redrawn in place; in a log (CI, a pipe) it is a plain line
// every few seconds, so the log stays readable. The reporter lives on globalThis: the build script,
// the integration (loaded by Astro's config loader) and the card route (in Astro's prerender bundle)
// each load their own copy of this module, and all of them must reach the same reporter.

import { terminalText } from '../records/terminal-text.ts';

/** How a long phase's progress is shown: redrawn in place, or a line every `intervalMs`. */
export interface ReporterOptions {
  write: (text: string) => void;
  /** A terminal: progress redrawn in place. */
  interactive: boolean;
  /** Between two progress lines in a log (not a terminal). */
  intervalMs?: number;
  /** Between two redraws on a terminal. */
  redrawMs?: number;
  now?: () => number;
}

/** A long phase's progress: `done` of `total`, `fresh` of them made now (the rest came from the cache). */
interface Phase {
  label: string;
  total: number;
  done: number;
  fresh: number;
  shownAt: number;
}

const WIDTH = 24;

export class BuildReporter {
  private readonly phases = new Map<string, Phase>();
  /** Counts the summary reports, by phase (`images`, `cards`): how many, how many made now. */
  readonly counts = new Map<string, { total: number; fresh: number }>();
  /** Whether the last thing written is a progress line redrawn in place (to be cleared before a line). */
  private drawn = false;
  private readonly intervalMs: number;
  private readonly redrawMs: number;
  private readonly now: () => number;
  private readonly options: ReporterOptions;

  constructor(options: ReporterOptions) {
    this.options = options;
    this.intervalMs = options.intervalMs ?? 5000;
    this.redrawMs = options.redrawMs ?? 100;
    this.now = options.now ?? (() => performance.now());
  }

  /** A phase's line (`pages: 171 rendered`). */
  line(text: string): void {
    this.clear();
    // A phase's line may quote content (a file name in a warning): one line, no control character obeyed (FO-TERMINAL-TEXT).
    this.options.write(`${terminalText(text)}\n`);
  }

  /** A long phase begins: `total` items are to come (a second call, say Astro asking a route's paths again, only restates it). */
  start(key: string, label: string, total: number): void {
    const phase = this.phases.get(key);
    if (phase) phase.total = total;
    else this.phases.set(key, { label, total, done: 0, fresh: 0, shownAt: this.now() });
  }

  /** One item of a phase is done; `fresh` when it was made now rather than taken from the cache. */
  tick(key: string, fresh: boolean): void {
    const phase = this.phases.get(key);
    if (!phase) return;
    phase.done++;
    if (fresh) phase.fresh++;
    const now = this.now();
    const due = this.options.interactive ? now - phase.shownAt >= this.redrawMs : now - phase.shownAt >= this.intervalMs;
    if (!due || phase.done >= phase.total) return;
    phase.shownAt = now;
    if (this.options.interactive) {
      const filled = Math.round((phase.done / phase.total) * WIDTH);
      this.options.write(`\r\x1b[2K${phase.label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${phase.done} of ${phase.total}`);
      this.drawn = true;
    } else this.options.write(`${phase.label}: ${phase.done} of ${phase.total}…\n`);
  }

  /** A long phase is over: its counts (kept for the summary), or undefined when it never started. */
  end(key: string): { total: number; fresh: number } | undefined {
    const phase = this.phases.get(key);
    if (!phase) return undefined;
    this.phases.delete(key);
    this.clear();
    const counts = { total: phase.done, fresh: phase.fresh };
    this.counts.set(key, counts);
    return counts;
  }

  private clear(): void {
    if (!this.drawn) return;
    this.options.write('\r\x1b[2K');
    this.drawn = false;
  }
}

const REPORTER = Symbol.for('folio.buildReporter');
type Holder = { [REPORTER]?: BuildReporter };

/** The build's reporter, once scripts/build.ts has installed it; undefined under astro dev or a bare `astro build`. */
export const buildReporter = (): BuildReporter | undefined => (globalThis as Holder)[REPORTER];

/** Installs the reporter every copy of this module reaches (scripts/build.ts, before Astro loads). */
export function installBuildReporter(options: ReporterOptions): BuildReporter {
  const reporter = new BuildReporter(options);
  (globalThis as Holder)[REPORTER] = reporter;
  return reporter;
}
