// FO-BUILD-OUTPUT: the build's reporter (src/builder/build-progress.ts) as a terminal and as a log see
// it: a long phase's progress redrawn in place on a terminal and cleared before the next line, a
// plain line every few seconds in a log, and each phase's counts kept for the summary.
import { describe, expect, test } from 'vitest';
import { BuildReporter } from '../../src/builder/build-progress.ts';

/** A reporter writing into a string, on a clock the test moves. */
function reporter(interactive: boolean) {
  let out = '';
  let now = 0;
  const r = new BuildReporter({ write: (text) => (out += text), interactive, intervalMs: 5000, redrawMs: 100, now: () => now });
  return { r, out: () => out, advance: (ms: number) => (now += ms) };
}

describe('FO-BUILD-OUTPUT: progress while a long phase runs', () => {
  test('in a log (not a terminal): one plain line every interval, none in between, none in place, then the phase line', () => {
    const { r, out, advance } = reporter(false);
    r.start('images', 'images', 10);
    for (let i = 0; i < 9; i++) {
      advance(2000);
      r.tick('images', i % 3 !== 0);
    }
    const counts = r.end('images');
    r.line('images: 10 files, 6 encoded');
    // Ticks at 2, 4, 6 … 18 s: a line at 6 s (3 done) and at 12 s (6 done) and at 18 s (9 done).
    expect(out()).toBe('images: 3 of 10…\nimages: 6 of 10…\nimages: 9 of 10…\nimages: 10 files, 6 encoded\n');
    expect(out()).not.toContain('\r');
    expect(counts).toEqual({ total: 9, fresh: 6 });
  });

  test('on a terminal: one line redrawn in place (a bar and the count), cleared before the next line', () => {
    const { r, out, advance } = reporter(true);
    r.start('cards', 'social cards', 4);
    advance(150);
    r.tick('cards', true);
    advance(50);
    r.tick('cards', true); // within the redraw interval: not drawn
    advance(150);
    r.tick('cards', false);
    r.line('pages: 4 rendered');
    expect(out()).toBe(
      `\r\x1b[2Ksocial cards [${'#'.repeat(6)}${'-'.repeat(18)}] 1 of 4\r\x1b[2Ksocial cards [${'#'.repeat(18)}${'-'.repeat(6)}] 3 of 4\r\x1b[2Kpages: 4 rendered\n`,
    );
    expect(r.end('cards')).toEqual({ total: 3, fresh: 2 });
    expect(r.counts.get('cards')).toEqual({ total: 3, fresh: 2 });
  });

  test('a phase that never started ends with no counts, and a tick for it writes nothing', () => {
    const { r, out, advance } = reporter(false);
    advance(10_000);
    r.tick('cards', true);
    expect(r.end('cards')).toBeUndefined();
    expect(out()).toBe('');
  });
});
