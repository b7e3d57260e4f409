// The skeleton `npm run new-site` writes (scripts/lib/skeleton.ts), written to a folder and filled
// in as an owner would: one set of an owner's words for every placeholder, shared by the tests of
// what the check refuses (tests/unit/skeleton.test.ts) and of the filled-in site passing it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SKELETON, skeletonFiles } from '../../scripts/lib/skeleton.ts';

/** Writes the skeleton's files into `dir`, dated `today`, as scripts/new-site.ts does. */
export function writeSkeleton(dir: string, today: string): void {
  for (const [file, text] of Object.entries(skeletonFiles(today))) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

/** Replaces every occurrence of each placeholder value in `file`. */
export function fillFile(dir: string, file: string, pairs: [string, string][]): void {
  let text = readFileSync(join(dir, file), 'utf8');
  for (const [from, to] of pairs) text = text.split(from).join(to);
  writeFileSync(join(dir, file), text);
}

const r = SKELETON.resume;
/** An owner's words for every placeholder, by the skeleton's file. */
export const FILLED: Record<string, [string, string][]> = {
  'site.md': [
    [SKELETON.name, 'Ines Duarte'],
    [SKELETON.headline, 'Type designer in Porto'],
    [SKELETON.summary, 'I draw typefaces for screens and print, and write about how letters are made.'],
    [SKELETON.url, 'https://ines.example.org'],
    [SKELETON.bio, 'I draw type.'],
  ],
  'projects/first-project.md': [
    [SKELETON.projectTitle, 'Maré Sans'],
    [SKELETON.projectSummary, 'A humanist sans for long reading on screens.'],
    [SKELETON.projectBody, 'Maré Sans started as a study of Portuguese tile lettering.'],
  ],
  'pages/about.md': [
    [SKELETON.pageSummary, 'Who I am, and how to reach me.'],
    [SKELETON.pageBody, 'I live in Porto.'],
  ],
  'posts/first-post.md': [
    [SKELETON.postTitle, 'Why Maré'],
    [SKELETON.postSummary, 'How Portuguese tiles led to a typeface.'],
    [SKELETON.postBody, 'It began with the tiles of the Capela das Almas.'],
  ],
  'resume.md': [
    [SKELETON.resumeBody, 'Type designer drawing for screens and print.'],
    [r.employer, 'Atelier Nord'],
    [r.position, 'Type designer'],
    [r.highlight, 'Drew Maré Sans, now in four weights.'],
    [r.institution, 'Universidade do Porto'],
    [r.studyType, 'MA'],
    [r.area, 'Communication design'],
    [r.skill, 'Type design'],
    [r.keyword, 'variable fonts'],
    [r.language, 'Portuguese'],
  ],
};

/** Fills in `files` of the skeleton in `dir` (every file by default) with FILLED's words. */
export function fillSkeleton(dir: string, files = Object.keys(FILLED)): void {
  for (const file of files) fillFile(dir, file, FILLED[file]!);
}
