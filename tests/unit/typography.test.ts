// FO-TYPOGRAPHY: each language's typography (src/records/typography.ts) on the interface strings,
// the twins' labels and, where pages show it, the owner's text.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { homeTwin, projectTwin, resumeTwin } from '../../src/discovery/twin.ts';
import { Catalog } from '../../src/records/catalog.ts';
import { loadContent } from '../../src/records/load.ts';
import { entryFor, LOCALES, stringsFor } from '../../src/records/strings.ts';
import { colon, elide, NNBSP, typeset } from '../../src/records/typography.ts';
import { twinFacts } from '../../scripts/lib/surface-parity.ts';

const KITCHEN_SINK = join(import.meta.dirname, '..', 'fixtures', 'kitchen-sink', 'content');

describe('FO-TYPOGRAPHY: French', () => {
  it('a narrow no-break space before ; : ! ? and inside « », whatever space was there, and one where there was none', () => {
    expect(typeset('fr', 'Navigation sous contraintes : ROSCon 2025')).toBe(`Navigation sous contraintes${NNBSP}: ROSCon 2025`);
    expect(typeset('fr', 'Page web: https://exemple.fr')).toBe(`Page web${NNBSP}: https://exemple.fr`);
    expect(typeset('fr', 'Vraiment ?! Oui ; non !')).toBe(`Vraiment${NNBSP}?! Oui${NNBSP}; non${NNBSP}!`);
    expect(typeset('fr', 'Étiquette «rust»')).toBe(`Étiquette «${NNBSP}rust${NNBSP}»`);
    expect(typeset('fr', 'Étiquette « rust »')).toBe(`Étiquette «${NNBSP}rust${NNBSP}»`);
    expect(typeset('fr', 'a\u00A0: b')).toBe(`a${NNBSP}: b`);
  });

  it('leaves a colon inside a word alone: times, addresses, emoticons; and is idempotent', () => {
    for (const text of ['Départ à 12:30', 'https://exemple.fr/a:b', 'Bien :)', 'C:\\dossier', '?']) expect(typeset('fr', text)).toBe(text);
    const once = typeset('fr', 'Rover SLAM : cartographie « en temps réel » ?');
    expect(typeset('fr', once)).toBe(once);
  });

  it('no line can start with the punctuation: nothing but U+202F separates a word from its mark', () => {
    const set = typeset('fr', 'Navigation sous contraintes : ROSCon 2025 ! « Oui » ; non ?');
    expect(set).not.toMatch(/[ \t\n][;:!?»]/);
    expect(set).not.toMatch(/«[ \t\n]/);
  });

  it('the label colon, and replacement patterns in the text stay text', () => {
    expect(colon('fr')).toBe(`${NNBSP}:`);
    expect(colon('fr-CA')).toBe(`${NNBSP}:`);
    expect(typeset('fr', "$& $1 $' : x")).toBe(`$& $1 $'${NNBSP}: x`);
  });

  it('elides de before a vowel or a mute h, with the typographic apostrophe; not before a consonant', () => {
    expect(elide('fr', 'de', 'Élodie')).toBe('d’Élodie');
    expect(elide('fr', 'de', 'Camille')).toBe('de Camille');
    expect(elide('fr', 'de', 'Hugo')).toBe('d’Hugo');
    expect(elide('fr', 'de', 'Yves')).toBe('d’Yves');
    expect(elide('fr', 'de', 'E\u0301lodie')).toBe('d’E\u0301lodie');
    expect(elide('en', 'de', 'Élodie')).toBe('de Élodie');
  });

  it('the French strings call it through their {de name} mark: "7 projets de Camille", "7 projets d’Élodie"', () => {
    const t = (name: string) => stringsFor({ locale: 'fr' })('projectsSummary', { projects: '7 projets', name, categories: '2 catégories', archived: '' });
    expect(t('Camille')).toBe('7 projets de Camille dans 2 catégories.');
    expect(t('Élodie')).toBe('7 projets d’Élodie dans 2 catégories.');
    // The name is a value, never a pattern.
    expect(t('$& Élodie')).toBe('7 projets de $& Élodie dans 2 catégories.');
  });

  it('interface strings are typeset; the values filled in stay as written', () => {
    const t = stringsFor({ locale: 'fr' });
    expect(t('homeNote', { name: 'Camille' })).toBe(`Camille${NNBSP}: profil et travaux choisis.`);
    expect(t('taggedTitle', { tag: 'a : b' })).toBe(`Étiquette «${NNBSP}a : b${NNBSP}»`);
    expect(entryFor({ locale: 'fr' }, 'searchNothingFound')).toBe(`Rien trouvé pour «${NNBSP}{query}${NNBSP}»`);
  });
});

describe('FO-TYPOGRAPHY: the other languages set their punctuation against the word', () => {
  it.each(LOCALES.filter((l) => l !== 'fr'))('%s leaves text as written', (locale) => {
    for (const text of ['Navigation: ROSCon 2025', 'Why? Because!', 'a; b', '« x »', '„Zitat“', '¿Qué?']) expect(typeset(locale, text)).toBe(text);
    expect(colon(locale)).toBe(':');
    expect(elide(locale, 'de', 'Élodie')).toBe('de Élodie');
  });
});

describe('FO-TYPOGRAPHY: a record body as its page shows it (src/render/markdown.ts)', () => {
  const visible = (html: string) => html.replaceAll(NNBSP, '⍽');

  it('French: U+202F before ; : ! ? and inside « », after an inline element too, never doubled', async () => {
    const body = 'Voir **ceci**: là ; « a » et «b» ! Vraiment ?\n\nDéjà\u202F: fait\u202F; non\u00A0!\n';
    const { html } = await renderMarkdown(body, {}, 'fr');
    expect(visible(html)).toContain('<p>Voir <strong>ceci</strong>⍽: là⍽; «⍽a⍽» et «⍽b⍽»⍽! Vraiment⍽?</p>');
    expect(visible(html)).toContain('<p>Déjà⍽: fait⍽; non⍽!</p>');
    expect(html).not.toContain(`${NNBSP}${NNBSP}`);
  });

  it('French: code, pre, kbd, samp, script, style, math and translate="no" stay as written; so do times and addresses', async () => {
    const body = [
      'Départ à 12:30 : voir https://exemple.fr/a:b et <https://exemple.fr/c?d=e> ! Ou <https://exemple.fr/quoi?> et <camille@exemple.fr>.',
      '',
      '`a : b` <kbd>Ctrl : C</kbd> <samp>x ; y</samp> <span translate="no"><em>Nom : propre</em></span> <math><mi>a</mi><mo>:</mo><mi>b</mi></math>',
      '',
      '```ts',
      'const a = b ? c : d;',
      '```',
      '',
      '<style>a::after { content: "x ; y" }</style>',
      '',
    ].join('\n');
    const { html } = await renderMarkdown(body, {}, 'fr');
    expect(visible(html)).toContain(
      'Départ à 12:30⍽: voir <a href="https://exemple.fr/a:b">https://exemple.fr/a:b</a> et <a href="https://exemple.fr/c?d=e">https://exemple.fr/c?d=e</a>⍽!',
    );
    // A link's text that is its own address stays as written, even when it ends in `?`.
    expect(html).toContain('<a href="https://exemple.fr/quoi?">https://exemple.fr/quoi?</a>');
    for (const kept of [
      '<code>a : b</code>',
      '<kbd>Ctrl : C</kbd>',
      '<samp>x ; y</samp>',
      '<em>Nom : propre</em>',
      '<mo>:</mo>',
      'a::after { content: "x ; y" }',
    ]) {
      expect(html).toContain(kept);
    }
    // The code block: nothing but the owner's own spaces before its punctuation.
    expect(html.match(/<pre[\s\S]*<\/pre>/)![0]).not.toContain(NNBSP);
  });

  it('the table of contents shows a heading typeset; its anchor is the same in every language', async () => {
    const body = '## Pourquoi : le début ?\n\nTexte.\n';
    const fr = await renderMarkdown(body, {}, 'fr');
    const en = await renderMarkdown(body, {}, 'en');
    expect(fr.headings[0]!.text).toBe(`Pourquoi${NNBSP}: le début${NNBSP}?`);
    expect(fr.headings[0]!.slug).toBe(en.headings[0]!.slug);
    expect(en.headings[0]!.text).toBe('Pourquoi : le début ?');
  });

  it('the render cache keys French apart; the other languages share one render, as written', async () => {
    const body = 'Navigation sous contraintes : ROSCon 2025 !\n';
    const fr = renderMarkdown(body, {}, 'fr-CA');
    const en = renderMarkdown(body, {}, 'en');
    expect(fr).not.toBe(en);
    expect((await fr).html).toBe(`<p>Navigation sous contraintes${NNBSP}: ROSCon 2025${NNBSP}!</p>`);
    expect((await en).html).toBe('<p>Navigation sous contraintes : ROSCon 2025 !</p>');
    for (const locale of ['de', 'es', 'pt', 'sv']) expect(renderMarkdown(body, {}, locale)).toBe(en);
    // A French body with nothing to set is one render for every language.
    expect(renderMarkdown('Bonjour tout le monde.\n', {}, 'fr')).toBe(renderMarkdown('Bonjour tout le monde.\n', {}, 'en'));
  });
});

describe('FO-TYPOGRAPHY: the French kitchen-sink twins', () => {
  const content = loadContent(KITCHEN_SINK);
  const catalog = new Catalog(content);

  it('field labels take U+202F before the colon; the owner’s title is kept as written', async () => {
    const talk = content.projects.find((p) => p.slug === 'talk-roscon')!;
    const twin = (await projectTwin(talk, catalog)).markdown;
    expect(twin).toContain(`- Page web${NNBSP}: `);
    expect(twin).toContain(`- Type${NNBSP}: Conférence (talk)`);
    expect(twin).toContain(`- Date${NNBSP}: `);
    expect(twin).toContain(`- Signaux de contenu${NNBSP}: search=`);
    expect(twin).toContain('# Navigation sous contraintes : ROSCon 2025');
    expect(twin).not.toMatch(/- (Type|Page web|Content signals): /);
    // The check's parity reader reads the French labels back, the type as its id (scripts/lib/surface-parity.ts).
    const facts = twinFacts(twin);
    expect(facts).toMatchObject({ title: talk.title, type: 'talk', date: talk.date, category: expect.any(String) });
    expect(facts.links?.length).toBeGreaterThan(0);
    expect(facts.links?.every((l) => !l.includes(NNBSP))).toBe(true);
  });

  it('the résumé twin: "Français : Langue maternelle"', async () => {
    const twin = (await resumeTwin(content.resume!, catalog)).markdown;
    expect(twin).toContain(`- Français${NNBSP}: Langue maternelle`);
  });

  it('the home twin names no English label', async () => {
    const twin = (await homeTwin(content)).markdown;
    expect(twin).not.toMatch(/Content signals|Web page:/);
  });
});
