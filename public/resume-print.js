// The résumé's "Download résumé (PDF)" action (FO-RESUME-PDF): the page prints as a CV on its own
// (global.css, @media print), and the browser's print dialog saves that as a PDF, so no PDF library
// is needed. The button is drawn only when script runs (global.css, @media (scripting: none)); this
// script makes it open the dialog.
(() => {
  const button = document.querySelector('.resume__pdf');
  if (button && typeof window.print === 'function') button.addEventListener('click', () => window.print());
})();
