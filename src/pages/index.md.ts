// /index.md: the home page's Markdown twin.
import type { APIRoute } from 'astro';
import { keptResponse } from '../build/page-cache.ts';
import { loadContent } from '../records/load.ts';
import { ABSOLUTE, homeTwin, siteListing } from '../build/twin.ts';
import { markdownResponse } from '../build/responses.ts';

export const GET: APIRoute = async () => {
  const listing = siteListing(loadContent());
  return keptResponse('/index.md', listing, 'src/pages/index.md.ts') ?? markdownResponse((await homeTwin(listing, ABSOLUTE)).markdown);
};
