// /favicon.svg: the owner's initials on the accent colour, so a fork gets its own icon.
import type { APIRoute } from 'astro';
import { initialsOf } from '../records/collections.ts';
import { loadContent } from '../records/load.ts';

export const GET: APIRoute = () => {
  const text = initialsOf(loadContent().site.name);
  const size = text.length > 1 ? 15 : 19;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><style>rect{fill:#a1401a}text{fill:#fff}@media (prefers-color-scheme:dark){rect{fill:#f2a27a}text{fill:#141413}}</style><rect width="32" height="32" rx="7"/><text x="16" y="${text.length > 1 ? 21 : 22.5}" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle">${text}</text></svg>\n`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
