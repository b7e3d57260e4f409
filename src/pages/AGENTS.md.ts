// /AGENTS.md: how agents should use this site.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { agentsMarkdown } from '../discovery/agents-md.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/AGENTS.md', agentsMarkdown(loadContent()));
