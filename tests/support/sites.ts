// The fixture site the engine's tests build and serve: a frozen copy of the sample portfolio, so
// that `npm test` never depends on what the owner keeps in content/ (the loader reads FOLIO_CONTENT).
export const SAMPLE_SITE_CONTENT = 'tests/fixtures/sample-site/content';
