// RFC 8414 § 3: authorization-server metadata, with KQ-ASM's `agent_auth` block, prerendered by
// the one metadata builder. The output file has no extension; the server must send it as application/json.
import type { APIRoute } from 'astro';
import { loadContent } from '../../records/load.ts';
import { authorizationServerMetadata, metadataDocument } from '../../server/access/oauth-metadata.ts';

export const prerender = true;

export const GET: APIRoute = () => metadataDocument(authorizationServerMetadata(loadContent().site));
