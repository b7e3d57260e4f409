// FO-DESIGN in the markup the build writes, rendered with no build (tests/support/render-page.ts):
// what the design checks in a browser rely on. A hyphenated word of a title is one span that
// global.css keeps whole (WholeWords.astro); tests/e2e/design.spec.ts and kitchen-sink.spec.ts see it
// kept on one line, at 390 and 1280 px.
import { expect, test } from 'vitest';
import { fixtureSite } from '../support/render-page.ts';
import { SAMPLE_SITE_CONTENT } from '../support/sites.ts';

test('FO-DESIGN: a hyphenated word of a title is one unbreakable span: Quarry’s “full-text” on its page, “capteur-rs” on a card', async () => {
  const quarry = await fixtureSite(SAMPLE_SITE_CONTENT).page('/projects/quarry');
  expect(quarry.texts('h1 .nowrap')).toEqual(['full-text']);
  const cards = await fixtureSite('tests/fixtures/kitchen-sink/content').page('/projects');
  expect(cards.texts('.card__title .nowrap')).toContain('capteur-rs');
});
