// The agent view (/?mode=agent): who this is, what the site offers agents, where each entry point is.
import { describe, expect, test } from 'vitest';
import { loadContent } from '../../src/records/load.ts';
import { agentView } from '../../src/discovery/agent-view.ts';
import { ENTRY_POINTS } from '../../src/discovery/entry-points.ts';

const content = loadContent();
const view = agentView(content);

describe('PF-AGENT-VIEW: the agent view', () => {
  test('says who this is: name, headline, summary, links', () => {
    expect(view).toMatch(new RegExp(`^# ${content.site.name}`));
    expect(view).toContain(content.site.headline);
    expect(view).toContain(content.site.summary);
    for (const link of content.site.links) expect(view).toContain(link.url);
  });

  test('FO-POSTS, FO-RESUME: says what the site offers agents, with the real counts (posts and the résumé included) and configured limits', () => {
    expect(view).toContain(`${content.projects.length} projects, ${content.posts.length} posts and ${content.pages.length} pages, and a résumé`);
    for (const path of ['/posts.md', '/api/v1/posts', '/resume.md', '/resume.json']) expect(view).toContain(`(${content.site.url}${path})`);
    expect(view).toContain(`${content.site.rateLimits.knowledge.limit} requests per ${content.site.rateLimits.knowledge.window} s`);
    expect(view).toMatch(/## What this site offers agents/);
  });

  test('lists every entry point once, by absolute URL, with its media type', () => {
    for (const e of ENTRY_POINTS) {
      const line = `- [${e.name}](${content.site.url}${e.path}) — \`${e.mediaType.split(';')[0]}\`.`;
      expect(view.split(line).length - 1, e.path).toBe(1);
    }
  });

  test('entry points are unique by path and every description is one line', () => {
    expect(new Set(ENTRY_POINTS.map((e) => e.path)).size).toBe(ENTRY_POINTS.length);
    for (const e of ENTRY_POINTS) expect(e.description, e.path).not.toContain('\n');
  });
});
