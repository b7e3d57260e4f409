// Video lines in bodies (FO-WORK, FO-PLAYERS): a paragraph holding nothing but a link to a YouTube
// or Vimeo video becomes, by default, a facade that asks first (src/render/markdown.ts): the
// provider is contacted only when the visitor plays, from the privacy-enhanced hosts
// (youtube-nocookie.com, player.vimeo.com with dnt=1) and only those; `players: direct` in site.md
// puts the player on the page instead. The twin keeps the address as written. Raw <iframe> and
// <script> in a body are refused by the loader (load.ts checkBody), which names this syntax.

/** The hosts a player loads from: what the Content-Security-Policy's frame-src must allow. */
export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * The `<meta>` Content-Security-Policy of a page whose body embeds no video: the header's
 * `frame-src` (the players' hosts, the ceiling for every page) narrowed to none, since policies
 * combine and each can only take away (CSP 3 § 8.1); FO-CONTENT-DATA.
 */
export const NO_FRAMES_POLICY = "frame-src 'none'";

/** How to embed, as the loader's hint says it. */
export const EMBED_HINT = 'put the video address alone on its own line (a YouTube or Vimeo URL), e.g. https://www.youtube.com/watch?v=VIDEO_ID';

/**
 * How a page shows a video line (site.md `players`, FO-PLAYERS): `ask`, the default, a facade that
 * loads the player on a click (nothing reaches the provider before); `direct`, the player itself.
 */
export const PLAYER_MODES = ['ask', 'direct'] as const;
export type PlayerMode = (typeof PLAYER_MODES)[number];

export interface Embed {
  /** The player's address, for a page that shows it at once (`players: direct`). */
  src: string;
  /** The player's address for the facade's click: it starts playing, so one click plays (FO-PLAYERS). */
  autoplay: string;
  /** The video's page on the provider's own site: the facade's link without JavaScript, so the visitor still chooses. */
  watch: string;
  /** The player's host as people name it: the player's title says it in the site's language (`videoOn`, FO-LANGUAGE). */
  host: 'YouTube' | 'Vimeo';
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The player for a video address, or undefined when the address is not a YouTube or Vimeo video. */
export function embedOf(address: string): Embed | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.pathname === '/watch' ? (url.searchParams.get('v') ?? undefined) : /^\/(?:embed|shorts|live)\/([^/]+)$/.exec(url.pathname)?.[1];
  } else if (host === 'youtu.be') {
    id = /^\/([^/]+)$/.exec(url.pathname)?.[1];
  }
  if (id !== undefined) {
    if (!YOUTUBE_ID.test(id)) return undefined;
    const src = `https://www.youtube-nocookie.com/embed/${id}`;
    return { src, autoplay: `${src}?autoplay=1`, watch: `https://www.youtube.com/watch?v=${id}`, host: 'YouTube' };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = /^\/(?:video\/)?(\d{1,12})$/.exec(url.pathname)?.[1];
    // dnt=1: Vimeo's player then sets no tracking cookie and records no session data (Vimeo's player parameters).
    const src = `https://player.vimeo.com/video/${vimeo}?dnt=1`;
    if (vimeo) return { src, autoplay: `${src}&autoplay=1`, watch: `https://vimeo.com/${vimeo}`, host: 'Vimeo' };
  }
  return undefined;
}
