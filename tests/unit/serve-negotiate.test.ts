// Accept parsing and the HTML-or-Markdown choice (RFC 9110 § 12.5.1, § 12.4.2).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { HTML, MARKDOWN, parseAccept, preferredType, prefersMarkdown, qualityOf } from '../../src/server/negotiate.ts';

describe('RFC 9110 § 12.5.1: parsing Accept', () => {
  test('absent or empty Accept means any media type is acceptable', () => {
    expect(parseAccept(undefined)).toBeUndefined();
    expect(parseAccept(null)).toBeUndefined();
    expect(parseAccept('  ')).toBeUndefined();
    expect(qualityOf(undefined, MARKDOWN)).toBe(1);
  });

  test('media ranges with weights, parameters and OWS', () => {
    expect(parseAccept('text/html;q=0.9 , text/markdown ; charset=UTF-8 ; q=0.5, */*;q=0')).toEqual([
      { type: 'text', subtype: 'html', params: {}, q: 0.9 },
      { type: 'text', subtype: 'markdown', params: { charset: 'UTF-8' }, q: 0.5 },
      { type: '*', subtype: '*', params: {}, q: 0 },
    ]);
  });

  test('type and subtype are case-insensitive; Q is the weight whatever its case', () => {
    expect(parseAccept('Text/Markdown;Q=0.3')).toEqual([{ type: 'text', subtype: 'markdown', params: {}, q: 0.3 }]);
  });

  test('§ 12.5.1: parameters after the weight are accept-ext, not part of the range', () => {
    expect(parseAccept('text/markdown;q=0.8;level=1')![0]!.params).toEqual({});
  });

  test('quoted parameter values may hold commas and semicolons', () => {
    const ranges = parseAccept('text/markdown;variant="a,b;c";q=0.7, text/html;q=0.1')!;
    expect(ranges.map((r) => [r.subtype, r.params, r.q])).toEqual([
      ['markdown', { variant: 'a,b;c' }, 0.7],
      ['html', {}, 0.1],
    ]);
  });

  test('§ 12.4.2: malformed members are skipped, well-formed ones kept', () => {
    const bad = ['text', 'text/', '/html', '*/html', 'text/html/x', 'text/markdown;q=2', 'text/markdown;q=0.1234', 'text/markdown;q=', 'text/markdown;q=1.5', 'text/markdown;novalue', 'te xt/html'];
    for (const member of bad) expect(parseAccept(`${member}, text/plain`), member).toEqual([{ type: 'text', subtype: 'plain', params: {}, q: 1 }]);
  });

  test('§ 12.4.2: q accepts 0 to 1 with up to three decimals', () => {
    expect(parseAccept('a/b;q=0, c/d;q=0.001, e/f;q=1.000, g/h;q=1.')!.map((r) => r.q)).toEqual([0, 0.001, 1, 1]);
  });

  test('§ 12.5.1: the most specific matching range decides the quality', () => {
    const ranges = parseAccept('text/*;q=0.3, text/markdown;q=0.7, text/markdown;charset=utf-8;q=0.9, */*;q=0.1');
    expect(qualityOf(ranges, MARKDOWN)).toBe(0.9);
    expect(qualityOf(ranges, 'text/markdown')).toBe(0.7);
    expect(qualityOf(ranges, HTML)).toBe(0.3);
    expect(qualityOf(ranges, 'image/png')).toBe(0.1);
  });

  test('a range with a parameter the representation lacks does not match it', () => {
    expect(qualityOf(parseAccept('text/markdown;variant=gfm'), MARKDOWN)).toBe(0);
  });
});

describe('docs/decisions.md § Markdown twins: the negotiation ladder', () => {
  const ladder: [string | undefined, boolean][] = [
    ['text/markdown', true],
    ['text/markdown; charset=utf-8', true],
    ['text/html;q=0.9, text/markdown;q=0.5', false],
    ['text/markdown;q=0.9, text/html;q=0.5', true],
    ['text/html;q=0.5, text/markdown;q=0.9', true],
    ['text/markdown, text/html', false], // a tie goes to the page's primary form
    ['*/*', false],
    [undefined, false],
    ['', false],
    ['text/plain', false], // not offered: HTML, the page's primary form, not a 406
    ['text/*', false],
    ['text/markdown;q=0', false],
    ['text/html;q=0, */*', true],
    ['text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8', false], // a browser
    ['text/markdown, */*;q=0.1', true], // a typical agent
    ['application/json', false],
  ];
  for (const [accept, markdown] of ladder) {
    test(`Accept: ${accept === undefined ? '(none)' : JSON.stringify(accept)} → ${markdown ? 'Markdown' : 'HTML'}`, () => {
      expect(prefersMarkdown(accept)).toBe(markdown);
    });
  }

  test('preferredType returns undefined when nothing offered is acceptable', () => {
    expect(preferredType('image/png', [HTML, MARKDOWN])).toBeUndefined();
  });
});

describe('negotiation properties', () => {
  const range = fc.record({
    type: fc.constantFrom('text', 'application', '*'),
    subtype: fc.constantFrom('html', 'markdown', 'plain', 'json', '*'),
    q: fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
  }).filter((r) => r.type !== '*' || r.subtype === '*');
  const header = fc.array(range, { minLength: 1, maxLength: 6 }).map((rs) => rs.map((r) => `${r.type}/${r.subtype};q=${r.q}`).join(', '));

  test('the choice never has quality 0 and is never beaten by the other offer', () => {
    fc.assert(
      fc.property(header, (h) => {
        const choice = preferredType(h, [HTML, MARKDOWN]);
        const ranges = parseAccept(h);
        if (choice === undefined) return qualityOf(ranges, HTML) === 0 && qualityOf(ranges, MARKDOWN) === 0;
        const other = choice === HTML ? MARKDOWN : HTML;
        return qualityOf(ranges, choice) > 0 && qualityOf(ranges, choice) >= qualityOf(ranges, other);
      }),
    );
  });

  test('the order of distinct members does not change the choice', () => {
    fc.assert(
      fc.property(fc.uniqueArray(range, { minLength: 1, maxLength: 6, selector: (r) => `${r.type}/${r.subtype}` }), (rs) => {
        const text = (list: typeof rs) => list.map((r) => `${r.type}/${r.subtype};q=${r.q}`).join(', ');
        return prefersMarkdown(text(rs)) === prefersMarkdown(text([...rs].reverse()));
      }),
    );
  });

  test('parsing never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      parseAccept(s);
      prefersMarkdown(s);
      return true;
    }));
  });
});
