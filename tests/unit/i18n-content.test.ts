// FO-I18N: the content model of a site in several languages, read from the bilingual fixture and
// from copies of it made wrong one mistake at a time.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadCatalog, loadLanguages } from '../../src/records/load.ts';
import { sitemapXml } from '../../src/discovery/sitemap.ts';
import { siteFields } from '../../src/records/markdown-text.ts';
import { localPath, mainPath } from '../../src/records/urls.ts';
import { TRANSLATABLE } from '../../src/records/schema.ts';
import { resumeDocument } from '../../src/records/resume.ts';
import { languageProblemsOf } from '../support/content-fixtures.ts';

const BILINGUAL = 'tests/fixtures/bilingual-site/content';
/** A site in one language that is not English (the German fixture has an English translation). */
const FRENCH_ONLY = 'tests/fixtures/kitchen-sink/content';

let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** A copy of the bilingual fixture's content folder, changed by `change`. */
function variant(change: (dir: string) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'folio-i18n-'));
  copies.push(root);
  const dir = join(root, 'content');
  cpSync(BILINGUAL, dir, { recursive: true });
  change(dir);
  return dir;
}

const problemsOf = languageProblemsOf;

describe('FO-I18N: content/<tag>/ translates the main content', () => {
  test('FO-I18N: the main language at /, each translation at /<tag>, every record in every language', () => {
    const [fr, en] = loadLanguages(BILINGUAL).map((c) => c.content);
    expect(fr!.site.languages).toEqual([
      { lang: 'fr', base: '' },
      { lang: 'en', base: '/en' },
    ]);
    expect(en!.site).toMatchObject({ locale: 'en', base: '/en', headline: 'Robotics and embedded systems engineer', name: 'Élise Arnaud-Montgolfier' });
    expect(en!.site.bio).toContain('I write software for robots');
    expect(fr!.projects.map((p) => p.slug).sort()).toEqual(en!.projects.map((p) => p.slug).sort());
    expect(en!.projects.map((p) => p.href).sort()).toEqual([
      '/en/projects/accessibilite-longue',
      '/en/projects/banc-essai',
      '/en/projects/capteurs-lidar',
      '/en/projects/robotique-mobile',
    ]);
    expect(en!.resume).toMatchObject({ href: '/en/resume', twin: '/en/resume.md', label: 'Freelance robotics engineer', title: 'Résumé' });
  });

  test('FO-I18N: a translation sets what it translates; every other field is its main file’s (the cover too, described in its own words)', () => {
    const fr = loadCatalog(BILINGUAL).project('robotique-mobile')!;
    const en = loadCatalog(BILINGUAL, { lang: 'en' }).project('robotique-mobile')!;
    expect(en.title).toBe('Mobile robotics: mapping in real time');
    expect(en.lang).toBeUndefined();
    for (const field of ['type', 'category', 'date', 'tags', 'links', 'stack'] as const) expect(en[field], field).toEqual(fr[field]);
    expect(en.cover?.file).toBe(fr.cover?.file);
    expect(en.cover?.alt).toBe('A small four-wheeled robot on a gravel path.');
    expect(en.body).toContain('fuses odometry');
  });

  test('FO-I18N: a record not translated is shown in the main language’s text, at the translation’s URL, marked with its language', () => {
    const en = loadCatalog(BILINGUAL, { lang: 'en' });
    const talk = en.project('banc-essai')!;
    expect(talk).toMatchObject({ title: 'Banc d’essai pour moteurs', lang: 'fr', href: '/en/projects/banc-essai', twin: '/en/projects/banc-essai.md' });
    expect(en.post('notes-atelier')).toMatchObject({ lang: 'fr', href: '/en/posts/notes-atelier' });
  });

  test('FO-I18N: the main language named by its tag is the main catalog; a language the site does not have is refused', () => {
    expect(loadCatalog(BILINGUAL, { lang: 'fr' }).content.site.base).toBe('');
    expect(() => loadCatalog(BILINGUAL, { lang: 'de' })).toThrow('the site has no language "de" (it has fr, en)');
  });

  test('FO-I18N: a site with one language has one, at / (its output is as before)', () => {
    const catalogs = loadLanguages(FRENCH_ONLY);
    expect(catalogs).toHaveLength(1);
    expect(catalogs[0]!.content.site.languages).toEqual([{ lang: 'fr', base: '' }]);
    const xml = sitemapXml([catalogs[0]!.content]);
    expect(xml).not.toContain('xhtml');
    expect(siteFields(catalogs[0]!.content.site, (p) => p, '/index.md').map(([label]) => label)).toEqual(['Signaux de contenu']);
  });

  test('FO-I18N: localPath puts a path in a language (a home’s twin is its path plus .md), and mainPath takes it back', () => {
    expect(localPath({ base: '' }, '/projects')).toBe('/projects');
    expect(localPath({ base: '/en' }, '/projects')).toBe('/en/projects');
    expect(localPath({ base: '/en' }, '/')).toBe('/en');
    expect(localPath({ base: '/en' }, '/index.md')).toBe('/en.md');
    // mainPath undoes it, and names no main path for what is not the language's own.
    for (const path of ['/', '/projects', '/index.md', '/tags/rust.md']) expect(mainPath({ base: '/en' }, localPath({ base: '/en' }, path))).toBe(path);
    expect(mainPath({ base: '/en' }, '/projects')).toBeUndefined();
    expect(mainPath({ base: '/en' }, '/enigma')).toBeUndefined();
    expect(mainPath({ base: '' }, '/projects')).toBe('/projects');
  });
});

describe('FO-I18N: content errors of a translation', () => {
  test('FO-I18N: a translation without its main file names both files', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/projects/orphan.md'), '---\ntitle: Orphan\n---\n\nNo main file.\n'));
    expect(problemsOf(dir)).toEqual([
      "content/en/projects/orphan.md: translates content/projects/orphan.md, which does not exist; a translation has its main file's name and folder (rename it, or add the main file)",
    ]);
  });

  test('FO-I18N: a folder named after a language Folio does not speak, or after the main language, is a content error; other folders are the owner’s', () => {
    const dir = variant((d) => {
      mkdirSync(join(d, 'it'));
      mkdirSync(join(d, 'fr'));
      mkdirSync(join(d, 'js'));
    });
    const problems = problemsOf(dir);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^content\/fr\/: the site's main language is "fr"/);
    expect(problems[1]).toMatch(
      /^content\/it\/: a folder named after a language holds translations, but Folio has no interface language "it" \(it has en, de, fr, es, pt, sv\)/,
    );
  });

  test('FO-I18N: a translation’s site.md sets only headline, summary, location, categories, types, strings and its text', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/site.md'), '---\nheadline: Engineer\nname: Elise\n---\n'));
    expect(problemsOf(dir)).toEqual([
      'content/en/site.md: field "name" is the main site\'s: set it in content/site.md (a translation\'s site.md sets headline, summary, location, categories, types, strings and its text)',
    ]);
  });

  test('FO-I18N: a translation’s site.md words the main site’s categories; other ids are a content error', () => {
    expect(loadCatalog(BILINGUAL, { lang: 'en' }).content.site.categories).toEqual({ robotique: 'Robotics', outils: 'Tools' });
    const dir = variant((d) => writeFileSync(join(d, 'en/site.md'), '---\ncategories:\n  robots: Robots\n---\n'));
    expect(problemsOf(dir)).toEqual([
      'content/en/site.md: field "categories" expected the ids of content/site.md\'s categories (outils, robotique), each with its label in this language, got robots',
    ]);
  });

  test('FO-I18N: a translation’s field is checked as the main file’s is', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/projects/capteurs-lidar.md'), '---\ntitle: Lidar\nsummary: ""\n---\n'));
    expect(problemsOf(dir)).toEqual(['content/en/projects/capteurs-lidar.md: field "summary" expected non-empty text, got ""']);
  });

  test('FO-I18N: a page whose slug is a language’s home is refused', () => {
    const dir = variant((d) => renameSync(join(d, 'pages/a-propos.md'), join(d, 'pages/en.md')));
    expect(problemsOf(dir)).toContainEqual(
      'content/pages/en.md: the slug "en" is taken by the home page of the site\'s translation in content/en/; rename the file',
    );
  });
});

describe('FO-I18N-FIELDS: a translation sets the words a reader reads; the facts are its main file’s', () => {
  const refusal = (file: string, field: string, main: string, sets: string) =>
    `${file}: field "${field}" is the main file's, the same in every language: set it in ${main} (${sets})`;

  test('FO-I18N-FIELDS: a project’s date, type, stack and tags in a translation are refused, each naming the file, the field and the main file', () => {
    const dir = variant((d) =>
      writeFileSync(
        join(d, 'en/projects/capteurs-lidar.md'),
        '---\ntitle: Lidar drivers\ndate: 2019-01-01\ntype: library\nstack: [C]\ntags: [sensors]\n---\n\nText.\n',
      ),
    );
    const sets = 'a translation of a project sets title, summary, cover, coverAlt and its text';
    expect(problemsOf(dir)).toEqual(
      ['date', 'type', 'stack', 'tags'].map((field) => refusal('content/en/projects/capteurs-lidar.md', field, 'content/projects/capteurs-lidar.md', sets)),
    );
  });

  test('FO-I18N-FIELDS: a post’s date and tags, a page’s order and nav are refused as well; the file’s other mistakes are named in the same run', () => {
    const dir = variant((d) => {
      writeFileSync(join(d, 'en/posts/cartes-legeres.md'), '---\ntitle: Light maps\ndate: 2020-01-01\ntags: [maps]\n---\n');
      writeFileSync(join(d, 'en/pages/a-propos.md'), '---\ntitle: ""\norder: 1\nnav: true\n---\n');
    });
    expect(problemsOf(dir)).toEqual([
      refusal('content/en/pages/a-propos.md', 'order', 'content/pages/a-propos.md', 'a translation of a page sets title, summary and its text'),
      refusal('content/en/pages/a-propos.md', 'nav', 'content/pages/a-propos.md', 'a translation of a page sets title, summary and its text'),
      'content/en/pages/a-propos.md: field "title" expected non-empty text, got ""',
      refusal(
        'content/en/posts/cartes-legeres.md',
        'date',
        'content/posts/cartes-legeres.md',
        'a translation of a post sets title, summary, cover, coverAlt and its text',
      ),
      refusal(
        'content/en/posts/cartes-legeres.md',
        'tags',
        'content/posts/cartes-legeres.md',
        'a translation of a post sets title, summary, cover, coverAlt and its text',
      ),
    ]);
  });

  test('FO-I18N-FIELDS, FO-FOOTER-PAGES: a page’s `footer` is a fact of its main file: a translation that sets it is refused, naming the main file', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/pages/mentions-legales.md'), '---\ntitle: Legal notice\nfooter: false\n---\n'));
    expect(problemsOf(dir)).toEqual([
      refusal(
        'content/en/pages/mentions-legales.md',
        'footer',
        'content/pages/mentions-legales.md',
        'a translation of a page sets title, summary and its text',
      ),
    ]);
  });

  test('FO-I18N-FIELDS: a name no file may set is an unknown field, with the one meant, not a field of the main file’s', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/projects/capteurs-lidar.md'), '---\ntitel: Lidar drivers\n---\n'));
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/en\/projects\/capteurs-lidar\.md: unknown field "titel" \(did you mean "title"\?\)/)]);
  });

  test('FO-I18N-FIELDS: the location is translatable; the main site keeps its own', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/site.md'), '---\nheadline: Robotics engineer\nlocation: Lyon, France\n---\n'));
    const [fr, en] = loadLanguages(dir).map((c) => c.content);
    expect(fr!.site.location).toBe('Lyon');
    expect(en!.site.location).toBe('Lyon, France');
    // The English JSON Resume (REST, MCP, /en/resume.json) says it in English too.
    expect(resumeDocument(en!.site, en!.resume!, en!.projects).basics.location).toEqual({ address: 'Lyon, France' });
    expect(resumeDocument(fr!.site, fr!.resume!, fr!.projects).basics.location).toEqual({ address: 'Lyon' });
  });

  test('FO-I18N-FIELDS: docs/content.md lists what each kind of translation sets, as TRANSLATABLE declares it', () => {
    const doc = readFileSync('docs/content.md', 'utf8');
    const rows = new Map([...doc.matchAll(/^\| `([\w/<>.*-]+)` \| (.+?) \|$/gm)].map((m) => [m[1]!, [...m[2]!.matchAll(/`(\w+)`/g)].map((f) => f[1]!)]));
    const files: Record<keyof typeof TRANSLATABLE, string> = {
      site: 'site.md',
      project: 'projects/*.md',
      post: 'posts/*.md',
      page: 'pages/*.md',
      resume: 'resume.md',
    };
    for (const [kind, fields] of Object.entries(TRANSLATABLE)) {
      const flat = Object.entries(fields).flatMap(([name, inner]) => (inner === true ? [name] : [name, ...Object.keys(inner)]));
      expect(rows.get(files[kind as keyof typeof TRANSLATABLE]), kind).toEqual(flat);
    }
  });
});

describe('FO-I18N-RESUME: a translated résumé translates its lists entry by entry', () => {
  /** The bilingual fixture with a main résumé of two jobs and two languages, and `translation` as content/en/resume.md. */
  const resumes = (translation: string) =>
    variant((d) => {
      writeFileSync(
        join(d, 'resume.md'),
        [
          '---',
          'label: Ingénieure robotique',
          'work:',
          '  - { name: Arnaud Robotique, position: Ingénieure indépendante, location: Lyon, startDate: 2020-01, highlights: [Cartographie] }',
          '  - { name: Université Lyon 1, position: Doctorante, url: "https://univ.example.fr", startDate: 2016-09, endDate: 2019-12 }',
          'languages:',
          '  - { language: Français, fluency: Langue maternelle }',
          '  - { language: Anglais, fluency: Courant }',
          '---',
          '',
          'Ingénieure.',
        ].join('\n'),
      );
      writeFileSync(join(d, 'en/resume.md'), translation);
    });

  test('FO-I18N-RESUME: translating one entry keeps the others, and the entry keeps its main dates and URL', () => {
    const dir = resumes(
      '---\nwork:\n  - {}\n  - { name: Lyon 1 University, position: PhD student }\nlanguages:\n  - { language: French, fluency: Native }\n---\n\nEngineer.\n',
    );
    const [fr, en] = loadLanguages(dir).map((c) => c.content.resume!);
    expect(en!.work).toEqual([fr!.work[0], { ...fr!.work[1], name: 'Lyon 1 University', position: 'PhD student' }]);
    expect(en!.work[1]).toMatchObject({ url: 'https://univ.example.fr', startDate: '2016-09', endDate: '2019-12' });
    expect(en!.languages).toEqual([{ language: 'French', fluency: 'Native' }, fr!.languages[1]]);
    expect(en!.label).toBe('Ingénieure robotique');
  });

  test('FO-I18N-RESUME: an entry’s dates and URL, and an entry the main file does not have, are refused naming the field', () => {
    const dir = resumes('---\nwork:\n  - { position: Engineer, startDate: 2021-01 }\nlanguages:\n  - {}\n  - {}\n  - { language: German }\n---\n');
    expect(problemsOf(dir)).toEqual([
      'content/en/resume.md: field "work[0].startDate" is the main file\'s, the same in every language: set it in content/resume.md (a translation of an entry of "work" sets name, position, location, summary, highlights)',
      'content/en/resume.md: field "languages[2]" has no entry to translate: content/resume.md lists 2 under "languages", and a translation\'s entries translate those, in their order (write {} for one left as it is)',
    ]);
  });
});

describe('FO-CONTENT-ALL: one run names every file’s mistakes in every language', () => {
  test('FO-CONTENT-ALL: the main language’s mistakes do not hide a translation’s (content-many-problems: main and German mistakes together)', () => {
    const problems = problemsOf('tests/fixtures/content-many-problems/content');
    const files = [...new Set(problems.map((p) => p.slice(0, p.indexOf(': '))))];
    expect(files).toEqual([
      'content/projects/alpha.md',
      'content/pages/about.md',
      'content/pages/now.md',
      'content/de/site.md',
      'content/de/projects/alpha.md',
      'content/de/pages/about.md',
      'content/de/pages/impressum.md',
    ]);
    // The translation's own mistakes, never the main file's again under the translation's name.
    expect(problems.filter((p) => p.startsWith('content/de/projects/alpha.md'))).toEqual([
      expect.stringMatching(/^content\/de\/projects\/alpha\.md: field "date" is the main file's/),
      expect.stringMatching(/^content\/de\/projects\/alpha\.md: field "tags" is the main file's/),
      'content/de/projects/alpha.md: field "summary" expected non-empty text, got ""',
    ]);
    // A file whose front matter is wrong still has its text checked.
    expect(problems).toContainEqual(expect.stringMatching(/^content\/de\/pages\/about\.md: line 6: a level-1 heading/));
  });

  test('FO-CONTENT-ALL: a main site.md that does not load still lets every translation folder be checked', () => {
    const dir = variant((d) => {
      writeFileSync(join(d, 'site.md'), '---\nname: [unclosed\nlocale: fr\n---\n');
      writeFileSync(join(d, 'en/projects/capteurs-lidar.md'), '---\ntitle: Lidar\ndate: 2019-01-01\n---\n');
    });
    const problems = problemsOf(dir);
    expect(problems[0]).toMatch(/^content\/site\.md: /);
    expect(problems).toContainEqual(expect.stringMatching(/^content\/en\/projects\/capteurs-lidar\.md: field "date" is the main file's/));
  });
});
