// Media types Folio sends and reads, each named once. No dependencies: the routing middleware's
// bundle imports this too.

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const HTML = 'text/html; charset=utf-8';
export const MARKDOWN = 'text/markdown; charset=utf-8';
export const TEXT = 'text/plain; charset=utf-8';
export const EVENT_STREAM = 'text/event-stream';
