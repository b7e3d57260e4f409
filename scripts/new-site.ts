// `npm run new-site`: replace the sample portfolio in content/ with a minimal site of your own to
// fill in: site.md with placeholders, one project, one page. It builds and passes `npm run check`
// as it is. The sample stays in git history (and in tests/fixtures/sample-site/, which the engine's
// tests use). Refuses to overwrite uncommitted changes in content/ unless given --force.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'content';
const today = new Date().toISOString().slice(0, 10);

const FILES: Record<string, string> = {
  'site.md': `---
name: Your Name
headline: What you do, in one line
summary: "Two or three sentences about you and your work: the home page's description, and the first thing agents read in llms.txt."
url: https://example.com
locale: en
categories:
  work: Work
featured: [first-project]
---

Your bio, in Markdown. It is shown on the home page. Link to your own pages by their path, like
[the about page](/about) or [your first project](/projects/first-project).
`,
  'projects/first-project.md': `---
title: Your first project
summary: One or two sentences on what it is and why it matters. Shown on cards, in search and in llms.txt.
type: app
category: work
tags: [example]
date: ${today}
---

What the project does, how it works and what you learned. Rename this file to the project's slug
(\`content/projects/my-project.md\` is served at \`/projects/my-project\`) and update \`featured\` in
\`content/site.md\` to match.
`,
  'pages/about.md': `---
title: About
summary: Who you are and how to reach you.
order: 1
---

A page of your own. Every file in \`content/pages/\` becomes a page: \`about.md\` is \`/about\`.
`,
};

const force = process.argv.includes('--force');
if (existsSync(dir) && !force) {
  const status = spawnSync('git', ['status', '--porcelain', '--', dir], { encoding: 'utf8' });
  if (status.status === 0 && status.stdout.trim()) {
    console.error(`${dir}/ has changes git has not committed; they would be lost. Commit them, or run \`npm run new-site -- --force\`.`);
    process.exit(1);
  }
}
rmSync(dir, { recursive: true, force: true });
for (const [file, text] of Object.entries(FILES)) {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}
console.log(`${dir}/ now holds a minimal site: ${Object.keys(FILES).map((f) => `${dir}/${f}`).join(', ')}.
Fill in content/site.md (your name, url, categories), then \`npm start\` to see it and \`npm run check\` before you deploy.`);
