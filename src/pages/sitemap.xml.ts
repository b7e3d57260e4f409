// /sitemap.xml: every HTML page.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { sitemapXml } from '../discovery/sitemap.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/sitemap.xml', sitemapXml(loadContent()));
