// Text put into HTML (text and double-quoted attribute values), written by hand rather than through
// a template engine: the developer guide's inline Markdown and the search results page.
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
