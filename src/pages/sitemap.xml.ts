// /sitemap.xml: every HTML page, in every language.
import type { APIRoute } from 'astro';
import { loadLanguages } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { sitemapXml } from '../discovery/sitemap.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/sitemap.xml', sitemapXml(loadLanguages().map((catalog) => catalog.content)));
