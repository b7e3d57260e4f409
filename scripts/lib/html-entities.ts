// HTML text back to the characters Astro escapes in it (`&amp;` last, so `&amp;lt;` reads `&lt;`):
// for the checks that read links and JSON-LD out of built pages.
export const decodeEntities = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
