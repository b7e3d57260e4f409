// FO-OWNER-CHECK: the skeleton `npm run new-site` writes (scripts/lib/skeleton.ts) is valid content,
// with an example of each kind an owner writes (project, page, post, résumé), and `npm run check`
// refuses every placeholder in it, one line each, until it is replaced or deleted. The e2e suite
// runs the real commands (tests/e2e/owner-sites.spec.ts); this pins what each line says.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { placeholders, SKELETON, skeletonFiles } from '../../scripts/lib/skeleton.ts';
import { contentWarnings, loadContent } from '../../src/records/load.ts';
import { tempDir } from '../support/temp-dir.ts';
import { fillFile, fillSkeleton, writeSkeleton } from '../support/skeleton-site.ts';

let dir = '';
beforeEach(() => {
  dir = join(tempDir('folio-skeleton-'), 'content');
  writeSkeleton(dir, '2026-01-05');
});

/** What `npm run check` would refuse, as `file: what` lines (scripts/check.ts passes the same records). */
function refused(): string[] {
  const content = loadContent(dir, { today: '2026-01-05' });
  const records = [...content.projects, ...content.pages, ...content.posts];
  return placeholders({ site: content.site, records, resume: content.resume, siteFile: 'content/site.md' }).map((p) => `${p.file}: ${p.what}`);
}

const fill = (file: string, pairs: [string, string][]) => fillFile(dir, file, pairs);

describe('FO-OWNER-CHECK: the skeleton has a project, a page, a post and a résumé, and every placeholder is refused', () => {
  test('it loads as written, with one post and a résumé by JSON Resume’s names, and nothing to warn of', () => {
    const content = loadContent(dir, { today: '2026-01-05' });
    expect(content.posts.map((p) => p.source)).toEqual(['content/posts/first-post.md']);
    expect(content.resume?.education[0]).toMatchObject({
      institution: SKELETON.resume.institution,
      studyType: SKELETON.resume.studyType,
      area: SKELETON.resume.area,
    });
    expect(content.resume?.languages[0]).toMatchObject({ language: SKELETON.resume.language, fluency: 'Native speaker' });
    expect(contentWarnings(content)).toEqual([]);
    // A comment line before each section says what its names mean.
    const resume = readFileSync(join(dir, 'resume.md'), 'utf8');
    for (const section of ['work', 'education', 'skills', 'languages']) expect(resume).toMatch(new RegExp(`^# ${section}: .+\\n${section}:$`, 'm'));
    expect(resume).toContain('https://jsonresume.org/schema');
  });

  test('the post and the résumé: one line per placeholder field, one per example entry', () => {
    const lines = refused().filter((l) => /^content\/(posts|resume)/.test(l));
    expect(lines).toEqual([
      'content/posts/first-post.md: title is still the placeholder "Your first post"',
      'content/posts/first-post.md: summary is still the placeholder "One or two sentences on what the post sa…"',
      'content/posts/first-post.md: the body (the text below the front matter) is still the placeholder "What you want to say."',
      'content/resume.md: the summary (the text below the front matter) is still the placeholder "A few sentences on who you are at work: …"',
      'content/resume.md: work[0] is still the placeholder "Your employer"',
      'content/resume.md: education[0] is still the placeholder "Your university"',
      'content/resume.md: skills[0] is still the placeholder "A skill area"',
      'content/resume.md: languages[0] is still the placeholder "A language"',
    ]);
  });

  test('an example value left in an entry someone else filled is still refused (a highlight, a keyword)', () => {
    const r = SKELETON.resume;
    fill('resume.md', [
      [r.employer, 'Atelier Nord'],
      [r.position, 'Robotics engineer'],
      [r.skill, 'Embedded systems'],
    ]);
    const lines = refused().filter((l) => l.startsWith('content/resume.md: work') || l.startsWith('content/resume.md: skills'));
    expect(lines).toEqual([
      `content/resume.md: work[0] is still the placeholder "${r.highlight.slice(0, 40)}…"`,
      `content/resume.md: skills[0] is still the placeholder "${r.keyword}"`,
    ]);
  });

  test('filled in, or the post and the résumé deleted, nothing is refused', () => {
    fillSkeleton(dir, ['site.md', 'projects/first-project.md', 'pages/about.md']);
    rmSync(join(dir, 'posts'), { recursive: true });
    rmSync(join(dir, 'resume.md'));
    expect(refused()).toEqual([]);
    const again = skeletonFiles('2026-01-05');
    writeFileSync(join(dir, 'resume.md'), again['resume.md']!);
    mkdirSync(join(dir, 'posts'));
    writeFileSync(join(dir, 'posts/first-post.md'), again['posts/first-post.md']!);
    fillSkeleton(dir, ['posts/first-post.md', 'resume.md']);
    expect(refused()).toEqual([]);
  });
});
