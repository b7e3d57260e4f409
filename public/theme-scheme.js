// The light/dark toggle of theme.colorScheme `auto` (FO-THEME). Loaded blocking in <head>, before
// the body is parsed: the visitor's stored choice goes onto <html data-scheme> before first paint,
// so the wrong scheme never flashes. Without this script the page follows the system preference
// (the stylesheet's light-dark() colours); the toggle button stays hidden, as it could do nothing.
(() => {
  const KEY = 'folio-scheme';
  const root = document.documentElement;
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  const stored = () => {
    try {
      const value = localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' ? value : undefined;
    } catch {
      return undefined; // storage refused (privacy settings): follow the system
    }
  };
  // The browser's own bar follows the page too: both theme-color metas (above this script) take the chosen scheme's colour.
  const metas = [...document.querySelectorAll('meta[name="theme-color"]')];
  const colors = Object.fromEntries(metas.map((m) => [m.media.includes('dark') ? 'dark' : 'light', m.content]));
  const apply = (scheme) => {
    root.dataset.scheme = scheme;
    for (const meta of metas) meta.content = colors[scheme] ?? meta.content;
  };
  const choice = stored();
  if (choice) apply(choice);
  // The toggle's place is kept from the first paint (global.css), though it works from DOMContentLoaded.
  root.dataset.schemeToggle = '';

  const current = () => root.dataset.scheme || (system.matches ? 'dark' : 'light');
  document.addEventListener('DOMContentLoaded', () => {
    // The header's toggle, and the footer menu's copy that a phone shows instead (FO-HEADER-NAME): both say the one scheme.
    const buttons = [...document.querySelectorAll('button.scheme-toggle')];
    if (!buttons.length) return;
    const show = () => {
      for (const button of buttons) button.setAttribute('aria-pressed', String(current() === 'dark'));
    };
    for (const button of buttons) {
      button.addEventListener('click', () => {
        const next = current() === 'dark' ? 'light' : 'dark';
        apply(next);
        try {
          localStorage.setItem(KEY, next);
        } catch {
          // not remembered, but this page still changes
        }
        show();
      });
      button.hidden = false;
    }
    system.addEventListener('change', show);
    show();
  });
})();
