// /.well-known/agent-skills/<name>/SKILL.md: the site's skill at the path Agent Skills Discovery
// v0.2.0 names as the conventional home of a `skill-md` artifact (and the default its next version
// proposes for an entry without `url`). The same bytes as /SKILL.md, so the index's one digest
// verifies both (src/discovery/agent-skills.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadContent } from '../../../../records/load.ts';
import { MARKDOWN } from '../../../../http/media-types.ts';
import { skillMarkdown, skillName } from '../../../../discovery/skill-md.ts';

export const prerender = true;

export const getStaticPaths = (() => [{ params: { name: skillName(loadContent().site.name) } }]) satisfies GetStaticPaths;

export const GET: APIRoute = () => new Response(skillMarkdown(loadContent()), { headers: { 'Content-Type': MARKDOWN } });
