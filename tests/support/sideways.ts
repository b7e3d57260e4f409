// FO-LONG-WORDS, as a browser measures it: a page no wider than the screen, and no element past
// it. One function for the e2e specs (over a build) and the integration tier (over a rendered site).

/** The phones' widths no page may scroll sideways at (FO-LONG-WORDS): the narrowest in use, and a common one. */
export const PHONE_WIDTHS = [320, 390] as const;

/**
 * Run in the page (Playwright's `page.evaluate`): the document's scroll width, the screen's, and up
 * to five elements reaching past it that no scrolling or clipping box holds (a code block or a
 * table's wrapper holds what is inside it, so only what it lets show counts).
 */
export function sideways(): { scroll: number; client: number; past: string[] } {
  const client = document.documentElement.clientWidth;
  const held = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
    return false;
  };
  const past = [...document.body.querySelectorAll('*')]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > client + 0.5 || box.left < -0.5) && !held(el);
    })
    .slice(0, 5)
    .map(
      (el) =>
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(el.getBoundingClientRect().right)} px: ${(el.textContent ?? '').trim().slice(0, 60)}`,
    );
  return { scroll: document.documentElement.scrollWidth, client, past };
}
