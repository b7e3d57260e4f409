// Cache-Control and ETag of a route's answers (docs/decisions.md § Caching). A public GET answering
// 200 gets `public, max-age=300` and the build's ETag (hono/etag then answers If-None-Match with
// 304, carrying them, RFC 9110 § 15.4.5) unless it chose its own policy; anything else that did
// not choose one, and every error (429 above all), is `no-store`.
import type { MiddlewareHandler } from 'hono';
import { buildEtag, NO_STORE, PUBLIC_CACHE_CONTROL, representationOf } from '../../http/cache-policy.ts';
import type { SiteData } from '../../search/data-file.ts';

export function cachePolicy(publicGet: boolean, data: () => SiteData): MiddlewareHandler {
  return async function cachePolicy(c, next) {
    await next();
    const headers = c.res.headers;
    if (publicGet && c.res.status === 200) {
      // A handler that chose its own policy keeps it (an /ask event stream is no-store: a cache or
      // proxy holding it would buffer the stream). The ETag is set either way, so hono/etag never
      // reads a body (a stream above all) to hash it.
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      headers.set('ETag', buildEtag(data().buildId, representationOf(headers.get('Content-Type'))));
    } else if (c.res.status >= 300 || !headers.has('Cache-Control')) {
      headers.set('Cache-Control', NO_STORE);
    }
  };
}
