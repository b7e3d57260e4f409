// Copy buttons for code blocks (FO-WORK): progressive enhancement. The page works without this
// script; with it, each code block's bar gets a button that copies the code and says so.
(() => {
  if (!navigator.clipboard) return;
  // The site's words (FO-LANGUAGE): <body>'s data-code-* attributes, from src/records/strings/.
  const words = document.body.dataset;
  for (const block of document.querySelectorAll('.code-block')) {
    const bar = block.querySelector('.code-block__bar');
    const code = block.querySelector('pre code') || block.querySelector('pre');
    if (!bar || !code || bar.querySelector('button')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.textContent = words.codeCopy || 'Copy';
    const status = document.createElement('span');
    status.className = 'sr-only';
    status.setAttribute('role', 'status');
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(code.textContent || '');
        button.textContent = words.codeCopied || 'Copied';
        status.textContent = words.codeCopiedStatus || 'Code copied to the clipboard';
      } catch {
        button.textContent = words.codeCopyFailed || 'Copy failed';
        status.textContent = words.codeCopyFailedStatus || 'Could not copy the code';
      }
      setTimeout(() => {
        button.textContent = words.codeCopy || 'Copy';
        status.textContent = '';
      }, 2000);
    });
    bar.append(button, status);
  }
})();
