// /SKILL.md: an Agent Skill for this site's API.
import type { APIRoute } from 'astro';
import { loadContent } from '../records/load.ts';
import { fileResponse } from '../discovery/files.ts';
import { skillMarkdown } from '../discovery/skill-md.ts';

export const prerender = true;

export const GET: APIRoute = () => fileResponse('/SKILL.md', skillMarkdown(loadContent()));
