// Cache-Control values, each named once (docs/decisions.md § Caching).
import { JSON_TYPE } from './media-types.ts';

/** Public API data: clients and shared caches may keep it five minutes. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';
/** Pages, twins and discovery files: a cache must check with the server on every use. */
export const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Hashed build assets and digest-named images never change under the same name. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Per-client data (the catalog, per bearer token): only the client's own cache may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=300';
/** Errors, OAuth answers and anything per-client: never reused. */
export const NO_STORE = 'no-store';

/**
 * The validator of every public response: derived from the build, so it changes exactly when the
 * published content does. Weak (RFC 9110 § 8.8.1) because the platform may compress the body,
 * and a strong tag would then have to differ per content coding.
 */
export const buildEtag = (buildId: string, representation?: string) => `W/"${buildId}${representation ? `-${representation}` : ''}"`;

/**
 * The representation a public answer's validator names beside the build: none for JSON (and
 * `+json` types), the subtype for anything else (`event-stream`). One URL may answer several forms by Accept (/ask's
 * JSON and its server-sent events), and each form needs a validator of its own (RFC 9110 § 8.8.3).
 */
export function representationOf(contentType: string | null): string | undefined {
  const essence = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (!essence || essence === JSON_TYPE || essence.endsWith('+json')) return undefined;
  return essence.split('/')[1]?.replace(/[^a-z0-9-]/g, '');
}

/** A media type without its parameters, in lower case (RFC 9110 § 8.3.1). */
const essenceOf = (contentType: string | undefined) => (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();

/**
 * The validator of a static file as one representation of it: a file served under a media type
 * other than its own (a twin negotiated as text/plain, FO-ETAG-REPRESENTATION) gets its own entity
 * tag, the file's with the type's name inside the quotes, so a 304 never confirms a cached answer of
 * the other Content-Type (RFC 9110 § 8.8.3: a strong validator differs between representations).
 */
export function representationEtag(fileEtag: string, fileType: string | undefined, servedType: string | undefined): string {
  if (essenceOf(fileType) === essenceOf(servedType)) return fileEtag;
  const name = representationOf(servedType ?? null) ?? 'json';
  return fileEtag.replace(/"$/, () => `-${name}"`);
}
