// Which redirect URIs a client may register (docs/decisions.md § OAuth: https, or http on loopback).

/** RFC 8252 § 7.3 loopback redirects; `localhost` too, as the DESIGN allows it. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI is refused, in words for `error_description`; undefined when it is fine. */
export function redirectUriProblem(value: string): string | undefined {
  // RFC 6749 § 3.1.2: an absolute URI. WHATWG URL parsing refuses relative references outright.
  if (!URL.canParse(value)) return `${JSON.stringify(value)} is not an absolute URL`;
  const url = new URL(value);
  // Scripts and inline documents can never be a redirection endpoint (RFC 6819 § 4.2.4).
  if (url.protocol === 'javascript:' || url.protocol === 'data:') return `${JSON.stringify(value)} uses the ${url.protocol} scheme, which is never allowed`;
  // RFC 6749 § 3.1.2: "The endpoint URI MUST NOT include a fragment component" — an empty `#` counts.
  if (value.includes('#')) return `${JSON.stringify(value)} has a fragment (#…), which RFC 6749 § 3.1.2 forbids`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    // RFC 6749 § 3.1.2.1 wants TLS; plain http is safe only when the traffic never leaves the machine.
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : `${JSON.stringify(value)} uses plain http off loopback; use https, or http://127.0.0.1, http://[::1] or http://localhost`;
  }
  return `${JSON.stringify(value)} uses the ${url.protocol} scheme; use https, or http on a loopback address`;
}
