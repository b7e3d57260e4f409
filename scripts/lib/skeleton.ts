// The minimal site `npm run new-site` writes, and the placeholders in it that must not be published:
// `npm run check` refuses a site that still holds any of them (PLACEHOLDERS), one line each, so the
// deploy gate never publishes "Your Name" at https://example.com with canonical URLs pointing there.

/** Values of the skeleton an owner must replace, each stated once: the files below are written from them. */
export const SKELETON = {
  name: 'Your Name',
  headline: 'What you do, in one line',
  summary: "Two or three sentences about you and your work: the home page's description, and the first thing agents read in llms.txt.",
  url: 'https://example.com',
  bio: 'Your bio, in Markdown.',
  projectTitle: 'Your first project',
  projectSummary: 'One or two sentences on what it is and why it matters. Shown on cards, in search and in llms.txt.',
  projectBody: 'What the project does, how it works and what you learned.',
  pageSummary: 'Who you are and how to reach you.',
  pageBody: 'A page of your own.',
} as const;

/** The skeleton's files, relative to content/. */
export function skeletonFiles(today: string): Record<string, string> {
  const s = SKELETON;
  return {
    'site.md': `---
name: ${s.name}
headline: ${s.headline}
summary: "${s.summary}"
url: ${s.url}
locale: en
categories:
  work: Work
featured: [first-project]
---

${s.bio} It is shown on the home page. Link to your own pages by their path, like
[the about page](/about) or [your first project](/projects/first-project).
`,
    'projects/first-project.md': `---
title: ${s.projectTitle}
summary: ${s.projectSummary}
type: app
category: work
tags: [example]
date: ${today}
---

${s.projectBody} Rename this file to the project's slug
(\`content/projects/my-project.md\` is served at \`/projects/my-project\`) and update \`featured\` in
\`content/site.md\` to match.
`,
    'pages/about.md': `---
title: About
summary: ${s.pageSummary}
order: 1
---

${s.pageBody} Every file in \`content/pages/\` becomes a page: \`about.md\` is \`/about\`.
`,
  };
}

/** What `npm run check` says of one placeholder left in: the file, what is wrong (field first), and what to write instead. */
export interface Placeholder {
  file: string;
  what: string;
  fix: string;
}

interface Checked {
  site: { name: string; headline: string; summary: string; url: string; bio: string };
  records: { title: string; summary: string; body: string; source: string }[];
  siteFile: string;
}

/**
 * The skeleton's placeholders still in a site, one per field. `productionUrl` is the address the
 * site will be served at when the environment knows it (Vercel sets VERCEL_PROJECT_PRODUCTION_URL
 * in its builds): a `url` on another host would give every canonical link and llms.txt entry the
 * wrong address.
 */
export function placeholders({ site, records, siteFile }: Checked, productionUrl?: string): Placeholder[] {
  const s = SKELETON;
  const out: Placeholder[] = [];
  const shown = (value: string) => (value.length > 44 ? `${value.slice(0, 40)}…` : value);
  const still = (file: string, field: string, value: string, fix: string) =>
    out.push({ file, what: `${field} is still the placeholder "${shown(value)}"`, fix });
  if (site.name === s.name) still(siteFile, 'name', s.name, 'write your name, as people should see it');
  if (site.headline === s.headline) still(siteFile, 'headline', s.headline, 'write what you do, in one line');
  if (site.summary === s.summary) still(siteFile, 'summary', s.summary, 'write two or three sentences about you and your work');
  if (new URL(site.url).hostname === new URL(s.url).hostname)
    still(siteFile, 'url', site.url, 'write the address the site will be served at, e.g. https://yourname.dev (your Vercel domain)');
  if (site.bio.includes(s.bio)) still(siteFile, 'the bio (the text below the front matter)', s.bio, 'write your bio');
  for (const r of records) {
    if (r.title === s.projectTitle) still(r.source, 'title', s.projectTitle, 'name the project');
    if (r.summary === s.projectSummary || r.summary === s.pageSummary) still(r.source, 'summary', r.summary, 'say in a sentence or two what it is');
    if (r.body.includes(s.projectBody) || r.body.includes(s.pageBody))
      still(r.source, 'the body (the text below the front matter)', r.body.includes(s.projectBody) ? s.projectBody : s.pageBody, 'write the text of this page');
  }
  if (productionUrl) {
    const host = productionUrl
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .toLowerCase();
    if (new URL(site.url).hostname !== host) {
      out.push({
        file: siteFile,
        what: `url is ${site.url}, but this deploy is served at ${host} (VERCEL_PROJECT_PRODUCTION_URL)`,
        fix: `set url: https://${host}, or add ${new URL(site.url).hostname} as the project's production domain`,
      });
    }
  }
  return out;
}
