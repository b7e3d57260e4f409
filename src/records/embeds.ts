// Video embeds in bodies (FO-WORK): a paragraph holding nothing but a YouTube or Vimeo address
// becomes that video's player, from the privacy-enhanced hosts (youtube-nocookie.com,
// player.vimeo.com) and only those; the twin keeps the address as written. Raw <iframe> and
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

export interface Embed {
  src: string;
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
  if (id !== undefined) return YOUTUBE_ID.test(id) ? { src: `https://www.youtube-nocookie.com/embed/${id}`, host: 'YouTube' } : undefined;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = /^\/(?:video\/)?(\d{1,12})$/.exec(url.pathname)?.[1];
    if (vimeo) return { src: `https://player.vimeo.com/video/${vimeo}`, host: 'Vimeo' };
  }
  return undefined;
}
