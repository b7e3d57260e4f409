// RFC 9728 § 3: the root protected-resource metadata (its `resource` is the origin), prerendered by the one
// metadata builder. The output file has no extension; the server must send it as application/json.
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { metadataDocument, protectedResourceMetadata } from '../../server/access/oauth-metadata.ts';

export const prerender = true;

export const GET: APIRoute = () => metadataDocument(protectedResourceMetadata(loadContent().site));
