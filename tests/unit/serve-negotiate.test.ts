// The HTML-or-Markdown choice and the other Accept decisions (RFC 9110 § 12.5.1), through negotiator.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { accepts, HTML, MARKDOWN, preferredType, TEXT, twinType } from '../../src/http/negotiate.ts';

const prefersMarkdown = (accept: string | undefined) => twinType(accept) === MARKDOWN;
import { prefersEventStream } from '../../src/server/knowledge/sse.ts';

describe('docs/decisions.md § Markdown twins: the negotiation ladder', () => {
  const ladder: [string | undefined, boolean][] = [
    ['text/markdown', true],
    ['text/markdown; charset=utf-8', true],
    ['TEXT/MARKDOWN', true],
    ['text/html;q=0.9, text/markdown;q=0.5', false],
    ['text/markdown;q=0.9, text/html;q=0.5', true],
    ['text/html;q=0.5, text/markdown;q=0.9', true],
    // An agent that names Markdown first means it; the client's order breaks a tie.
    ['text/markdown, text/html', true],
    ['text/html, text/markdown', false],
    ['*/*', false],
    [undefined, false],
    ['', false],
    ['text/*', false],
    ['text/markdown;q=0', false],
    ['text/markdown;variant=gfm', false], // a parameter the twin does not have
    ['text/html;q=0, */*', true],
    ['text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8', false], // a browser
    ['text/markdown, */*;q=0.1', true], // a typical agent
    ['*/*, text/markdown', true], // the more specific range wins the tie
    ['text/*;q=0.3, text/markdown;q=0.7, */*;q=0.1', true],
    ['application/json', false],
  ];
  for (const [accept, markdown] of ladder) {
    test(`Accept: ${accept === undefined ? '(none)' : JSON.stringify(accept)} → ${markdown ? 'Markdown' : 'HTML'}`, () => {
      expect(prefersMarkdown(accept)).toBe(markdown);
    });
  }

  test('text/plain preferred to HTML (by q-value, or named first) gets the twin as text/plain; lowered, HTML', () => {
    const ladder: [string, string | undefined][] = [
      ['text/plain', TEXT],
      ['TEXT/PLAIN', TEXT],
      ['text/plain, text/html', TEXT],
      ['text/html, text/plain', undefined],
      ['text/plain;q=0.5, text/html', undefined],
      ['text/html;q=0.5, text/plain', TEXT],
      ['text/plain, */*;q=0.1', TEXT],
      ['text/markdown, text/plain', MARKDOWN],
      ['text/plain, text/markdown', TEXT],
      ['text/*', undefined],
      ['text/plain;q=0', undefined],
    ];
    for (const [accept, type] of ladder) expect(twinType(accept), accept).toBe(type);
  });

  test('preferredType returns undefined when nothing offered is acceptable', () => {
    expect(preferredType('image/png', [HTML, MARKDOWN])).toBeUndefined();
  });
});

describe('the other decisions', () => {
  test('/ask streams when the client prefers text/event-stream; JSON on */* or no Accept', () => {
    expect(prefersEventStream('text/event-stream')).toBe(true);
    expect(prefersEventStream('text/event-stream, application/json')).toBe(true);
    expect(prefersEventStream('application/json, text/event-stream')).toBe(false);
    expect(prefersEventStream('*/*')).toBe(false);
    expect(prefersEventStream(undefined)).toBe(false);
  });

  test('accepts: q=0 refuses a type; a matching range admits it', () => {
    expect(accepts('application/json, text/event-stream', 'text/event-stream')).toBe(true);
    expect(accepts('application/json, text/event-stream;q=0', 'text/event-stream')).toBe(false);
    expect(accepts('*/*', 'application/json')).toBe(true);
    expect(accepts('text/html', 'application/json')).toBe(false);
  });
});

describe('negotiation properties', () => {
  const range = fc
    .record({
      type: fc.constantFrom('text', 'application', '*'),
      subtype: fc.constantFrom('html', 'markdown', 'plain', 'json', '*'),
      q: fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
    })
    .filter((r) => r.type !== '*' || r.subtype === '*');
  const text = (rs: { type: string; subtype: string; q: number }[]) => rs.map((r) => `${r.type}/${r.subtype};q=${r.q}`).join(', ');

  test('the choice is always acceptable, and undefined only when neither offer is', () => {
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 6 }), (rs) => {
        const h = text(rs);
        const choice = preferredType(h, [HTML, MARKDOWN]);
        if (choice === undefined) return !accepts(h, HTML) && !accepts(h, MARKDOWN);
        return accepts(h, choice);
      }),
    );
  });

  test('with distinct qualities, the order of members does not change the choice', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(range, { minLength: 1, maxLength: 6, selector: (r) => r.q }),
        (rs) => prefersMarkdown(text(rs)) === prefersMarkdown(text([...rs].reverse())),
      ),
    );
  });

  test('FO-NO-500: never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        prefersMarkdown(s);
        accepts(s, MARKDOWN);
        return true;
      }),
    );
  });
});
