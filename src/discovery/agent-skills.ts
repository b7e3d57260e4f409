// /.well-known/agent-skills/index.json (Agent Skills Discovery v0.2.0, § Discovery Index): the
// site's one skill, SKILL.md, with the SHA-256 digest of the exact bytes served at /SKILL.md (and at
// /.well-known/agent-skills/<name>/SKILL.md), so a client can check what it downloaded (§ Integrity
// and Verification). This is the final v0.2.0 shape, which the RFC and agentskills.io's discovery
// schema share (FO-AGENT-SKILLS); the draft's `version` and per-file `files[].digest` are gone.
import { createHash } from 'node:crypto';
import type { Content } from '../records/schema.ts';
import { skillDescription, skillMarkdown, skillName } from './skill-md.ts';

export const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export function agentSkillsIndex(content: Pick<Content, 'site' | 'projects' | 'pages'>) {
  const digest = createHash('sha256').update(skillMarkdown(content), 'utf8').digest('hex');
  return {
    $schema: AGENT_SKILLS_SCHEMA,
    // § URI Structure: a URL is resolved against the index's own; an absolute path names the file at the site's root.
    skills: [{ name: skillName(content.site.name), type: 'skill-md', description: skillDescription(content), url: '/SKILL.md', digest: `sha256:${digest}` }],
  };
}

export const agentSkillsIndexText = (content: Pick<Content, 'site' | 'projects' | 'pages'>) => `${JSON.stringify(agentSkillsIndex(content), null, 2)}\n`;
