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
  postTitle: 'Your first post',
  postSummary: 'One or two sentences on what the post says. Shown in the list of posts, the feed and llms.txt.',
  postBody: 'What you want to say.',
  resumeBody: 'A few sentences on who you are at work: the top of your résumé.',
  /** The résumé's example entries: an entry still holding one of these is refused (FO-OWNER-CHECK). */
  resume: {
    employer: 'Your employer',
    position: 'Your role',
    highlight: 'Something you did there, with a number if you have one.',
    institution: 'Your university',
    studyType: 'Your degree',
    area: 'Your subject',
    skill: 'A skill area',
    keyword: 'a keyword people search for',
    language: 'A language',
  },
} as const;

/** The skeleton's files, relative to content/. */
export function skeletonFiles(today: string): Record<string, string> {
  const s = SKELETON;
  const r = SKELETON.resume;
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
    'posts/first-post.md': `---
title: ${s.postTitle}
summary: ${s.postSummary}
date: ${today}
tags: [example]
---

${s.postBody} A post is dated: \`/posts\` lists them newest first, and a post dated after
today is left out of the site until that day (the deploy rebuilds daily). \`draft: true\` keeps
one to \`npm run dev\`. Delete \`content/posts/\` for a site without posts.
`,
    'resume.md': `---
# Your résumé, with JSON Resume's field names (https://jsonresume.org/schema): served at /resume,
# /resume.json and to agents. Every section is optional: delete what you do not need (or this
# file, for no résumé). Dates are YYYY-MM or YYYY-MM-DD.
# work: each job, newest first; leave out endDate for the one you are in.
work:
  - name: ${r.employer}
    position: ${r.position}
    startDate: 2022-03
    highlights:
      - ${r.highlight}
# education: studyType is the degree (BSc, MSc, PhD…), area the subject.
education:
  - institution: ${r.institution}
    studyType: ${r.studyType}
    area: ${r.area}
    startDate: 2016-09
    endDate: 2020-06
# skills: a name for each area, an optional level, and the keywords people search for.
skills:
  - name: ${r.skill}
    level: Advanced
    keywords: [${r.keyword}]
# languages: fluency in your own words (Native speaker, Fluent, Conversational…).
languages:
  - language: ${r.language}
    fluency: Native speaker
---

${s.resumeBody} The text below the front matter is your professional summary, in Markdown.
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
  /** Projects, pages and posts: each record's own title, summary and body. */
  records: { title: string; summary: string; body: string; source: string }[];
  /** content/resume.md: its body, and its lists of entries by JSON Resume's names. */
  resume?: { body: string; source: string };
  siteFile: string;
}

/**
 * The skeleton's placeholders still in a site, one per field. `productionUrl` is the address the
 * site will be served at when the environment knows it (Vercel sets VERCEL_PROJECT_PRODUCTION_URL
 * in its builds): a `url` on another host would give every canonical link and llms.txt entry the
 * wrong address.
 */
export function placeholders({ site, records, resume, siteFile }: Checked, productionUrl?: string): Placeholder[] {
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
  const titles: string[] = [s.projectTitle, s.postTitle];
  const summaries: string[] = [s.projectSummary, s.pageSummary, s.postSummary];
  const bodies = [s.projectBody, s.pageBody, s.postBody];
  for (const r of records) {
    if (titles.includes(r.title)) still(r.source, 'title', r.title, 'give it its own title');
    if (summaries.includes(r.summary)) still(r.source, 'summary', r.summary, 'say in a sentence or two what it is');
    const body = bodies.find((b) => r.body.includes(b));
    if (body) still(r.source, 'the body (the text below the front matter)', body, 'write the text of this page');
  }
  if (resume) {
    if (resume.body.includes(s.resumeBody))
      still(resume.source, 'the summary (the text below the front matter)', s.resumeBody, 'write your professional summary');
    // One line per example entry left in (work[0], skills[0] …), naming the first example value in it.
    const examples: string[] = Object.values(s.resume);
    for (const [list, entries] of Object.entries(resume)) {
      if (!Array.isArray(entries)) continue;
      entries.forEach((entry, i) => {
        const example = Object.values(entry as object)
          .flat()
          .find((v) => examples.includes(v));
        if (example) still(resume.source, `${list}[${i}]`, example, 'write your own, or delete the entry');
      });
    }
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
