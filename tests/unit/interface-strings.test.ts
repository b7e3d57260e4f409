// FO-LANGUAGE: the interface language. One table per locale, every key in each, plural forms by
// Intl.PluralRules, site.md `strings:` over any entry (a misspelt key is a content error with a
// suggestion), a region falling back to its language, an unknown locale to English with a warning;
// and the German fixture's twins in German.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { homeTwin, projectTwin, tagsSummary } from '../../src/discovery/twin.ts';
import { listingOf } from '../../src/records/collections.ts';
import { ContentError, loadContent } from '../../src/records/load.ts';
import {
  ENGLISH,
  LOCALES,
  missingKeys,
  type Plural,
  PLURAL_KEYS,
  RENAMED_KEYS,
  STRING_KEYS,
  stringsFor,
  TABLES,
  tableFor,
  unknownLocaleWarning,
} from '../../src/records/strings.ts';
import { tempDir } from '../support/temp-dir.ts';
import { Catalog } from '../../src/records/catalog.ts';

const GERMAN_SITE = join(import.meta.dirname, '..', 'fixtures', 'german-site', 'content');

describe('FO-LANGUAGE: one table per locale', () => {
  test('Folio speaks en, de, fr, es, pt and sv, and every table has every key of the English one, in its shape', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'pt', 'sv']));
    for (const locale of LOCALES) {
      const table = TABLES[locale]!;
      expect(Object.keys(table).sort(), locale).toEqual([...STRING_KEYS].sort());
      for (const key of STRING_KEYS) {
        const entry = table[key];
        if (PLURAL_KEYS.has(key)) expect(entry, `${locale} ${key}`).toEqual({ one: expect.any(String), other: expect.any(String) });
        else expect(typeof entry, `${locale} ${key}`).toBe('string');
        // A mark the English entry fills must be in every translation, or a count or name would vanish.
        const marks = (text: unknown) => [...JSON.stringify(text).matchAll(/\{(?:\p{L}+ )?(\w+)\}/gu)].map((m) => m[1]).sort();
        expect(new Set(marks(entry)), `${locale} ${key}`).toEqual(new Set(marks(ENGLISH[key])));
      }
    }
  });

  test('a key missing from a language is reported by its name and the language, one file per language', () => {
    // Each language's sentences are its own file (src/records/strings/<locale>.ts), the facts' labels
    // are declared in every language with their facts (src/records/facts.ts, FO-FACTS), and both meet
    // in TABLES; tsc refuses a missing key, and this names it: the check below fails with, e.g., `sv: ["labelStack"]`.
    for (const locale of LOCALES) expect({ [locale]: missingKeys(TABLES[locale]!) }).toEqual({ [locale]: [] });
    const { labelStack: _, ...lacking } = TABLES.sv!;
    expect(missingKeys(lacking)).toEqual(['labelStack']);
    expect(missingKeys({})).toEqual(STRING_KEYS);
  });

  test('a page fact and its twin field are one entry: one label per concept, the same word on the page and in the twin', () => {
    // The old names of merged entries point to one that exists, and none of them is still a key.
    for (const [old, key] of Object.entries(RENAMED_KEYS)) {
      expect(STRING_KEYS, old).toContain(key);
      expect(STRING_KEYS, old).not.toContain(old);
    }
    // No two entries of the English table starting `fact`/`twin` say the same in every language
    // (the duplication the merge removed): a new pair of that kind is one key, not two.
    const labels = STRING_KEYS.filter((k) => /^(fact|twin|label)[A-Z]/.test(k));
    const twins = labels.flatMap((a, i) =>
      labels
        .slice(i + 1)
        .filter((b) => LOCALES.every((l) => JSON.stringify(TABLES[l]![a]) === JSON.stringify(TABLES[l]![b])))
        .map((b) => `${a}=${b}`),
    );
    expect(twins).toEqual([]);
  });

  // Entries a language writes as English does because they are that language's own word, or an
  // abbreviation it shares (FO-LANGUAGE). Anything else equal to the English entry is an untranslated
  // leftover. A counted entry is compared form by form (`key.one`, `key.other`).
  const SAME_AS_ENGLISH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
    de: {
      feed: 'Feed: the German word for a news feed (Duden)',
      linkWebsite: 'Website: German (Duden)',
      twinName: 'Name: German',
    },
    fr: {
      navSite: 'Site: French',
      menu: 'Menu: French',
      'typeService.one': 'Service: French',
      'typeService.other': 'Services: French',
      filterType: 'Type: French',
      labelType: 'Type: French',
      minutes: '{n} min: the SI symbol for minutes',
      linkDocs: 'Documentation: French',
      'pagesCount.one': '{n} page: French',
      'pagesCount.other': '{n} pages: French',
      sectionPages: 'Pages: French',
      contact: 'Contact: French',
      publications: 'Publications: French',
      kindPage: 'Page: French',
      twinDate: 'Date: French',
      twinDates: 'Dates: French',
    },
    es: {
      minutes: '{n} min: the SI symbol for minutes',
      error404: 'Error 404: Spanish "error"',
    },
    pt: {
      navSite: 'Site: Portuguese, in use on both sides of the Atlantic',
      menu: 'Menu: Portuguese',
      minutes: '{n} min: the SI symbol for minutes',
    },
    sv: {
      'typeApp.one': 'App: Swedish (SAOL: app, appar)',
      minutes: '{n} min: the SI symbol for minutes',
      linkDemo: 'Demo: Swedish (SAOL)',
      linkVideo: 'Video: Swedish',
    },
  };

  test('FO-LANGUAGE: no German, French, Spanish, Portuguese or Swedish entry is the English one, but a word the language shares', () => {
    const forms = (entry: string | Plural, key: string): [string, string][] =>
      typeof entry === 'string'
        ? [[key, entry]]
        : [
            [`${key}.one`, entry.one],
            [`${key}.other`, entry.other],
          ];
    const english = new Map(STRING_KEYS.flatMap((key) => forms(ENGLISH[key], key)));
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const same = STRING_KEYS.flatMap((key) => forms(TABLES[locale]![key], key)).filter(([form, text]) => english.get(form) === text);
      const allowed = SAME_AS_ENGLISH[locale] ?? {};
      expect({ [locale]: same.map(([form]) => form).filter((form) => !Object.hasOwn(allowed, form)) }).toEqual({ [locale]: [] });
      // The list holds nothing stale: each entry it excuses is still the English text.
      expect({ [locale]: Object.keys(allowed).filter((form) => !same.some(([f]) => f === form)) }).toEqual({ [locale]: [] });
    }
  });

  test.each([
    ['en', ['All 0 projects', 'The project', 'All 2 projects', 'All 5 projects']],
    ['de', ['Alle 0 Projekte', 'Das Projekt', 'Alle 2 Projekte', 'Alle 5 Projekte']],
    // French counts 0 as singular (CLDR): "Le projet" is what Intl.PluralRules('fr') picks for 0 and 1.
    ['fr', ['Le projet', 'Le projet', 'Les 2 projets', 'Les 5 projets']],
    ['es', ['Los 0 proyectos', 'El proyecto', 'Los 2 proyectos', 'Los 5 proyectos']],
    // Portuguese too (CLDR `pt`: 0 and 1 are "one").
    ['pt', ['O projeto', 'O projeto', 'Todos os 2 projetos', 'Todos os 5 projetos']],
    ['sv', ['Alla 0 projekt', 'Projektet', 'Alla 2 projekt', 'Alla 5 projekt']],
  ])('plural forms follow Intl.PluralRules(%s) for 0, 1, 2 and 5', (locale, expected) => {
    const t = stringsFor({ locale });
    expect([0, 1, 2, 5].map((n) => t('allProjects', { n }))).toEqual(expected);
  });

  test('FO-LANGUAGE: the archived share of the projects counts too: "dont 1 archivé", "dont 2 archivés"', () => {
    const fr = stringsFor({ locale: 'fr' });
    const en = stringsFor({ locale: 'en' });
    expect(PLURAL_KEYS.has('archivedOfThem')).toBe(true);
    expect(fr('archivedOfThem', { n: 1 })).toBe(', dont 1 archivé');
    expect(fr('archivedOfThem', { n: 2 })).toBe(', dont 2 archivés');
    expect(en('archivedOfThem', { n: 1 })).toBe(', 1 of them archived');
    expect(en('archivedOfThem', { n: 2 })).toBe(', 2 of them archived');
    // The other languages' singular agrees with their word for "project".
    expect(stringsFor({ locale: 'es' })('archivedOfThem', { n: 1 })).toBe(', 1 de ellos archivado');
    expect(stringsFor({ locale: 'pt' })('archivedOfThem', { n: 2 })).toBe(', 2 deles arquivados');
    expect(stringsFor({ locale: 'sv' })('archivedOfThem', { n: 1 })).toBe(', varav 1 arkiverat');
    expect(stringsFor({ locale: 'sv' })('archivedOfThem', { n: 3 })).toBe(', varav 3 arkiverade');
  });

  test('numbers are written the locale’s way: 1,234 in English, 1.234 in German', () => {
    expect(stringsFor({ locale: 'en' })('projectsCount', { n: 1234 })).toBe('1,234 projects');
    expect(stringsFor({ locale: 'de' })('projectsCount', { n: 1234 })).toBe('1.234 Projekte');
  });

  test('a region falls back to its language: de-AT and de-CH read German, pt-BR Portuguese, sv-SE Swedish', () => {
    expect(tableFor('de-AT')).toBe(TABLES.de);
    expect(tableFor('de-CH')).toBe(TABLES.de);
    expect(tableFor('pt-BR')).toBe(TABLES.pt);
    expect(tableFor('sv-SE')).toBe(TABLES.sv);
    expect(stringsFor({ locale: 'de-AT' })('featuredWork')).toBe('Ausgewählte Arbeiten');
    expect(unknownLocaleWarning('de-AT')).toBeUndefined();
  });

  test('an unknown locale reads English, and the build warning names it and the locales Folio has', () => {
    expect(tableFor('fi')).toBeUndefined();
    const t = stringsFor({ locale: 'fi' });
    expect(t('featuredWork')).toBe('Featured work');
    expect(t('allProjects', { n: 1 })).toBe('The project');
    const warning = unknownLocaleWarning('fi');
    expect(warning).toContain('"fi"');
    expect(warning).toContain('English');
    expect(warning).toContain('en, de, fr, es, pt, sv');
  });

  test('a parameter is filled by a function: `$&` or `$1` in content stays itself', () => {
    const t = stringsFor({ locale: 'en' });
    expect(t('taggedTitle', { tag: '$&$1$$' })).toBe('Tagged “$&$1$$”');
    expect(t('homeNote', { name: 'A $` B' })).toBe('A $` B: profile and featured work.');
  });
});

describe('FO-LANGUAGE: strings: in site.md', () => {
  test('strings: overrides an entry, a plural entry with { one, other } or one text, and leaves the rest to the locale', () => {
    const t = stringsFor({
      locale: 'de',
      strings: { featuredWork: 'Auswahl', allProjects: { one: 'Mein Projekt', other: 'Meine {n} Projekte' }, allPosts: 'Alles' },
    });
    expect(t('featuredWork')).toBe('Auswahl');
    expect(t('allProjects', { n: 1 })).toBe('Mein Projekt');
    expect(t('allProjects', { n: 3 })).toBe('Meine 3 Projekte');
    expect(t('allPosts', { n: 3 })).toBe('Alles');
    expect(t('aboutMe')).toBe('Über mich');
  });

  const siteWith = (yaml: string) => {
    const dir = tempDir('folio-strings-');
    cpSync(GERMAN_SITE, dir, { recursive: true });
    const file = join(dir, 'site.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('strings:\n  featuredWork: Meine liebsten Arbeiten\n', yaml));
    return dir;
  };

  test('a misspelt key is a content error naming the file, the key and the closest key, nothing more', () => {
    const dir = siteWith('strings:\n  featuredwork: Auswahl\n');
    const problems = () => {
      try {
        loadContent(dir);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ContentError);
        // Named from the content folder's parent, here the temporary folder.
        return (error as ContentError).problems.map((p) => p.replace(/^[^/]+\//, ''));
      }
    };
    // Not the site record the rule was checked on ("got {"name":…"): the key is the field's name.
    expect(problems()).toEqual(['site.md: field "strings.featuredwork" expected the name of an interface string (did you mean "featuredWork"?)']);
    // A key near none: where the names are, instead.
    writeFileSync(join(dir, 'site.md'), readFileSync(join(dir, 'site.md'), 'utf8').replace('featuredwork:', 'somethingElse:'));
    expect(problems()).toEqual([
      'site.md: field "strings.somethingElse" expected the name of an interface string (the keys of src/records/strings/en.ts, README § Make it yours)',
    ]);
  });

  test('an override under a merged label’s old name is a content error naming the new one', () => {
    const dir = siteWith('strings:\n  twinTags: Stichwörter\n');
    expect(() => loadContent(dir)).toThrow(/strings\.twinTags.*did you mean "labelTags"/s);
  });

  test('an override of a merged label words the page fact and the twin field alike', async () => {
    const dir = siteWith('strings:\n  labelTags: Stichwörter\n');
    const site = loadContent(dir);
    expect(stringsFor(site.site)('labelTags')).toBe('Stichwörter');
    const kiesel = site.projects.find((p) => p.slug === 'kiesel')!;
    expect((await projectTwin(kiesel, new Catalog(site))).markdown).toContain('- Stichwörter:');
  });

  test('{ one, other } on an entry that does not count is a content error', () => {
    const dir = siteWith('strings:\n  aboutMe: { one: Ich, other: Wir }\n');
    expect(() => loadContent(dir)).toThrow(/strings\.aboutMe.*no \{ one, other \}/s);
  });
});

describe('FO-LANGUAGE: the German fixture', () => {
  const content = loadContent(GERMAN_SITE);

  test('the twins’ labels and headings are German: the home twin and a project twin', async () => {
    const home = (await homeTwin(content)).markdown;
    for (const label of [
      '- Rolle:',
      '- Ort:',
      '- E-Mail:',
      '- Lebenslauf:',
      '- Webseite:',
      '## Ausgewählte Projekte',
      '## Neueste Artikel',
      '## Alle Projekte',
      'Verzeichnis der Website:',
    ])
      expect(home).toContain(label);
    for (const english of ['- Role:', '- Location:', '- Web page:', '## Featured projects', '## All projects', 'Site index:'])
      expect(home).not.toContain(english);
    const kiesel = content.projects.find((p) => p.slug === 'kiesel')!;
    const twin = (await projectTwin(kiesel, new Catalog(content))).markdown;
    for (const label of [
      '- Art: Bibliothek (library)',
      '- Kategorie: Datenhaltung',
      '- Zustand: aktiv',
      '- Begonnen: 2024-03-05',
      '- Aktualisiert: 2025-06-20',
      '- Schlagwörter:',
      '- Quellcode:',
      '- Dokumentation:',
      '- Autor:',
    ])
      expect(twin).toContain(label);
    expect(twin).not.toMatch(/- (Type|Category|Status|Started|Updated|Tags|Repository|Author):/);
  });

  test('summaries are German, with German numbers and plurals', () => {
    expect(tagsSummary(listingOf(content))).toBe('7 Schlagwörter in den Projekten, Artikeln und Seiten von Jonas Weber.');
  });
});
