// /auth.md: the public-read access guide (KQ-PUBLIC-FILES), prerendered from the same builders the
// function answers with.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { authGuide } from '../discovery/auth-guide.ts';
import { markdownResponse } from '../discovery/responses.ts';

export const prerender = true;

export const GET: APIRoute = () => markdownResponse(authGuide(loadContent()));
