// Players that ask first (FO-PLAYERS): progressive enhancement of a video line's facade. Without
// this script the facade is a link to the video on the provider's site, so the visitor still
// chooses; with it, the link is a button that puts the player in its place, playing, and only then
// does the browser contact the provider. The player's address is the build's (data-player, from
// the privacy-enhanced hosts), and the page's Content-Security-Policy frames no other host.
(() => {
  for (const facade of document.querySelectorAll('a.embed__facade[data-player]')) {
    facade.setAttribute('role', 'button');
    const play = () => {
      const frame = document.createElement('iframe');
      frame.src = facade.dataset.player;
      frame.title = facade.dataset.playerTitle || '';
      // autoplay: the click that asked for the video is the one that plays it.
      frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
      frame.allowFullscreen = true;
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      facade.replaceWith(frame);
      frame.focus();
    };
    facade.addEventListener('click', (event) => {
      // A click that asks for a new tab or window goes to the provider's page, as a link does.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      play();
    });
    // A button answers Space as well as Enter (WAI-ARIA APG, button pattern).
    facade.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      play();
    });
  }
})();
