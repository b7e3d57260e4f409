// /favicon.svg: the owner's initials on the accent colour (site.md `theme.accent`, FO-THEME), so a
// fork gets its own icon; the browser's scheme picks the light or the dark variant.
import type { APIRoute } from 'astro';
import { initialsOf } from '../records/collections.ts';
import { loadContent } from '../records/load.ts';
import { accentVariants } from '../records/theme.ts';

/** Today's accent in each scheme, when site.md sets none. */
const DEFAULT_ACCENT = { light: '#a1401a', dark: '#f2a27a' };

export const GET: APIRoute = () => {
  const { site } = loadContent();
  const text = initialsOf(site.name);
  const size = text.length > 1 ? 15 : 19;
  // Only a validated hex colour reaches the SVG: the schema refuses anything else (HEX_COLOR).
  const variants = site.theme?.accent ? accentVariants(site.theme.accent) : undefined;
  const light = variants?.light.accent ?? DEFAULT_ACCENT.light;
  const dark = variants?.dark.accent ?? DEFAULT_ACCENT.dark;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><style>rect{fill:${light}}text{fill:#fff}@media (prefers-color-scheme:dark){rect{fill:${dark}}text{fill:#141413}}</style><rect width="32" height="32" rx="7"/><text x="16" y="${text.length > 1 ? 21 : 22.5}" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle">${text}</text></svg>\n`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
