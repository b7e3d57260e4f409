// FO-WORK, FO-CONTENT-DATA: presenting the work, on the work fixture site (thirty projects, so the
// listing pages; a portrait cover; a YouTube and a Vimeo address alone on their lines; code
// blocks; a talk and research; links written out of the usual order), its pages and twins as a
// build makes them, rendered with no build (tests/support/render-page.ts). What a browser adds
// (covers' shapes and crops, the embed's 16:9 box, the copy button's click, the frame policy
// enforced, the facade's click: FO-PLAYERS) is proven in Chromium on the kitchen-sink build (tests/e2e/kitchen-sink.spec.ts).
import { describe, expect, test } from 'vitest';
import type { Doc } from '../support/html-query.ts';
import { fixtureSite } from '../support/render-page.ts';

const site = fixtureSite('tests/fixtures/work-site/content');

const cardTitles = (page: Doc) => page.texts('.card__title a');
/** The filter bar's link whose text starts with `label`. */
const filterLink = (page: Doc, label: RegExp) => page.all('nav[aria-label="Filter projects"] a').find((a) => label.test(a.text))!;

describe('the work site, as a build renders it (what reads without JavaScript)', () => {
  test('FO-WORK: one listing, 24 to a page: /projects then /projects/page/2 (the archived in their own section), each with its own twin', async () => {
    const first = await site.page('/projects');
    expect(first.get('h1').text).toBe('Projects');
    expect(cardTitles(first)).toHaveLength(24);
    expect(first.all('#archived')).toHaveLength(0);
    expect(first.get('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe('/projects.md');
    const older = first.all('nav[aria-label="Pages of projects"] a').find((a) => /Older projects/.test(a.text));
    expect(older?.attr('href')).toBe('/projects/page/2');

    const second = await site.page('/projects/page/2');
    expect(second.get('h1').text).toBe('Projects, page 2 of 2');
    expect(cardTitles(second)).toHaveLength(6);
    // Every project once over the two pages, the three archived on the last, in their section.
    expect(new Set([...cardTitles(first), ...cardTitles(second)]).size).toBe(30);
    expect(second.texts('#archived .card__title a').sort()).toEqual(['Widget 09', 'Widget 18', 'Widget 27']);
    expect(second.get('a[rel="prev"]').attr('href')).toBe('/projects');
    expect(second.get('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe('/projects/page/2.md');
    expect(await site.text('/projects/page/2.md')).toMatch(/^# Projects, page 2 of 2$/m);
    expect(await site.has('/projects/page/3')).toBe(false);
  });

  test('FO-WORK: filters are real prerendered URLs (category, type) marked aria-current; tags link their own pages', async () => {
    const all = await site.page('/projects');
    expect(filterLink(all, /^All \d/).attr('aria-current')).toBe('page');
    expect(filterLink(all, /^Talks and writing/).attr('href')).toBe('/projects/category/talks');
    const talks = await site.page('/projects/category/talks');
    expect(cardTitles(talks)).toEqual(['Talking to tools']);
    expect(filterLink(talks, /^Talks and writing/).attr('aria-current')).toBe('page');
    expect(filterLink(talks, /^All \d/).attr('aria-current')).not.toBe('page');

    expect(filterLink(talks, /^Research/).attr('href')).toBe('/projects/type/research');
    const research = await site.page('/projects/type/research');
    expect(cardTitles(research)).toEqual(['A sensor noise study']);
    expect(await site.text('/projects/type/research.md')).toContain('[A sensor noise study](');

    expect(filterLink(research, /^camera/).attr('href')).toBe('/tags/camera');
    expect(await site.has('/projects/type/app')).toBe(false);
  });

  test("FO-WORK: a project page puts title, summary, links in the owner's order (the first primary) and facts before an uncropped portrait cover; no copy button without script", async () => {
    const page = await site.page('/projects/portrait-camera');
    const links = page.all('ul[aria-label="Project links"] a');
    expect(links.map((a) => a.text)).toEqual(['Demo ↗', 'Repository ↗', 'Video ↗', 'Press kit ↗', 'Documentation ↗']);
    expect(links[0]!.classes).not.toContain('button--quiet');
    expect(links[1]!.classes).toContain('button--quiet');
    // Reading order in the source: the links and the facts come before the cover.
    const order = page.all('.work-links, .work-facts, .work-cover').map((e) => e.classes.find((c) => /^work-/.test(c)));
    expect(order).toEqual(['work-links', 'work-facts', 'work-cover']);
    // The portrait cover (600×1000) is sized at its own shape.
    const img = page.get('.work-cover img');
    expect(Number(img.attr('width')) / Number(img.attr('height'))).toBeCloseTo(0.6, 2);
    // A table of contents (three ## sections) and a reading time.
    expect(page.getNamed('nav', 'In this project').texts('a')).toEqual(['Why', 'How', 'Results']);
    expect(page.get('.work-facts').text).toMatch(/Reading time\s*1 min/);
    // The code block names its language; its copy button comes only with script.
    expect(page.get('.code-block__lang').text).toBe('ts');
    expect(page.all('.code-block__copy')).toHaveLength(0);
    // The YouTube address is a facade that asks first (FO-PLAYERS): the player, from the
    // privacy-enhanced host, is framed by /players.js on a click; the page loads that script.
    const facade = page.get('.prose .embed a.embed__facade');
    expect(facade.accessibleName()).toBe('Play the video on YouTube');
    expect(facade.attr('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(facade.attr('data-player')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(facade.attr('data-player-title')).toBe('Video on YouTube');
    expect(page.all('.prose iframe')).toHaveLength(0);
    expect(page.attrs('script[src]', 'src')).toContain('/players.js');
    // The twin keeps the link.
    expect(await site.text('/projects/portrait-camera.md')).toContain('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  test('FO-WORK: a talk is "Given" with no status; research is "Published"; a card names its cover’s focal point', async () => {
    const talk = await site.page('/projects/stage-talk');
    expect(talk.texts('.work-facts dt')).not.toContain('Status');
    expect(talk.get('.work-facts').text).toContain('Given');
    expect(talk.get('.prose .embed a.embed__facade').attr('data-player')).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    const study = await site.page('/projects/sensor-study');
    expect(study.get('.work-facts').text).toContain('Published');
    expect(study.texts('.work-facts dt')).not.toContain('Status');
    expect(study.texts('ul[aria-label="Project links"] a')).toEqual(['Paper ↗', 'Website ↗']);

    // coverPosition: top, as the class global.css crops the card's cover by.
    const listing = await site.page('/projects');
    const card = listing.all('.card').find((c) => c.text.includes('Portrait camera'))!;
    expect(card.get('.card__cover').classes).toContain('card__cover--top');
    // A card without a cover beside cards with one has a placeholder in its place.
    expect(listing.all('.work-cards .card').every((c) => c.one('.card__cover') !== undefined)).toBe(true);
    expect(listing.all('.work-cards .card__placeholder').length).toBeGreaterThan(0);
  });

  test('FO-CONTENT-DATA: only a page that shows a video may frame the players: its own policy is narrowed to frame-src none otherwise', async () => {
    const withVideo = await site.page('/projects/portrait-camera');
    expect(withVideo.all('head meta[http-equiv="Content-Security-Policy"]')).toHaveLength(0);
    const without = await site.page('/projects/sensor-study');
    expect(without.get('head meta[http-equiv="Content-Security-Policy"]').attr('content')).toBe("frame-src 'none'");
  });
});
