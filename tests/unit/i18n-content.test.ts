// FO-I18N: the content model of a site in several languages, read from the bilingual fixture and
// from copies of it made wrong one mistake at a time.
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ContentError, loadCatalog, loadLanguages } from '../../src/records/load.ts';
import { sitemapXml } from '../../src/discovery/sitemap.ts';
import { siteFields } from '../../src/records/markdown-text.ts';
import { localPath, mainPath } from '../../src/records/urls.ts';

const BILINGUAL = 'tests/fixtures/bilingual-site/content';
const GERMAN = 'tests/fixtures/german-site/content';

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

const problemsOf = (dir: string) => {
  try {
    loadLanguages(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
};

describe('FO-I18N: content/<tag>/ translates the main content', () => {
  test('FO-I18N: the main language at /, each translation at /<tag>, every record in every language', () => {
    const [fr, en] = loadLanguages(BILINGUAL).map((c) => c.content);
    expect(fr!.site.languages).toEqual([
      { lang: 'fr', base: '' },
      { lang: 'en', base: '/en' },
    ]);
    expect(en!.site).toMatchObject({ locale: 'en', base: '/en', headline: 'Robotics and embedded systems engineer', name: 'Élise Arnaud' });
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
    const catalogs = loadLanguages(GERMAN);
    expect(catalogs).toHaveLength(1);
    expect(catalogs[0]!.content.site.languages).toEqual([{ lang: 'de-AT', base: '' }]);
    const xml = sitemapXml([catalogs[0]!.content]);
    expect(xml).not.toContain('xhtml');
    expect(siteFields(catalogs[0]!.content.site, (p) => p, '/index.md').map(([label]) => label)).toEqual(['Inhaltssignale']);
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

  test('FO-I18N: a translation’s site.md sets only headline, summary, categories, strings and its text', () => {
    const dir = variant((d) => writeFileSync(join(d, 'en/site.md'), '---\nheadline: Engineer\nname: Elise\n---\n'));
    expect(problemsOf(dir)).toEqual([
      'content/en/site.md: field "name" is the main site\'s: set it in content/site.md (a translation\'s site.md sets headline, summary, categories, strings and its text)',
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
    const dir = variant((d) => writeFileSync(join(d, 'en/projects/capteurs-lidar.md'), '---\ntitle: Lidar\ntype: website\n---\n'));
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/en\/projects\/capteurs-lidar\.md: field "type" expected one of/)]);
  });

  test('FO-I18N: a page whose slug is a language’s home is refused', () => {
    const dir = variant((d) => renameSync(join(d, 'pages/a-propos.md'), join(d, 'pages/en.md')));
    expect(problemsOf(dir)).toContainEqual(
      'content/pages/en.md: the slug "en" is taken by the home page of the site\'s translation in content/en/; rename the file',
    );
  });
});
