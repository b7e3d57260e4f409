// The Response prerendered Markdown endpoints return. In a static build only the body is kept
// (the server sets headers by file extension); in `astro dev` these headers are what is sent.
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

export const markdownResponse = (markdown: string) => new Response(markdown, { headers: { 'Content-Type': MARKDOWN_TYPE } });
