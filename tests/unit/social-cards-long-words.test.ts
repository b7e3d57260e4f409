// FO-LONG-WORDS on the social cards (src/builder/social-cards.ts): the longest real words of the
// bilingual fixture, laid out as the card is drawn, stay in the text panel, and the cover keeps its
// panel at the card's right edge. Read from Takumi's measure of the card (every box and every line
// of text, in absolute pixels), so the layout is measured, not a picture compared.
import { join } from 'node:path';
import type { MeasuredNode } from '@takumi-rs/core';
import { describe, expect, test } from 'vitest';
import { CARD_WIDTH } from '../../src/builder/social-card-paths.ts';
import { COVER_WIDTH, measureCard } from '../../src/builder/social-cards.ts';
import { loadContent } from '../../src/records/load.ts';

const content = loadContent(join(import.meta.dirname, '..', 'fixtures', 'bilingual-site', 'content'));
const project = (slug: string) => content.projects.find((p) => p.slug === slug)!;
const post = content.posts.find((p) => p.slug === 'mots-longs')!;
const cover = project('robotique-mobile').cover!;

/** The card's boxes, depth first (each one's transform holds its absolute x and y). */
const boxes = (node: MeasuredNode): MeasuredNode[] => [node, ...node.children.flatMap(boxes)];

/** What a card draws: its cover's box (the one box with no text and no children beside the root's), and the rightmost point of any line of text. */
function layout(card: MeasuredNode) {
  const all = boxes(card);
  const image = all.find((b) => b !== card && !b.children.length && !b.runs.length);
  const lines = all.flatMap((b) => b.runs.map((run) => ({ text: run.text, right: b.transform[4] + run.x + run.width })));
  return {
    image: image && { x: image.transform[4], width: image.width },
    textRight: Math.max(...lines.map((l) => l.right)),
    text: lines.map((l) => l.text).join(''),
  };
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
      const drawn = layout(await measureCard(process.cwd(), { path: '/x', title, summary, cover }, content.site.name));
      expect(drawn.image).toEqual({ x: CARD_WIDTH - COVER_WIDTH, width: COVER_WIDTH });
      // Every letter of the title is laid out (a summary past 160 letters is cut with an ellipsis).
      expect(drawn.text.replace(/\s/g, '')).toContain(title.replace(/\s/g, ''));
      expect(drawn.textRight).toBeLessThanOrEqual(CARD_WIDTH - COVER_WIDTH);
    });

    test(`${name}: without a cover, every glyph stays on the card`, async () => {
      const drawn = layout(await measureCard(process.cwd(), { path: '/x', title, summary }, content.site.name));
      expect(drawn.image).toBeUndefined();
      expect(drawn.textRight).toBeLessThanOrEqual(CARD_WIDTH);
    });
  }
});
