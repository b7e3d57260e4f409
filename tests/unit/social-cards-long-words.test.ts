// FO-LONG-WORDS on the social cards (src/builder/social-cards.ts): the longest real words of the
// bilingual fixture, drawn as satori lays them out, stay in the text panel, and the cover keeps its
// panel at the card's right edge. Read from the SVG satori makes (its text is paths in absolute
// coordinates), so the layout is measured, not a picture compared.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CARD_WIDTH } from '../../src/builder/social-card-paths.ts';
import { COVER_WIDTH, cardSvg } from '../../src/builder/social-cards.ts';
import { loadContent } from '../../src/records/load.ts';

const content = loadContent(join(import.meta.dirname, '..', 'fixtures', 'bilingual-site', 'content'));
const project = (slug: string) => content.projects.find((p) => p.slug === slug)!;
const post = content.posts.find((p) => p.slug === 'mots-longs')!;
const cover = project('robotique-mobile').cover!;

/** The drawn boxes of a card: its cover's image, and the rightmost point of any text (satori's glyph paths: M, L, Q, Z in absolute pairs). */
function layout(svg: string) {
  const image = /<image x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(svg);
  const xs = [...svg.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)].flatMap((m) => {
    const numbers = m[1]!.match(/-?[\d.]+/g)!.map(Number);
    return numbers.filter((_, i) => i % 2 === 0);
  });
  return { image: image ? { x: Number(image[1]), width: Number(image[2]) } : undefined, textRight: Math.max(...xs), glyphRuns: xs.length };
}

describe('FO-LONG-WORDS: a social card keeps its layout with the longest words of each language', () => {
  for (const [name, title, summary] of [
    ['a project (German compounds)', project('accessibilite-longue').title, project('accessibilite-longue').summary],
    ['a post (a 63-letter German law, Portuguese, Spanish, Swedish)', post.title, post.summary],
    [
      'one word longer than the panel',
      'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz',
      'https://example.fr/elise/anticonstitutionnellement/gestaltungsprozessoptimierung',
    ],
  ] as const) {
    test(`${name}: with a cover, the cover fills its ${COVER_WIDTH} px panel at the right edge and every glyph stays left of it`, async () => {
      const drawn = layout(await cardSvg(process.cwd(), { path: '/x', title, summary, cover }, content.site.name));
      expect(drawn.image).toEqual({ x: CARD_WIDTH - COVER_WIDTH, width: COVER_WIDTH });
      expect(drawn.glyphRuns).toBeGreaterThan(100);
      expect(drawn.textRight).toBeLessThanOrEqual(CARD_WIDTH - COVER_WIDTH);
    });

    test(`${name}: without a cover, every glyph stays on the card`, async () => {
      const drawn = layout(await cardSvg(process.cwd(), { path: '/x', title, summary }, content.site.name));
      expect(drawn.image).toBeUndefined();
      expect(drawn.textRight).toBeLessThanOrEqual(CARD_WIDTH);
    });
  }
});
