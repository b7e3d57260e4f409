// Media types Folio sends and reads, each named once. No dependencies: the routing middleware's
// bundle imports this too.

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const HTML = 'text/html; charset=utf-8';
/** Markdown's media type (RFC 7763), as a link's `type` and an MCP resource's mimeType name it. */
export const MARKDOWN_TYPE = 'text/markdown';
/** The Content-Type of a Markdown answer: RFC 7763 § 2 requires the charset parameter. */
export const MARKDOWN = `${MARKDOWN_TYPE}; charset=utf-8`;
export const TEXT = 'text/plain; charset=utf-8';
export const EVENT_STREAM = 'text/event-stream';
/** RFC 9727 § 4.1: the api-catalog is a linkset (RFC 9264 § 4.2) with the api-catalog profile. */
export const API_CATALOG_MEDIA_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
/** AI Catalog § Media Type. */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** Media type of /openapi.json (draft-ietf-httpapi-rest-api-mediatypes). */
export const OPENAPI_MEDIA_TYPE = 'application/openapi+json';
/** The MCP server-card extension's media type. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
