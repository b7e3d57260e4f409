// /robots.txt: crawl everything; the sitemap and the ARD manifest.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { robotsTxt } from '../discovery/robots.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/robots.txt', robotsTxt(loadContent().site));
