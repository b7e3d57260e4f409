// /.well-known/agent-skills/index.json: the Agent Skills discovery index (src/discovery/agent-skills.ts).
import type { APIRoute } from 'astro';
import { loadContent } from '../../../records/load.ts';
import { fileResponse } from '../../../discovery/files.ts';
import { agentSkillsIndexText } from '../../../discovery/agent-skills.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/.well-known/agent-skills/index.json', agentSkillsIndexText(loadContent()));
