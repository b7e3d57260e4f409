// /sitemap.md (FO-SITEMAP-MD): every page, in every language, by its Markdown twin.
import type { APIRoute } from 'astro';
import { loadLanguages } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { sitemapMarkdown } from '../discovery/sitemap.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/sitemap.md', sitemapMarkdown(loadLanguages().map((catalog) => catalog.content)));
