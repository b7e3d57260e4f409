// absoluteUrl joins a plain path to the site URL without the URL parser (a build asks thousands of
// times): whatever the path and the site URL, it answers what the parser answers, or throws as it does.
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { describe, expect, test } from 'vitest';
import { absoluteUrl } from '../../src/records/urls.ts';

const parsed = (url: string, path: string) => {
  try {
    return new URL(path, `${url}/`).href;
  } catch {
    return 'throws';
  }
};
const joined = (url: string, path: string) => {
  try {
    return absoluteUrl({ url }, path);
  } catch {
    return 'throws';
  }
};

// Origins as the parser writes them and not (case, default ports, a path, an IPv4 shorthand, IDN, no URL at all).
const SITE_URLS = [
  'http://127.0.0.1:4321',
  'https://example.com',
  'https://Example.com',
  'https://example.com:443',
  'http://example.com:80',
  'https://example.com/blog',
  'https://example.com/',
  'https://user@example.com',
  'http://127.1',
  'https://café.example',
  'https://example.com?q',
  'file:///tmp',
  'https://example.com:99999',
  'not a url',
];

describe('absoluteUrl', () => {
  test('is the URL parser’s answer for any path on any site URL', () => {
    const path = fc
      .array(fc.constantFrom(...'/aZ09_-~.%?#\\ é:@'.split('')), { maxLength: 12 })
      .chain((chars) => fc.constantFrom(chars.join(''), `/${chars.join('')}`));
    fc.assert(
      fc.property(fc.constantFrom(...SITE_URLS), path, (url, p) => {
        expect(joined(url, p)).toBe(parsed(url, p));
      }),
      { numRuns: runs(20_000) },
    );
  });

  test('joins the plain paths a site has, and leaves dot segments and // to the parser', () => {
    const site = { url: 'https://example.com' };
    expect(absoluteUrl(site, '/')).toBe('https://example.com/');
    expect(absoluteUrl(site, '/projects/quarry.md')).toBe('https://example.com/projects/quarry.md');
    expect(absoluteUrl(site, '/a/../b')).toBe('https://example.com/b');
    expect(absoluteUrl(site, '//elsewhere.example/x')).toBe('https://elsewhere.example/x');
    expect(absoluteUrl({ url: 'https://example.com/blog' }, '/about')).toBe('https://example.com/about');
  });
});
