// Sites generated from the content model (src/records/schema.ts): every kind of file, every field
// optional or not, every link kind, an image in every place it can be, bodies that link each other,
// embed videos and hold code. The generative tests render and check them
// (tests/unit/pages-any-content.test.ts) and build one whole (tests/integration/content-model-sites.test.ts);
// a site is written as files, as an owner would write it.
//
// Front matter is written as one `key: <JSON>` line per field: JSON is YAML's flow style, so any
// string (quotes, colons, `#`, markup-looking text) reaches the loader exactly as generated.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { PROJECT_LINK_KEYS, PROJECT_TYPES, COVER_POSITIONS } from '../../src/records/schema.ts';
import { RESERVED_PAGE_SLUGS } from '../../src/records/load.ts';
import { LOCALES, PLURAL_KEYS, STRING_KEYS } from '../../src/records/strings.ts';
import { PLAYER_MODES } from '../../src/records/embeds.ts';
import { COLOR_SCHEMES, FONT_PAIRINGS } from '../../src/records/theme.ts';

/** Words a text is made of: plain and accented words, other scripts, and text that looks like markup. */
const WORDS = [
  'rover',
  'capteur',
  'télémétrie',
  'Straße',
  'naïve',
  'Zoë',
  'robotique',
  'sensor',
  'fusion',
  'graph',
  'queue',
  '北海道',
  'données',
  'l’été',
  "d'abord",
  'C++',
  'R&D',
  'a & b',
  '50%',
  '#hash',
  '<b>',
  '<em>x</em>',
  '[note]',
  '*star*',
  '_under_',
  '`tick`',
  '"quoted"',
  'x: y',
  '—',
  '🙂',
];
/** Words with letters a search for the text will match: every title starts with one. */
const PLAIN = WORDS.slice(0, 11);

const word = fc.constantFrom(...WORDS);
const phrase = (min: number, max: number) =>
  fc.tuple(fc.constantFrom(...PLAIN), fc.array(word, { minLength: min, maxLength: max })).map(([first, rest]) => [first, ...rest].join(' '));
const sentence = phrase(4, 14).map((s) => `${s}.`);
/** The day the generated sites are built on (FOLIO_NOW): a post dated after it is scheduled (FO-SCHEDULED). */
export const GENERATED_TODAY = '2026-11-27';
const dayUntil = (max: string) =>
  fc.date({ min: new Date('2012-01-01T00:00:00Z'), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const day = dayUntil(GENERATED_TODAY);
const month = day.map((d) => d.slice(0, 7));
const slugWord = fc.constantFrom('rover', 'slam', 'ota', 'capteur', 'fleet', 'lidar', 'notes', 'talk', 'paper', 'kit', 'graph', 'x1', '2026');
const slug = fc.array(slugWord, { minLength: 1, maxLength: 3 }).map((w) => w.join('-'));
const tag = fc.constantFrom('robotics', 'rust', 'embedded', 'c-plus-plus', 'ros2', 'talks', 'web-performance', 'fr');
const tags = fc.uniqueArray(tag, { maxLength: 4 });
/** URLs as owners paste them: queries, fragments, parentheses, non-ASCII paths. */
const url = fc
  .tuple(
    fc.constantFrom('https://example.org', 'https://www.youtube.com', 'http://talks.example.net', 'https://arxiv.org'),
    fc.constantFrom('/', '/a/b', '/wiki/Robot_(disambiguation)', '/télémétrie', '/x?q=1&r=2', '/p#section', '/v?id=3&t=1m2s'),
  )
  .map(([origin, path]) => `${origin}${path}`);
const videoUrl = fc.constantFrom('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/aqz-KE-bpKQ', 'https://vimeo.com/76979871');

/** The image files a site holds: every format Folio reads, in shapes from a tall portrait to a wide banner. */
export interface ImageSpec {
  format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' | 'svg';
  width: number;
  height: number;
}
const IMAGE_SHAPES: [number, number][] = [
  [64, 64],
  [60, 80],
  [80, 60],
  [160, 90],
  [120, 60],
  [90, 30],
  [700, 394],
];
const imageSpec: fc.Arbitrary<ImageSpec> = fc
  .tuple(fc.constantFrom('png', 'jpeg', 'webp', 'avif', 'gif', 'svg'), fc.constantFrom(...IMAGE_SHAPES))
  .map(([format, [width, height]]) => ({ format: format as ImageSpec['format'], width, height }));

/** Where an image comes from: one of the site's shared files, or a file of its own (so every place is sometimes the only one to name its image). */
type ImageUse = { shared: number } | { own: ImageSpec };
const imageUse: fc.Arbitrary<ImageUse> = fc.oneof(
  { weight: 1, arbitrary: fc.nat().map((shared) => ({ shared })) },
  { weight: 2, arbitrary: imageSpec.map((own) => ({ own })) },
);

/** A generated site: its files (text, or an image to draw) and what it holds, for the test's own assertions. */
export interface GeneratedSite {
  files: Record<string, string | ImageSpec>;
  counts: { projects: number; posts: number; pages: number; images: number; resume: boolean };
  /** The translation's language tag (content/<tag>/), when the site has one. */
  translation?: string;
}

const frontMatter = (fields: Record<string, unknown>, body: string) =>
  `---\n${Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')}\n---\n\n${body}\n`;

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** What a body may hold: prose with links to the site's other records, images, an embed, code, lists, subheadings. */
type Block =
  | { kind: 'prose'; text: string; link?: { text: string; to: number } }
  | { kind: 'image'; image: ImageUse; alt: string }
  | { kind: 'embed'; url: string }
  | { kind: 'code'; code: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'heading'; text: string };
const block: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ kind: fc.constant('prose' as const), text: sentence, link: opt(fc.record({ text: phrase(0, 3), to: fc.nat() })) }),
  fc.record({ kind: fc.constant('image' as const), image: imageUse, alt: phrase(1, 5) }),
  fc.record({ kind: fc.constant('embed' as const), url: videoUrl }),
  fc.record({
    kind: fc.constant('code' as const),
    code: fc.constantFrom('<script>alert(1)</script>', 'let a = b << 2; // [x](y)', '# not a heading\n<iframe src=x>'),
  }),
  fc.record({ kind: fc.constant('list' as const), items: fc.array(sentence, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('heading' as const), text: phrase(0, 3) }),
);
const body = fc.array(block, { maxLength: 5 });

/** Markdown of a body: `hrefs` are the site's record pages a link may name, `image` the path of an image from the record's folder. */
function bodyMarkdown(blocks: Block[], hrefs: string[], image: (use: ImageUse) => string): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'prose':
          return b.link && hrefs.length ? `${b.text} See [${b.link.text.replace(/[[\]\\]/g, '')}](${hrefs[b.link.to % hrefs.length]}).` : b.text;
        case 'image':
          return `![${b.alt.replace(/[[\]\\]/g, '')}](${image(b.image)})`;
        case 'embed':
          return b.url;
        case 'code':
          return `\`\`\`\n${b.code}\n\`\`\``;
        case 'list':
          return b.items.map((i) => `- ${i}`).join('\n');
        case 'heading':
          return `## ${b.text}`;
        default:
          return '';
      }
    })
    .filter(Boolean)
    .join('\n\n');
}

const project = fc.record({
  slug,
  title: phrase(0, 5),
  summary: sentence,
  type: fc.constantFrom(...PROJECT_TYPES),
  // FO-TYPES: which of the site's own types it has instead, when the site declares some.
  ownType: opt(fc.nat()),
  category: fc.nat(),
  tags,
  archived: fc.boolean(),
  date: day,
  updatedDays: opt(fc.integer({ min: 0, max: 400 })),
  links: fc.record(
    Object.fromEntries(PROJECT_LINK_KEYS.map((k) => [k, opt(url)])) as Record<(typeof PROJECT_LINK_KEYS)[number], fc.Arbitrary<string | undefined>>,
    {
      requiredKeys: [],
    },
  ),
  linkOrder: fc.nat(),
  more: opt(fc.array(fc.record({ label: phrase(0, 3), url }), { minLength: 1, maxLength: 2 })),
  stack: fc.uniqueArray(fc.constantFrom('Rust', 'C++', 'ROS 2', 'Python', 'TypeScript', 'Zephyr'), { maxLength: 3 }),
  cover: opt(fc.record({ image: imageUse, alt: phrase(1, 5), position: opt(fc.constantFrom(...COVER_POSITIONS)) })),
  body,
});

const post = fc.record({
  slug,
  title: phrase(0, 5),
  summary: sentence,
  // Some posts are scheduled: dated after the build's day.
  date: fc.oneof({ weight: 4, arbitrary: day }, { weight: 1, arbitrary: dayUntil('2028-12-31') }) as fc.Arbitrary<string>,
  updatedDays: opt(fc.integer({ min: 0, max: 400 })),
  tags,
  draft: fc.boolean(),
  cover: opt(fc.record({ image: imageUse, alt: phrase(1, 5) })),
  body,
});

const page = fc.record({
  slug: slug.filter((s) => !RESERVED_PAGE_SLUGS.has(s)),
  title: phrase(0, 4),
  summary: sentence,
  tags,
  order: opt(fc.integer({ min: 0, max: 200 })),
  nav: opt(fc.boolean()),
  body,
});

const resume = fc.record({
  label: opt(phrase(2, 6)),
  work: fc.array(
    fc.record({
      name: phrase(0, 2),
      position: phrase(0, 3),
      url: opt(url),
      location: opt(phrase(0, 2)),
      startDate: month,
      endDate: opt(month),
      summary: opt(sentence),
      highlights: fc.array(sentence, { maxLength: 2 }),
    }),
    { maxLength: 2 },
  ),
  education: fc.array(
    fc.record({
      institution: phrase(0, 3),
      area: opt(phrase(0, 3)),
      studyType: opt(fc.constantFrom('MSc', 'Diplôme d’ingénieur', 'PhD')),
      startDate: opt(month),
      endDate: opt(month),
    }),
    {
      maxLength: 2,
    },
  ),
  skills: fc.array(
    fc.record({
      name: phrase(0, 2),
      level: opt(fc.constantFrom('Expert', 'Avancé')),
      keywords: fc.uniqueArray(fc.constantFrom('ROS 2', 'SLAM', 'CAN-FD', 'Rust'), { maxLength: 3 }),
    }),
    {
      maxLength: 3,
    },
  ),
  languages: fc.array(fc.record({ language: fc.constantFrom('Français', 'English', 'Deutsch'), fluency: opt(fc.constantFrom('Native speaker', 'Courant')) }), {
    maxLength: 2,
  }),
  awards: fc.array(fc.record({ title: phrase(0, 3), date: opt(month), awarder: opt(phrase(0, 2)) }), { maxLength: 1 }),
  publications: fc.array(fc.record({ name: phrase(1, 4), publisher: opt(phrase(0, 2)), releaseDate: opt(month), url: opt(url) }), { maxLength: 2 }),
  body,
});

/** Colours whose contrast Folio's theme accepts (FO-THEME), one per hue. */
const ACCENTS = ['#a1401a', '#6b21a8', '#1d4ed8', '#0f766e', '#b91c1c'];
const LOCALE = fc.constantFrom(...LOCALES, 'fr-CA', 'pt-BR', 'en-GB');
const PLAIN_STRING_KEYS = STRING_KEYS.filter((k) => !PLURAL_KEYS.has(k));

const siteFields = fc.record({
  name: phrase(0, 2),
  headline: phrase(2, 8),
  summary: sentence,
  locale: LOCALE,
  email: opt(fc.constant('owner@gen.example.org')),
  location: opt(fc.constantFrom('Toulouse, France', 'Göteborg', '北海道')),
  links: opt(fc.array(fc.record({ label: fc.constantFrom('GitHub', 'LinkedIn', 'Mastodon', 'Scholar'), url }), { maxLength: 3 })),
  avatar: opt(imageUse),
  hero: opt(fc.record({ image: imageUse, alt: phrase(1, 5) })),
  categories: fc.uniqueArray(fc.record({ id: slug, label: phrase(0, 2) }), { minLength: 1, maxLength: 3, selector: (c) => c.id }),
  // FO-TYPES: the owner's own types, as a label or { label, plural, date }.
  types: opt(
    fc.uniqueArray(fc.record({ id: slug, label: phrase(0, 2), plural: opt(phrase(0, 2)), date: opt(fc.constantFrom('Designed', 'Built', 'Shown')) }), {
      minLength: 1,
      maxLength: 2,
      selector: (t) => t.id,
    }),
  ),
  featured: fc.nat(),
  theme: opt(fc.record({ accent: opt(fc.constantFrom(...ACCENTS)), colorScheme: fc.constantFrom(...COLOR_SCHEMES), font: fc.constantFrom(...FONT_PAIRINGS) })),
  show: opt(fc.record({ forSoftware: fc.boolean(), markdownLink: fc.boolean() })),
  players: opt(fc.constantFrom(...PLAYER_MODES)),
  analytics: opt(
    fc.constantFrom(
      { provider: 'vercel' },
      { provider: 'plausible' },
      { provider: 'plausible', domain: 'gen.example.org' },
      { provider: 'umami', websiteId: '5f0e1f4a-3c1e-4d2b-9a7e-0b1c2d3e4f50' },
    ),
  ),
  contentSignal: opt(fc.record({ search: fc.constantFrom('yes', 'no'), 'ai-input': fc.constantFrom('yes', 'no'), 'ai-train': fc.constantFrom('yes', 'no') })),
  // Each reworded string is unique, as an owner's would be: two labels worded alike would be one label.
  strings: opt(fc.uniqueArray(fc.constantFrom(...PLAIN_STRING_KEYS), { maxLength: 4 }).map((keys) => Object.fromEntries(keys.map((k) => [k, `Mon ${k}`])))),
  customCss: fc.boolean(),
  bio: body,
});

const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
const unique = <T extends { slug: string }>(items: T[]) => [...new Map(items.map((i) => [i.slug, i])).values()];

/** One whole site: site.md, projects, posts, pages, maybe a résumé, custom.css and the images they name. */
export const generatedSite: fc.Arbitrary<GeneratedSite> = fc
  .record({
    site: siteFields,
    projects: fc.array(project, { minLength: 1, maxLength: 7 }).map(unique),
    posts: fc.array(post, { maxLength: 5 }).map(unique),
    pages: fc.array(page, { maxLength: 4 }).map(unique),
    resume: opt(resume),
    images: fc.array(imageSpec, { minLength: 1, maxLength: 6 }),
    // FO-I18N: a second language translating some of the records (a bit each), maybe the site and the résumé.
    // Its records set covers and body images of their own, some in files no main-language record uses (FO-IMAGES-NAMED).
    translation: opt(
      fc.record({
        lang: fc.constantFrom(...LOCALES),
        records: fc.nat(),
        site: fc.boolean(),
        resume: fc.boolean(),
        words: phrase(1, 4),
        images: fc.array(
          fc.record({ cover: opt(fc.record({ image: imageUse, alt: phrase(1, 5) })), body: opt(fc.record({ image: imageUse, alt: phrase(1, 5) })) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        only: imageSpec,
      }),
    ),
  })
  .map(({ site, projects, posts, pages, resume, images, translation }) => {
    const files: GeneratedSite['files'] = {};
    const imageNames = images.map((spec, i) => `image-${i}.${spec.format === 'jpeg' ? 'jpg' : spec.format}`);
    for (const [i, spec] of images.entries()) files[`images/${imageNames[i]}`] = spec;
    let owned = 0;
    /** An image's file name in images/: a shared one, or a new file of its own. */
    const imageFile = (use: ImageUse) => {
      if ('shared' in use) return imageNames[use.shared % imageNames.length]!;
      const name = `own-${owned++}.${use.own.format === 'jpeg' ? 'jpg' : use.own.format}`;
      files[`images/${name}`] = use.own;
      return name;
    };
    const fromRecord = (use: ImageUse) => `../images/${imageFile(use)}`;
    const fromTop = (use: ImageUse) => `images/${imageFile(use)}`;
    const published = posts.filter((p) => !p.draft && p.date <= GENERATED_TODAY);
    const hrefs = [
      ...projects.map((p) => `/projects/${p.slug}`),
      ...published.map((p) => `/posts/${p.slug}`),
      ...pages.map((p) => `/${p.slug}`),
      ...(resume ? ['/resume'] : []),
    ];
    const featured = projects.filter((_, i) => (site.featured >> i) & 1).map((p) => p.slug);
    files['site.md'] = frontMatter(
      {
        name: site.name,
        headline: site.headline,
        summary: site.summary,
        url: 'https://gen.example.org',
        locale: site.locale,
        email: site.email,
        location: site.location,
        links: site.links,
        avatar: site.avatar && fromTop(site.avatar),
        hero: site.hero && fromTop(site.hero.image),
        heroAlt: site.hero?.alt,
        categories: Object.fromEntries(site.categories.map((c) => [c.id, c.label])),
        types:
          site.types && Object.fromEntries(site.types.map((t) => [t.id, t.plural || t.date ? { label: t.label, plural: t.plural, date: t.date } : t.label])),
        featured: featured.length ? featured : undefined,
        theme: site.theme && Object.fromEntries(Object.entries(site.theme).filter(([, v]) => v !== undefined)),
        show: site.show,
        players: site.players,
        analytics: site.analytics,
        contentSignal: site.contentSignal,
        strings: site.strings && Object.keys(site.strings).length ? site.strings : undefined,
      },
      bodyMarkdown(site.bio, hrefs, fromTop) || 'A bio.',
    );
    if (site.customCss) files['custom.css'] = ':root { --folio-generated: 1; }\n.card { outline: 0; }\n';
    for (const p of projects) {
      // The owner's order of links is the page's order: a rotation of the kinds they wrote.
      const named = Object.entries(p.links).filter(([, v]) => v !== undefined);
      const turn = named.length ? p.linkOrder % named.length : 0;
      const links = Object.fromEntries([...named.slice(turn), ...named.slice(0, turn), ...(p.more ? [['more', p.more]] : [])]);
      files[`projects/${p.slug}.md`] = frontMatter(
        {
          title: p.title,
          summary: p.summary,
          type: site.types && p.ownType !== undefined ? site.types[p.ownType % site.types.length]!.id : p.type,
          category: site.categories[p.category % site.categories.length]!.id,
          tags: p.tags,
          archived: p.archived || undefined,
          date: p.date,
          updated: p.updatedDays === undefined ? undefined : addDays(p.date, p.updatedDays),
          links: Object.keys(links).length ? links : undefined,
          stack: p.stack.length ? p.stack : undefined,
          cover: p.cover && fromRecord(p.cover.image),
          coverAlt: p.cover?.alt,
          coverPosition: p.cover?.position,
        },
        bodyMarkdown(p.body, hrefs, fromRecord),
      );
    }
    for (const p of posts) {
      files[`posts/${p.slug}.md`] = frontMatter(
        {
          title: p.title,
          summary: p.summary,
          date: p.date,
          updated: p.updatedDays === undefined ? undefined : addDays(p.date, p.updatedDays),
          tags: p.tags,
          draft: p.draft || undefined,
          cover: p.cover && fromRecord(p.cover.image),
          coverAlt: p.cover?.alt,
        },
        bodyMarkdown(p.body, hrefs, fromRecord),
      );
    }
    for (const p of pages) {
      files[`pages/${p.slug}.md`] = frontMatter(
        { title: p.title, summary: p.summary, tags: p.tags, order: p.order, nav: p.nav },
        bodyMarkdown(p.body, hrefs, fromRecord),
      );
    }
    if (resume) {
      const { body: summary, ...fields } = resume;
      const ended = <T extends { startDate?: string; endDate?: string }>(e: T) =>
        e.startDate && e.endDate && e.endDate < e.startDate ? { ...e, endDate: undefined } : e;
      files['resume.md'] = frontMatter(
        { ...fields, work: fields.work.map(ended), education: fields.education.map(ended) },
        bodyMarkdown(summary, hrefs, fromTop),
      );
    }
    // Not the main language, and not a page's slug (/<tag> is the translation's home: a content error of its own).
    const tag = translation && translation.lang !== site.locale.split('-')[0] && !pages.some((p) => p.slug === translation.lang) ? translation.lang : undefined;
    if (translation && tag) {
      // A translation's images are seen from content/<tag>/<kind>/: one folder deeper.
      const fromTranslation = (use: ImageUse) => `../../images/${imageFile(use)}`;
      // The first record is always translated, and its body shows a file only the translation names.
      const translated = (i: number) => i === 0 || ((translation.records >> i) & 1) === 1;
      const only = `translation-only.${translation.only.format === 'jpeg' ? 'jpg' : translation.only.format}`;
      files[`images/${only}`] = translation.only;
      const records = [
        ...projects.map((p) => ['projects', p] as const),
        ...posts.map((p) => ['posts', p] as const),
        ...pages.map((p) => ['pages', p] as const),
      ];
      for (const [i, [kind, record]] of records.entries()) {
        if (!translated(i)) continue;
        const own = translation.images[i % translation.images.length]!;
        // Pages have no cover; a project's or post's translation may set its own.
        const cover = kind !== 'pages' ? own.cover : undefined;
        const shows = [
          ...(i === 0 ? [`![${translation.words}](../../images/${only})`] : []),
          ...(own.body ? [`![${own.body.alt.replace(/[[\]\\]/g, '')}](${fromTranslation(own.body.image)})`] : []),
        ];
        files[`${tag}/${kind}/${record.slug}.md`] = frontMatter(
          {
            title: `${translation.words} ${i}`,
            summary: `${translation.words}, ${record.summary}`,
            cover: cover && fromTranslation(cover.image),
            coverAlt: cover?.alt,
          },
          [bodyMarkdown(record.body, hrefs, fromTranslation), ...shows].filter(Boolean).join('\n\n'),
        );
      }
      // The translated site and résumé show images of their own in their text (content/<tag>/: one folder down).
      const ownImage = (i: number) => translation.images[i % translation.images.length]!.body;
      const shown = (i: number) => {
        const image = ownImage(i);
        return image ? `\n\n![${image.alt.replace(/[[\]\\]/g, '')}](../images/${imageFile(image.image)})` : '';
      };
      // FO-TYPES: a translated site.md words the owner's types too (the same ids).
      const types =
        site.types && Object.fromEntries(site.types.map((t) => [t.id, { label: `${translation.words} ${t.label}`, date: t.date && translation.words }]));
      if (translation.site) files[`${tag}/site.md`] = frontMatter({ headline: translation.words, types }, `${translation.words}.${shown(1)}`);
      if (translation.resume && resume) files[`${tag}/resume.md`] = frontMatter({ label: translation.words }, `${translation.words}.${shown(2)}`);
    }
    return {
      files,
      ...(translation && tag && { translation: tag }),
      counts: { projects: projects.length, posts: published.length, pages: pages.length, images: images.length, resume: Boolean(resume) },
    };
  });

/** Generated sites in two languages, whose translation shows covers and body images of its own (FO-I18N, FO-IMAGES-NAMED). */
export const translatedSite: fc.Arbitrary<GeneratedSite> = generatedSite.filter((site) => site.translation !== undefined);

/**
 * Writes a generated site into `dir` (its content folder), drawing each image with sharp. Each file
 * is drawn in a colour of its own (from its name), so two files are two images, each with its own
 * digest: a file only one place names is the only one with its bytes.
 */
export async function writeSite(site: GeneratedSite, dir: string): Promise<void> {
  for (const [path, file] of Object.entries(site.files)) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    const [r, g, b] = createHash('sha256').update(path).digest();
    if (typeof file === 'string') writeFileSync(target, file);
    else if (file.format === 'svg')
      writeFileSync(
        target,
        `<svg xmlns="http://www.w3.org/2000/svg" width="${file.width}" height="${file.height}" viewBox="0 0 ${file.width} ${file.height}"><rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/></svg>\n`,
      );
    else {
      const drawn = sharp({ create: { width: file.width, height: file.height, channels: 3, background: { r: r!, g: g!, b: b! } } });
      await drawn.toFormat(file.format, file.format === 'avif' ? { effort: 0 } : {}).toFile(target);
    }
  }
}
