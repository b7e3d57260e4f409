// /og/<page>.png: each page's social card (src/builder/social-cards.ts), unless FOLIO_SOCIAL_CARDS=0.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalog, loadLanguages } from '../../records/load.ts';
import { cardPng, socialCards } from '../../builder/social-cards.ts';
import { cardPathOf, socialCardsEnabled } from '../../builder/social-card-paths.ts';
import { accentVariants } from '../../records/theme.ts';
import { buildReporter } from '../../builder/build-progress.ts';

/** `/og/projects/quarry.png` → `projects/quarry`. */
const paramOf = (path: string) => cardPathOf(path).slice('/og/'.length, -'.png'.length);

export const getStaticPaths = (() => {
  const cards = socialCardsEnabled() ? loadLanguages().flatMap((catalog) => socialCards(catalog)) : [];
  // The build's progress line counts them as they are drawn (build-progress.ts); they are most of the render's time.
  if (cards.length) buildReporter()?.start('cards', 'social cards', cards.length);
  return cards.map((card) => ({ params: { card: paramOf(card.path) }, props: { card } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { site } = loadCatalog().content;
  // The owner's accent (FO-THEME), as the light scheme shows it: a card is drawn light.
  const accent = site.theme?.accent && accentVariants(site.theme.accent).light.accent;
  const { png, drawn } = await cardPng(process.cwd(), props.card, site.name, accent || undefined);
  buildReporter()?.tick('cards', drawn);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
