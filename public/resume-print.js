// The résumé's "Download résumé (PDF)" action (FO-RESUME-PDF): progressive enhancement. The page
// prints as a CV on its own (global.css, @media print); the browser's print dialog saves that as a
// PDF, so no PDF library is needed. Without script the button could do nothing, so it and its hint
// stay hidden; this script, loaded right after them, shows them and makes the button open the dialog.
(() => {
  const button = document.querySelector('.resume__pdf');
  const hint = document.getElementById('resume-pdf-hint');
  if (!button || typeof window.print !== 'function') return;
  button.addEventListener('click', () => window.print());
  button.hidden = false;
  if (hint) hint.hidden = false;
})();
