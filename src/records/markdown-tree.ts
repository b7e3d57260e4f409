// The build's one Markdown parser: Sätteri, the renderer's own (src/render/markdown.ts), read as an mdast tree
// with positions. The loader's checks (load.ts), the twins' link positions (source-links.ts) and
// the résumé's plain text (resume.ts) read this tree, so each sees a body as the page's render
// parses it (docs/decisions.md § Content and the build). Build-only: the function never parses
// Markdown (FO-FUNCTION-GRAPH).
import { markdownToMdast } from 'satteri';

/** The parts of an mdast node (unist positions: 1-based lines, 0-based UTF-16 offsets) Folio reads. */
export interface MarkdownNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  depth?: number;
  children?: MarkdownNode[];
  position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } };
}

/**
 * The mdast tree of `markdown` as src/render/markdown.ts parses a body: GFM on (`gfm: false` reads CommonMark
 * alone), no front matter (the loader has taken it off, so a body's own `---` stays a rule).
 * Smart punctuation, which the render adds, is left out: it changes only text, which these
 * readers want as written.
 */
export const markdownTree = (markdown: string, { gfm = true } = {}): MarkdownNode =>
  markdownToMdast(markdown, { features: { gfm, frontmatter: false } }) as MarkdownNode;

/**
 * The text of a node as mdast-util-to-string gives it: a value (raw HTML's too), else an image's
 * alt text, else its children's text joined.
 */
export function plainText(node: MarkdownNode): string {
  if (typeof node.value === 'string') return node.value;
  if (node.alt) return node.alt;
  return (node.children ?? []).map(plainText).join('');
}
