// Icons for the services owners link to most (FO-DESIGN), drawn inline from simple-icons' paths
// (CC0, at build time only): no request to a third party, no icon font. A link Folio has no icon
// for keeps its text alone; LinkedIn asked simple-icons to drop its mark, so it is one of those.
import {
  siBluesky,
  siCodeberg,
  siDevdotto,
  siDribbble,
  siGithub,
  siGitlab,
  siGooglescholar,
  siHuggingface,
  siInstagram,
  siKaggle,
  siMastodon,
  siMedium,
  siOrcid,
  siResearchgate,
  siSourcehut,
  siStackoverflow,
  siSubstack,
  siThreads,
  siX,
  siYoutube,
  type SimpleIcon,
} from 'simple-icons';

/** Each service by the host names its profiles live on (and their subdomains). */
const BY_HOST: readonly (readonly [SimpleIcon, readonly string[]])[] = [
  [siGithub, ['github.com']],
  [siGitlab, ['gitlab.com']],
  [siCodeberg, ['codeberg.org']],
  [siSourcehut, ['sr.ht', 'sourcehut.org']],
  [siBluesky, ['bsky.app']],
  [siX, ['x.com', 'twitter.com']],
  [siYoutube, ['youtube.com', 'youtu.be']],
  [siStackoverflow, ['stackoverflow.com']],
  [siOrcid, ['orcid.org']],
  [siGooglescholar, ['scholar.google.com']],
  [siResearchgate, ['researchgate.net']],
  [siHuggingface, ['huggingface.co']],
  [siKaggle, ['kaggle.com']],
  [siInstagram, ['instagram.com']],
  [siThreads, ['threads.net', 'threads.com']],
  [siDribbble, ['dribbble.com']],
  [siMedium, ['medium.com']],
  [siSubstack, ['substack.com']],
  [siDevdotto, ['dev.to']],
];

/** Services on many hosts (a Mastodon server is anyone's): known by the link's label instead. */
const BY_LABEL: readonly SimpleIcon[] = [siMastodon];

export interface ServiceIcon {
  /** The SVG path, in a 24 × 24 box. */
  path: string;
  title: string;
}

/** The icon for a profile link, if Folio has one: by the URL's host, else by a label that names the service. */
export function serviceIcon(url: string, label: string): ServiceIcon | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const named = label.trim().toLowerCase();
  const icon =
    BY_HOST.find(([, hosts]) => hosts.some((h) => host === h || host.endsWith(`.${h}`)))?.[0] ?? BY_LABEL.find((i) => named === i.title.toLowerCase());
  return icon && { path: icon.path, title: icon.title };
}
