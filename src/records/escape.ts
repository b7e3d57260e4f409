// Text put into HTML (text and double-quoted attribute values) or Markdown, written by hand rather
// than through a template engine: the developer guide's inline Markdown and the search results page.
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Text put into Markdown as plain text: every ASCII punctuation character backslash-escaped
 * (CommonMark § 2.4 allows it for all of them), so a client's text cannot open a link, a heading
 * or an emphasis of its own. Line breaks become spaces: the text stays on its line.
 */
export const escapeMarkdown = (text: string) => text.replace(/\s+/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
