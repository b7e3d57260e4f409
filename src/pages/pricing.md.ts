// /pricing.md: free, no key, and the limits.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { pricingMarkdown } from '../discovery/pricing.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/pricing.md', pricingMarkdown(loadContent().site));
