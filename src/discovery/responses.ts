// The Response prerendered Markdown endpoints return. In a static build only the body is kept
// (the server sets headers by file extension); in `astro dev` these headers are what is sent.
import { MARKDOWN } from '../http/media-types.ts';

export const markdownResponse = (markdown: string) => new Response(markdown, { headers: { 'Content-Type': MARKDOWN } });

/** A twin route's answer for a record removed under astro dev (its route lingers a moment): the routing middleware answers the Markdown 404. */
export const missingTwin = () => new Response(null, { status: 404 });

/**
 * The answer of a route whose file the site does not have (/posts.md without posts, /resume.json
 * without a résumé): Astro's build writes no file for a response without a body, so the path is a
 * 404 like any other, and under astro dev it answers 404.
 */
export const noFile = () => new Response(null, { status: 404 });
