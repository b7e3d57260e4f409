// /agent-view.md: the agent view of the home page, prerendered. The routing middleware serves it
// for /?mode=agent (PF-AGENT-VIEW).
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { agentView } from '../discovery/agent-view.ts';
import { markdownResponse } from '../discovery/responses.ts';

export const prerender = true;

export const GET: APIRoute = () => markdownResponse(agentView(loadContent()));
