import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ContentError, loadContent } from '../../src/records/load.ts';
import { projectFields } from '../../src/records/schema.ts';
import { suggestedSlug } from '../../src/records/content-issues.ts';
import { LOCALES } from '../../src/records/strings.ts';
import { tempDir } from '../support/temp-dir.ts';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', `content-${name}`, 'content');
const load = (name: string) => () => loadContent(fixture(name));

describe('FO-CONTENT-ERRORS: loadContent: a bad file fails the build with one message naming file, field and expectation', () => {
  test('a project type outside the list names the allowed types', () => {
    expect(load('bad-type')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "type" expected one of app, library, tool, service, research, talk (built in) or a type of your own declared under types: in content/site.md, got "website"]`,
    );
  });

  test('a missing required field says it is required and what it holds', () => {
    expect(load('missing-title')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "title" is required (expected text)]`,
    );
  });

  test('a date not written YYYY-MM-DD', () => {
    expect(load('bad-date')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "date" expected a date as YYYY-MM-DD, got "May 2024"]`,
    );
  });

  test('a quoted date that does not exist (February 30th)', () => {
    expect(load('impossible-date')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "date" expected a real calendar date as YYYY-MM-DD, got "2024-02-30"]`,
    );
  });

  test('an unquoted date that does not exist is reported, not rolled over by YAML', () => {
    expect(load('unquoted-bad-date')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "date" expected a real calendar date as YYYY-MM-DD, got "2024-13-45"]`,
    );
  });

  test('"updated" before "date"', () => {
    expect(load('updated-before-date')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "updated" expected a date on or after "date" (2024-05-01), got "2023-12-31"]`,
    );
  });

  test('unknown fields are named, with a suggestion for a near miss and the allowed list', () => {
    // The allowed list is the schema's fields, in its order: title, summary, type, … coverPosition.
    const allowed = Object.keys(projectFields.shape);
    expect(allowed.slice(0, 3)).toEqual(['title', 'summary', 'type']);
    expect(load('unknown-field')).toThrow(
      `Invalid content: content/projects/alpha.md: unknown fields "tag" (did you mean "tags"?), "website"; expected only ${allowed.join(', ')}`,
    );
  });

  test('a file name that is not a valid slug', () => {
    expect(load('bad-slug')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/Alpha Beta.md: the file name is the slug, expected lowercase a-z, 0-9 and inner hyphens (1 to 60 characters), got "Alpha Beta" (rename it to alpha-beta.md)]`,
    );
  });

  test('a file name with accents, capitals or spaces: the ASCII slug to rename it to (NFD, no accents, lowercase, hyphens)', () => {
    const dir = tempDir('folio-slug-');
    cpSync(fixture('valid'), dir, { recursive: true });
    const alpha = readFileSync(join(dir, 'projects/alpha.md'), 'utf8');
    // As macOS spells the accented name (decomposed), and as typed (composed).
    for (const name of ['te\u0301le\u0301me\u0301trie-ota', 'Café Noir', 'My Post', 'Álpha', '北海道'])
      writeFileSync(join(dir, 'projects', `${name}.md`), alpha);
    let problems: string[] = [];
    try {
      loadContent(dir);
    } catch (error) {
      problems = (error as ContentError).problems.map((p) => p.replace(/^.*?: the file name is the slug, expected .*?, got /, ''));
    }
    expect(problems.sort()).toEqual(
      [
        '"te\u0301le\u0301me\u0301trie-ota" (rename it to telemetrie-ota.md)',
        '"Café Noir" (rename it to cafe-noir.md)',
        '"My Post" (rename it to my-post.md)',
        // Its ASCII slug is another file's: no suggestion to clash with it.
        '"Álpha"',
        // Nothing of it is ASCII: no slug to suggest.
        '"北海道"',
      ].sort(),
    );
  });

  test('FO-SLUG-SUGGEST: a German site’s file name and tag are suggested with ä, ö, ü, ß spelled ae, oe, ue, ss, never dropped', () => {
    const dir = tempDir('folio-slug-de-');
    cpSync(join(import.meta.dirname, '..', 'fixtures', 'german-site', 'content'), dir, { recursive: true });
    const kiesel = readFileSync(join(dir, 'projects/kiesel.md'), 'utf8');
    writeFileSync(join(dir, 'projects/möbel-serie.md'), kiesel);
    writeFileSync(join(dir, 'projects/hocker.md'), kiesel.replace('tags: [rust, datenbanken]', 'tags: [rust, größe]'));
    let problems: string[] = [];
    try {
      loadContent(dir);
    } catch (error) {
      problems = (error as ContentError).problems;
    }
    const at = dir.split('/').at(-1);
    expect(problems).toEqual([
      `${at}/projects/möbel-serie.md: the file name is the slug, expected lowercase a-z, 0-9 and inner hyphens (1 to 60 characters), got "möbel-serie" (rename it to moebel-serie.md)`,
      `${at}/projects/hocker.md: field "tags[1]" expected a kebab-case tag such as "web-performance", got "größe" (did you mean "groesse"?)`,
    ]);
  });

  test('FO-SLUG-SUGGEST: each language Folio speaks spells a name’s letters its own way, and a letter with no spelling gives no suggestion', () => {
    const cases: [lang: string, name: string, slug: string | undefined][] = [
      ['de', 'Möbel Serie', 'moebel-serie'],
      ['de-AT', 'Übergrößen', 'uebergroessen'],
      ['de', 'ẞ', 'ss'],
      ['en', 'Möbel Serie', 'mobel-serie'],
      ['en', 'Straße', 'strasse'],
      ['fr', 'Œuvre complète à Noël', 'oeuvre-complete-a-noel'],
      ['fr', 'Ça va', 'ca-va'],
      ['es', 'Año del Niño', 'ano-del-nino'],
      ['pt', 'Ação São João', 'acao-sao-joao'],
      ['sv', 'Smörgåsbord i Malmö', 'smorgasbord-i-malmo'],
      ['sv', 'Ærø og Łódź', 'aero-og-lodz'],
      // Decomposed, as macOS writes an accented file name.
      ['fr', 'te\u0301le\u0301me\u0301trie', 'telemetrie'],
      ['en', 'İstanbul', 'istanbul'],
      ['en', 'Web Performance!', 'web-performance'],
      ['de', '北海道 Reise', undefined],
      ['de', 'Москва', undefined],
    ];
    for (const [lang, name, slug] of cases) expect(suggestedSlug(name, lang), `${lang}: ${name}`).toBe(slug);
    // The six languages are the interface's: a new one gets its rules considered here.
    expect(LOCALES).toEqual(['en', 'de', 'fr', 'es', 'pt', 'sv']);
  });

  test('FO-SLUG-SUGGEST: a file name’s control characters are shown escaped, never sent to the terminal', () => {
    const dir = tempDir('folio-slug-ctl-');
    cpSync(fixture('valid'), dir, { recursive: true });
    const alpha = readFileSync(join(dir, 'projects/alpha.md'), 'utf8');
    writeFileSync(join(dir, 'projects', 'red\u001b[31malert.md'), alpha);
    writeFileSync(join(dir, 'projects', 'two\nlines.md'), alpha);
    writeFileSync(join(dir, 'projects', 'notes\u202e.txt'), 'x');
    let problems: string[] = [];
    try {
      loadContent(dir);
    } catch (error) {
      problems = (error as ContentError).problems;
    }
    expect(problems).toHaveLength(3);
    for (const p of problems) expect(p).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(problems.join('\n')).toContain('got "red\\x1B[31malert" (rename it to red-31malert.md)');
    expect(problems.join('\n')).toContain('got "two\\x0Alines" (rename it to two-lines.md)');
    expect(problems.join('\n')).toContain('projects/notes\\u202E.txt: expected a Markdown file');
  });

  test('a locale as systems spell it (fr_FR, fr_FR.UTF-8, en_us) suggests its language tag', () => {
    const dir = tempDir('folio-locale-');
    cpSync(fixture('valid'), dir, { recursive: true });
    const site = readFileSync(join(dir, 'site.md'), 'utf8');
    const problem = (locale: string) => {
      writeFileSync(join(dir, 'site.md'), site.replace('url:', `locale: ${locale}\nurl:`));
      try {
        loadContent(dir);
        return '';
      } catch (error) {
        return (error as ContentError).problems.join('\n');
      }
    };
    expect(problem('fr_FR')).toBe(
      `${dir.split('/').at(-1)}/site.md: field "locale" expected a language tag such as "en" or "sv-SE", got "fr_FR" (did you mean "fr-FR"?)`,
    );
    expect(problem('fr_FR.UTF-8')).toMatch(/got "fr_FR\.UTF-8" \(did you mean "fr-FR"\?\)$/);
    expect(problem('en_us')).toMatch(/got "en_us" \(did you mean "en-US"\?\)$/);
    expect(problem('"not a locale!"')).toMatch(/got "not a locale!"$/);
  });

  test('a page whose slug the site already serves (duplicate URL /projects)', () => {
    expect(load('reserved-page-slug')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/pages/projects.md: the slug "projects" is taken by the site's own /projects or /projects.md; rename the file]`,
    );
  });

  test('a featured slug with no project file, and a featured slug listed twice', () => {
    expect(load('featured-missing')).toThrowErrorMatchingInlineSnapshot(`
      [ContentError: Invalid content (2 problems):
        - content/site.md: field "featured[1]" expected the slug of a file in content/projects/, got "omega"
        - content/site.md: field "featured[2]" lists "alpha" a second time]
    `);
  });

  test('a category not declared in content/site.md', () => {
    expect(load('undeclared-category')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: field "category" expected one of the categories declared in content/site.md (tools, writing), got "hardware"]`,
    );
  });

  test('front matter that is not valid YAML names the line in the file', () => {
    expect(load('invalid-yaml')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: line 3: the [ is never closed; end the list with ] on the same line, or quote the text if it is not a list]`,
    );
  });

  test('JavaScript front matter is refused, never evaluated', () => {
    expect(load('js-front-matter')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/alpha.md: front matter could not be read as YAML (it is marked as JavaScript; write plain YAML between --- lines)]`,
    );
  });

  test('a file that is not Markdown in a content folder', () => {
    expect(load('not-markdown')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/projects/notes.txt: expected a Markdown file (name ending in .md); only those belong in content/projects/]`,
    );
  });

  test('a missing content/site.md', () => {
    expect(load('missing-site')).toThrowErrorMatchingInlineSnapshot(
      `[ContentError: Invalid content: content/site.md: file is missing (it holds the site config: name, headline, summary, url, categories)]`,
    );
  });

  test('site config: URL, locale, email, category names, whole numbers', () => {
    expect(load('bad-site')).toThrowErrorMatchingInlineSnapshot(`
      [ContentError: Invalid content (6 problems):
        - content/site.md: field "url" expected an absolute http(s) URL, got "owner.example"
        - content/site.md: field "locale" expected a language tag such as "en" or "sv-SE", got "not a locale!"
        - content/site.md: field "email" expected an email address such as "me@example.com", got "owner-at-example"
        - content/site.md: field "categories" has the name "Tools", expected a slug: lowercase a-z, 0-9 and inner hyphens, 1 to 60 characters
        - content/site.md: field "rateLimits.knowledge.limit" expected a number of at least 1, got 0
        - content/site.md: field "rateLimits.knowledge.window" expected a whole number, got 1.5]
    `);
  });

  test('every problem in every file is listed at once, one line each', () => {
    expect(load('many-problems')).toThrowErrorMatchingInlineSnapshot(`
      [ContentError: Invalid content (7 problems):
        - content/projects/alpha.md: field "title" expected non-empty text, got ""
        - content/projects/alpha.md: field "tags[0]" expected a kebab-case tag such as "web-performance", got "Fixtures" (did you mean "fixtures"?)
        - content/projects/alpha.md: field "archived" expected true or false, got "no"
        - content/projects/alpha.md: field "links.repo" expected an absolute http(s) URL, got "github.com/x/alpha"
        - content/projects/alpha.md: unknown field "homepage" under "links"; expected only repo, docs, demo, video, slides, paper, website, more
        - content/pages/about.md: field "order" expected a number of at least 0, got -1
        - content/pages/now.md: field "order" expected a whole number, got 2.5]
    `);
  });

  test('the error is a ContentError carrying each problem separately', () => {
    try {
      loadContent(fixture('many-problems'));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems;
      expect(problems).toHaveLength(7);
      for (const p of problems) expect(p).toMatch(/^content\/(projects|pages)\/[a-z]+\.md: /);
    }
  });
});

describe('FO-CONTENT-ERRORS: the owner’s loop: the mistakes people make, each in plain words with its fix', () => {
  /** The problems of the valid fixture with content/projects/alpha.md replaced by `text`. */
  const problemsWith = (text: string): string[] => {
    const dir = tempDir('folio-mistake-');
    cpSync(fixture('valid'), dir, { recursive: true });
    writeFileSync(join(dir, 'projects/alpha.md'), text);
    try {
      loadContent(dir);
      return [];
    } catch (error) {
      return (error as ContentError).problems.map((p) => p.replace(/^.*?projects\/alpha\.md: /, ''));
    }
  };
  const FIELDS = 'summary: B\ntype: tool\ncategory: tools\ndate: 2024-05-01\n';

  test('an unquoted colon in a title: the line it is on, and the quoted value to write', () => {
    expect(problemsWith(`---\ntitle: Quarry: fast search\n${FIELDS}---\nBody.`)).toEqual([
      'line 2: the value of "title" holds ": ", which YAML reads as another field; put the value in quotes: title: "Quarry: fast search"',
    ]);
  });

  test('a line indented with a tab names the line, not an unknown field', () => {
    expect(problemsWith(`---\ntitle: A\n${FIELDS}links:\n\trepo: https://x.example\n---\nBody.`)).toEqual([
      'line 8 is indented with a tab: YAML indents with spaces (two per level, e.g. "  repo: https://…")',
    ]);
  });

  test('front matter that is never closed says so, not "can not read a block mapping entry"', () => {
    expect(problemsWith(`---\ntitle: A\n${FIELDS}\nBody without a closing line.`)).toEqual([
      'the front matter opened with --- on line 1 is never closed: end it with a line of three dashes (---) before the text',
    ]);
  });

  test('YAML errors count lines as the editor does (line 1 is the opening ---)', () => {
    const [problem] = problemsWith(`---\ntitle: A\n${FIELDS}stack: [a, b\n---\nBody.`);
    expect(problem).toMatch(/^line 7: the \[ is never closed/);
  });

  test('a missing coverAlt is named as missing, without the whole record', () => {
    expect(problemsWith(`---\ntitle: A\n${FIELDS}cover: ./x.png\n---\nBody.`)).toEqual([
      'field "coverAlt" is missing: write text describing the cover (required when "cover" is set, at most 200 characters)',
    ]);
  });

  test('links in the wrong shape show the right one', () => {
    expect(problemsWith(`---\ntitle: A\n${FIELDS}links: [https://x.example]\n---\nBody.`)[0]).toContain('e.g. links: { repo: "https://github.com/you/project"');
  });

  test('a level-1 heading in a body is an error naming its line (a "# comment" in a code block is not)', () => {
    const body = 'Intro.\n\n```sh\n# install it\nnpm i\n```\n\n# Results\n\nText.\n\nAlso\n===\n';
    expect(problemsWith(`---\ntitle: A\n${FIELDS}---\n${body}`)).toEqual([
      'line 15: a level-1 heading ("# …") in the text: the page\'s title is its one level-1 heading, so start sections at ## instead',
      'line 19: a level-1 heading ("# …") in the text: the page\'s title is its one level-1 heading, so start sections at ## instead',
    ]);
    expect(problemsWith(`---\ntitle: A\n${FIELDS}---\n## Fine\n\n\`\`\`\n# a comment\n\`\`\`\n`)).toEqual([]);
  });

  test('a type, a tag or an image path almost right gets "did you mean"', () => {
    expect(problemsWith(`---\ntitle: A\n${FIELDS.replace('type: tool', 'type: Tool')}---\nBody.`)[0]).toMatch(/got "Tool" \(did you mean "tool"\?\)$/);
    expect(problemsWith(`---\ntitle: A\n${FIELDS}tags: [Web Performance]\n---\nBody.`)[0]).toMatch(
      /got "Web Performance" \(did you mean "web-performance"\?\)$/,
    );
  });

  test('a category one or two letters off gets "did you mean"', () => {
    expect(problemsWith(`---\ntitle: A\n${FIELDS.replace('category: tools', 'category: tool')}---\nBody.`)[0]).toMatch(
      /got "tool" \(did you mean "tools"\?\)$/,
    );
  });
});

describe('loadContent: valid content', () => {
  // npm test sets FOLIO_SITE_URL for the whole run; these tests set it themselves.
  const saved = process.env.FOLIO_SITE_URL;
  beforeEach(() => {
    delete process.env.FOLIO_SITE_URL;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.FOLIO_SITE_URL;
    else process.env.FOLIO_SITE_URL = saved;
  });

  test('PF-RECORDS: reads site, projects and pages into records with paths and twins', () => {
    const { site, projects, pages } = loadContent(fixture('valid'));
    expect(site.name).toBe('Test Owner');
    expect(site.bio).toBe('A short bio.');
    expect(site.url).toBe('https://owner.example');
    expect(projects).toEqual([
      expect.objectContaining({
        kind: 'project',
        slug: 'alpha',
        href: '/projects/alpha',
        twin: '/projects/alpha.md',
        date: '2024-05-01',
        archived: false,
        source: 'content/projects/alpha.md',
        body: 'Alpha body.',
      }),
    ]);
    expect(pages).toEqual([expect.objectContaining({ kind: 'page', slug: 'about', href: '/about', twin: '/about.md', order: 1 })]);
  });

  test('FOLIO_SITE_URL overrides the site URL (without a trailing slash)', () => {
    process.env.FOLIO_SITE_URL = 'http://127.0.0.1:4999/';
    expect(loadContent(fixture('valid')).site.url).toBe('http://127.0.0.1:4999');
  });

  test('the sample fixture site loads: projects newest first, pages by order', () => {
    const { projects, pages, site } = loadContent();
    expect(projects.length).toBeGreaterThan(0);
    const dates = projects.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const orders = pages.map((p) => p.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const slug of site.featured) expect(projects.some((p) => p.slug === slug)).toBe(true);
  });
});

describe('PF-SUNSET: deprecation dates are checked at build', () => {
  const withVersions = (lines: string) => {
    const dir = join(tempDir('folio-versions-'), 'content');
    cpSync(fixture('valid'), dir, { recursive: true });
    const site = join(dir, 'site.md');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/\n---\n/, `\napiVersions:\n${lines}\n---\n`));
    return () => loadContent(dir);
  };

  test('a sunset less than 90 days after the deprecation is a content error', () => {
    expect(withVersions('  - { version: v1, deprecated: "2026-01-01", sunset: "2026-03-01", successor: /api/v2 }\n  - { version: v2 }')).toThrow(
      'content/site.md: field "apiVersions[0].sunset" expected a date at least 90 days after "deprecated" (2026-01-01), got "2026-03-01"',
    );
  });

  test('a successor that is not another listed version is a content error', () => {
    expect(withVersions('  - { version: v1, deprecated: "2026-01-01", sunset: "2026-06-01", successor: /api/v3 }\n  - { version: v2 }')).toThrow(
      'field "apiVersions[0].successor" expected the path of another version listed in apiVersions, such as "/api/v2", got "/api/v3"',
    );
    expect(withVersions('  - { version: v1, successor: /somewhere }')).toThrow(/field "apiVersions\[0\]\.successor" expected the path of another version/);
  });

  test('90 days or more, and a listed successor, load', () => {
    const { site } = withVersions('  - { version: v1, deprecated: "2026-01-01", sunset: "2026-04-01", successor: /api/v2 }\n  - { version: v2 }')();
    expect(site.apiVersions[0]).toMatchObject({ sunset: '2026-04-01', successor: '/api/v2' });
  });
});
