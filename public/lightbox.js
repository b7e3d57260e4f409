// The lightbox (FO-LIGHTBOX): progressive enhancement of a body's figures and galleries. Without
// this script each image's link opens its largest file; with it, a click opens that file in one
// native <dialog> per page (made on the first click, so nothing is fetched or laid out before),
// with its caption, previous and next within its gallery (buttons, arrow keys, a swipe), and a
// close button; Escape closes it as any modal dialog does, and focus returns to the link.
(() => {
  const words = document.currentScript?.dataset || {};
  const LINKS = '.prose a.gallery__link, .prose a.figure__link';
  let dialog;
  let image;
  let caption;
  let previous;
  let next;
  let links = [];
  let index = 0;
  let opener = null;

  const button = (className, label, text) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = className;
    b.setAttribute('aria-label', label);
    b.textContent = text;
    return b;
  };

  const make = () => {
    dialog = document.createElement('dialog');
    dialog.className = 'lightbox';
    dialog.setAttribute('aria-label', words.label || 'Enlarged image');
    image = document.createElement('img');
    image.className = 'lightbox__image';
    // A drag of the image would take the pointer from the swipe.
    image.draggable = false;
    caption = document.createElement('p');
    caption.className = 'lightbox__caption';
    const close = button('lightbox__close', words.close || 'Close', '×');
    previous = button('lightbox__prev', words.previous || 'Previous image', '‹');
    next = button('lightbox__next', words.next || 'Next image', '›');
    close.addEventListener('click', () => dialog.close());
    previous.addEventListener('click', () => show(index - 1));
    next.addEventListener('click', () => show(index + 1));
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowLeft') show(index - 1);
      else if (event.key === 'ArrowRight') show(index + 1);
      else return;
      event.preventDefault();
    });
    // A swipe: a horizontal move of 40 px or more between pointer down and up.
    let startX = null;
    dialog.addEventListener('pointerdown', (event) => {
      startX = event.clientX;
    });
    dialog.addEventListener('pointerup', (event) => {
      if (startX === null) return;
      const moved = event.clientX - startX;
      startX = null;
      if (Math.abs(moved) >= 40) show(moved < 0 ? index + 1 : index - 1);
    });
    dialog.addEventListener('close', () => {
      image.removeAttribute('src');
      if (opener) opener.focus();
      opener = null;
    });
    dialog.append(image, caption, close, previous, next);
    document.body.append(dialog);
  };

  const show = (at) => {
    if (at < 0 || at >= links.length) return;
    index = at;
    const link = links[at];
    const shown = link.querySelector('img');
    const text = link.closest('figure')?.querySelector('figcaption')?.textContent || '';
    image.src = link.getAttribute('href');
    image.alt = shown ? shown.alt : '';
    caption.textContent = text;
    caption.hidden = !text;
    previous.hidden = at === 0;
    next.hidden = at === links.length - 1;
  };

  document.addEventListener('click', (event) => {
    // A click with a modifier (a new tab or window) keeps the link's own behaviour.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest(LINKS) : null;
    if (!link) return;
    event.preventDefault();
    if (!dialog) make();
    const gallery = link.closest('.gallery');
    links = gallery ? [...gallery.querySelectorAll('a.gallery__link')] : [link];
    opener = link;
    show(links.indexOf(link));
    dialog.showModal();
  });
})();
