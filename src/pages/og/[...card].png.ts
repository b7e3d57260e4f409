// /og/<page>.png: each page's social card (src/build/social-cards.ts), unless FOLIO_SOCIAL_CARDS=0.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../../records/load.ts';
import { cardPng, socialCards } from '../../build/social-cards.ts';
import { cardPathOf, socialCardsEnabled } from '../../social/paths.ts';

/** `/og/projects/quarry.png` → `projects/quarry`. */
const paramOf = (path: string) => cardPathOf(path).slice('/og/'.length, -'.png'.length);

export const getStaticPaths = (() =>
  socialCardsEnabled() ? socialCards(loadContent()).map((card) => ({ params: { card: paramOf(card.path) }, props: { card } })) : []) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const png = await cardPng(process.cwd(), props.card, loadContent().site.name);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
