// The Response prerendered Markdown endpoints return. In a static build only the body is kept
// (the server sets headers by file extension); in `astro dev` these headers are what is sent.
import { MARKDOWN } from '../server/media-types.ts';

export const markdownResponse = (markdown: string) => new Response(markdown, { headers: { 'Content-Type': MARKDOWN } });
