// FO-STEMMING: each of Folio's languages stems its words in the index and in the query alike
// (src/search/options.ts, @orama/stemmers' Snowball stemmers), after which accents are folded as before.
import { describe, expect, it } from 'vitest';
import { indexOptions, optionsHash, queryTerms, STEM_MAX_LENGTH, stemmerFor } from '../../src/search/options.ts';
import { searchRecords } from '../../src/search/rank.ts';
import { LOCALES } from '../../src/records/strings.ts';
import { fixtureSiteData } from '../support/site-data.ts';
import { corpus, project, testSite } from '../support/search-fixtures.ts';

const slugs = (hits: readonly { record: { slug: string } }[]) => hits.map((h) => h.record.slug);
const tiers = (hits: readonly { record: { slug: string }; match: string }[]) => Object.fromEntries(hits.map((h) => [h.record.slug, h.match]));

describe('FO-STEMMING: one stemmer per interface language', () => {
  it('every language Folio speaks has a stemmer; a region reads its language; another language is not stemmed', () => {
    for (const locale of LOCALES) expect(stemmerFor(locale), locale).toBeTypeOf('function');
    expect(stemmerFor('fr-CA')).toBe(stemmerFor('fr'));
    expect(stemmerFor('it')).toBeUndefined();
    expect(queryTerms('Robotique robots', 'it')).toEqual(['robotique', 'robots']);
  });

  it('stems, then folds accents: French, German, Spanish, Portuguese, Swedish, English', () => {
    expect(queryTerms('Robotique robots capteurs capteur', 'fr')).toEqual(['robot', 'capteur']);
    expect(queryTerms('Télémétrie telemetrie', 'fr')).toHaveLength(1);
    expect(queryTerms('Häuser Hauses Haus', 'de')).toEqual(['haus']);
    expect(queryTerms('bibliotecas biblioteca', 'es')).toHaveLength(1);
    expect(queryTerms('programação programações', 'pt')).toHaveLength(1);
    expect(queryTerms('bilarna bilar', 'sv')).toHaveLength(1);
    expect(queryTerms('libraries library', 'en')).toHaveLength(1);
  });

  it('FO-BOUNDED: a word longer than STEM_MAX_LENGTH is folded, not stemmed; a locale naming an Object member has no stemmer', () => {
    const long = `${'Capteur'.repeat(20)}s`;
    expect(long.length).toBeGreaterThan(STEM_MAX_LENGTH);
    expect(queryTerms(long, 'fr')).toEqual([long.toLowerCase()]);
    expect(queryTerms(`${'é'.repeat(5000)}ations`, 'fr')[0]).toHaveLength(5006);
    expect(stemmerFor('constructor')).toBeUndefined();
    expect(stemmerFor('__proto__')).toBeUndefined();
  });

  it("an index is hashed with its language's stemmer: a French index does not load as an English one", () => {
    expect(optionsHash('fr')).not.toBe(optionsHash('en'));
    expect(optionsHash('fr-CA')).toBe(optionsHash('fr'));
    expect(indexOptions('de-AT')).toBe(indexOptions('de'));
  });
});

describe('FO-STEMMING: a French site finds a word by its stem, not by a typo', () => {
  const fr = { ...testSite, locale: 'fr' };
  const data = corpus(
    [
      project('robotique', { title: 'Robotique mobile : un rover', summary: 'Un rover autonome.' }),
      project('flotte', { title: 'Flotte', summary: 'Une flotte de capteurs reliés par radio.' }),
      project('autre', { title: 'Autre chose', body: 'Rien à voir.' }),
    ],
    [],
    fr,
  );

  it('robots finds "Robotique …" by its title words; capteur meets capteurs in the summary tier, not fuzzy', () => {
    expect(tiers(searchRecords(data, 'robots'))).toEqual({ robotique: 'title_substring' });
    expect(tiers(searchRecords(data, 'capteur'))).toEqual({ flotte: 'summary' });
  });

  it('an English site stems English: "lanterns" meets "lantern" as one word (the body tier, not a prefix)', () => {
    const en = corpus([project('jetty', { title: 'Jetty', body: 'Lanterns everywhere.' })]);
    expect(tiers(searchRecords(en, 'lantern'))).toEqual({ jetty: 'body' });
  });
});

describe('FO-STEMMING: the fixture sites', () => {
  it('the French kitchen-sink: robots finds the robotics projects (category robotique), capteur meets capteurs exactly', async () => {
    const data = await fixtureSiteData('tests/fixtures/kitchen-sink/content');
    expect(tiers(searchRecords(data, 'robots'))).toMatchObject({ 'rover-slam': 'category', 'ancien-banc': 'category' });
    const capteur = tiers(searchRecords(data, 'capteur'));
    expect(capteur['ota-telemetrie']).toBe('summary');
  });

  it('the German fixture (de-AT): the singular finds the plural title "Schnappschüsse ohne Sperren" by stem, with its umlaut folded', async () => {
    const data = await fixtureSiteData('tests/fixtures/german-site/content');
    expect(slugs(searchRecords(data, 'Schnappschuss'))[0]).toBe('schnappschuesse');
    expect(tiers(searchRecords(data, 'Schnappschuss')).schnappschuesse).toBe('title_substring');
  });
});
