// The content model: one zod schema per kind of file in content/. The loader validates front
// matter against these, and the types below are what every other part of Folio consumes.
import { z } from 'zod';
import type { ContentImage } from '../images/images.ts';
import { accentProblem, COLOR_SCHEMES, FONT_PAIRINGS, HEX_COLOR } from './theme.ts';
import { PLAYER_MODES } from './embeds.ts';
import { closest } from './content-issues.ts';
import { normalizeUrl } from './escape.ts';
import { PLURAL_KEYS, RENAMED_KEYS, STRING_KEYS, type StringKey } from './strings.ts';

/**
 * How long a replaced API version keeps working, at least: the content model refuses a `sunset`
 * closer than this to `deprecated` (PF-SUNSET: "at least 90 days").
 */
export const MIN_SUNSET_DAYS = 90;

/** Slugs become URL path segments and API path parameters, so they are kept to one safe alphabet. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const slug = z.string().regex(SLUG_PATTERN, 'a slug: lowercase a-z, 0-9 and inner hyphens, 1 to 60 characters');

/**
 * The built-in project types (FO-TYPES): every site has them; `types:` in content/site.md adds the
 * owner's own. A site's whole list is siteTypes(site), which every surface reads.
 */
export const PROJECT_TYPES = ['app', 'library', 'tool', 'service', 'research', 'talk'] as const;
export type BuiltInType = (typeof PROJECT_TYPES)[number];
/** A project's type: a built-in one or one the site declares (siteTypes), checked by the loader as a category is. */
export type ProjectType = string;

const builtIn = new Set<string>(PROJECT_TYPES);
export const isBuiltInType = (type: string): type is BuiltInType => builtIn.has(type);

const siteTypeLists = new WeakMap<object, readonly string[]>();
const NO_TYPES: Readonly<Record<string, TypeDeclaration>> = Object.freeze({});
/**
 * The site's project types (FO-TYPES), the one list every surface reads: the built-in ones in their
 * order, then the owner's in site.md's order (a declared built-in id rewords that type in place).
 * Derived once per site object.
 */
export function siteTypes(site: Pick<Site, 'types'>): readonly string[] {
  const declared = site.types ?? NO_TYPES;
  let list = siteTypeLists.get(declared);
  if (!list) {
    list = Object.freeze([...PROJECT_TYPES, ...Object.keys(declared).filter((id) => !builtIn.has(id))]);
    siteTypeLists.set(declared, list);
  }
  return list;
}

// Dates are written YYYY-MM-DD. The loader reads YAML without implicit timestamps, so an unquoted
// date arrives here as the text the owner typed (js-yaml would otherwise roll 2024-02-30 over to
// March 1st without a word); the round trip below rejects dates that do not exist.
const isoDate = z
  .string({ error: 'a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, 'a real calendar date as YYYY-MM-DD');

function isLanguageTag(value: string) {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/**
 * The language tag meant by a locale as systems spell it ("fr_FR", or $LANG's "fr_FR.UTF-8"):
 * BCP 47 takes hyphens and no charset, and Intl gives its canonical case ("en_us" → "en-US").
 */
function languageTagFor(value: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(
      value
        .trim()
        .replace(/[.@].*$/, '')
        .replaceAll('_', '-'),
    )[0];
  } catch {
    return undefined;
  }
}

function isCalendarDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const text = (max: number) => z.string().trim().min(1, 'non-empty text').max(max, `at most ${max} characters`);
const tag = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case tag such as "web-performance"');
// A URL as the owner pasted it may hold a space, `<`, `>` or a backtick, which the WHATWG parser
// accepts and every surface would then repeat: it is kept as that parser serializes it
// (percent-encoded, escape.ts normalizeUrl), so the page, the twin, REST and MCP carry one valid
// URI (RFC 3986), and an ordinary URL stays exactly as written.
const httpUrl = z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL' }).overwrite(normalizeUrl);

/**
 * One owner type as content/site.md declares it (FO-TYPES): its label, or `{ label, plural, date }`
 * where `plural` names the filter's page ("Lamps"; the label when unset) and `date` words the
 * project's date fact ("Designed"; "Started" when unset). Read as the object form everywhere.
 */
const typeDeclaration = /* @__PURE__ */ z
  .union([text(60), z.strictObject({ label: text(60), plural: text(60).optional(), date: text(40).optional() })], {
    error: 'a label, or { label, plural, date }, e.g. lamp: Lamp or lamp: { label: Lamp, plural: Lamps, date: Designed }',
  })
  .transform((t) => (typeof t === 'string' ? { label: t } : t));
export type TypeDeclaration = z.output<typeof typeDeclaration>;

// FO-COLD-PATH: the schemas only the build's loader reads (the site config, each kind's front
// matter with its refinements) are marked pure, so the function's bundle, which answers with the
// fields but never validates a file, leaves them out instead of building them on every cold start.
const yesNo = /* @__PURE__ */ z.enum(['yes', 'no']);

const rateLimitPolicy = /* @__PURE__ */ z.strictObject({
  limit: z.int().min(1).max(100_000),
  window: z.int().min(1).max(86_400),
});

const apiVersion = /* @__PURE__ */ z.strictObject({
  version: z.string().regex(/^v\d+$/, 'a path version such as "v1"'),
  /** When set, responses carry `Deprecation: @<unix seconds>` (RFC 9745). */
  deprecated: isoDate.optional(),
  /** When set, responses carry `Sunset: <HTTP-date>` (RFC 8594). */
  sunset: isoDate.optional(),
  /** Path of the version that replaces this one, sent as `Link: <…>; rel="successor-version"`. */
  successor: z.string().startsWith('/').optional(),
});

export const siteConfig = /* @__PURE__ */ z
  .strictObject({
    name: text(120),
    headline: text(160),
    summary: text(400),
    url: httpUrl,
    locale: z
      .string()
      .superRefine((value, ctx) => {
        if (isLanguageTag(value)) return;
        const suggestion = languageTagFor(value);
        ctx.addIssue({ code: 'custom', input: value, message: 'a language tag such as "en" or "sv-SE"', ...(suggestion && { params: { suggestion } }) });
      })
      .default('en'),
    email: z.email({ error: 'an email address such as "me@example.com"' }).optional(),
    location: text(120).optional(),
    allowedOrigins: z.array(httpUrl).default([]),
    links: z
      .array(z.strictObject({ label: text(60), url: httpUrl }), {
        error: 'a list of links, each with a label and a url, e.g. links: [{ label: GitHub, url: "https://github.com/you" }]',
      })
      .default([]),
    /** Path of a picture of the owner, relative to site.md; its alt text is `name`. */
    avatar: text(300).optional(),
    /** Path of a wide picture for the top of the home page, relative to site.md (FO-HERO); `heroAlt` says what it shows. */
    hero: text(300).optional(),
    heroAlt: text(200).optional(),
    categories: z.record(slug, text(60)).refine((c) => Object.keys(c).length > 0, 'at least one category'),
    /** The owner's project types beside the built-in ones (FO-TYPES): id → label, or { label, plural, date }. */
    types: z.record(slug, typeDeclaration, { error: 'a set of id: label pairs, e.g. types: { lamp: Lamp, furniture: Furniture }' }).optional(),
    featured: z.array(slug).default([]),
    rateLimits: z
      .strictObject({ knowledge: rateLimitPolicy, portfolio: rateLimitPolicy })
      .default({ knowledge: { limit: 120, window: 60 }, portfolio: { limit: 60, window: 60 } }),
    apiVersions: z.array(apiVersion).default([{ version: 'v1' }]),
    /** Content Signals (contentsignals.org), written to robots.txt: may the content be used for search, as AI input, for AI training. */
    contentSignal: z.strictObject({ search: yesNo, 'ai-input': yesNo, 'ai-train': yesNo }).default({ search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' }),
    /** The look (FO-THEME, README § Make it yours): accent colour, light/dark scheme, font pairing. */
    theme: z
      .strictObject({
        accent: z.string().regex(HEX_COLOR, 'a CSS hex colour such as "#a1401a" or "#c40"').optional(),
        colorScheme: z.enum(COLOR_SCHEMES).default('auto'),
        font: z.enum(FONT_PAIRINGS).default('system'),
      })
      .optional(),
    /** What the footer shows besides the menu (FO-FOOTER); the <link rel="alternate"> and Link headers stay either way. */
    show: z.strictObject({ forSoftware: z.boolean().default(true), markdownLink: z.boolean().default(true) }).optional(),
    /**
     * How a body's video line shows (FO-PLAYERS): `ask` (default) a facade that loads the provider
     * only on a click, `direct` the player itself. A bad value is refused as every enum is, with the
     * values and the nearest one.
     */
    players: z.enum(PLAYER_MODES).default('ask'),
    /** Privacy-respecting analytics, served first-party (FO-ANALYTICS); none unless set. */
    analytics: z
      .discriminatedUnion(
        'provider',
        [
          z.strictObject({ provider: z.literal('vercel') }),
          z.strictObject({
            provider: z.literal('plausible'),
            domain: z
              .string()
              .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'the site\'s domain as Plausible knows it, e.g. "yourname.dev"')
              .optional(),
          }),
          z.strictObject({ provider: z.literal('umami'), websiteId: z.uuid({ error: 'the website ID Umami shows, a UUID' }) }),
        ],
        { error: 'a provider: vercel, plausible or umami, e.g. analytics: { provider: plausible }' },
      )
      .optional(),
    /** The interface words the owner rewords (FO-LANGUAGE): a key of src/records/strings/en.ts → text, or { one, other } for a counted one. */
    strings: z
      .record(z.string(), z.union([text(300), z.strictObject({ one: text(300), other: text(300) })]), {
        error: 'a set of name: text pairs, e.g. strings: { featuredWork: "Selected work" }',
      })
      .optional(),
  })
  .superRefine((site, ctx) => {
    // FO-HERO: described like a cover (the alt text is what a screen reader says).
    if (site.hero && !site.heroAlt) {
      ctx.addIssue({
        code: 'custom',
        path: ['heroAlt'],
        params: { missing: true },
        message: 'text describing the hero image (required when "hero" is set, at most 200 characters)',
      });
    }
    // FO-LANGUAGE: a misspelt key would change nothing, silently; a plural form on a plain entry has no count to pick it.
    for (const [key, value] of Object.entries(site.strings ?? {})) {
      if (!(STRING_KEYS as string[]).includes(key)) {
        // The key and the closest one (the new name of a merged label), or where the names are listed: the field names the key already.
        const near = RENAMED_KEYS[key] ?? closest(key, STRING_KEYS);
        ctx.addIssue({
          code: 'custom',
          path: ['strings', key],
          message: near ? 'the name of an interface string' : 'the name of an interface string (the keys of src/records/strings/en.ts, README § Make it yours)',
          ...(near && { params: { suggestion: near } }),
        });
      } else if (typeof value !== 'string' && !PLURAL_KEYS.has(key as StringKey)) {
        ctx.addIssue({ code: 'custom', path: ['strings', key], message: 'one text: this entry has no count, so no { one, other } forms' });
      }
    }
    // FO-THEME: the accent is link text and the background of button text; below WCAG AA it is refused with the nearest colour that passes.
    const accentIssue = site.theme?.accent && accentProblem(site.theme.accent);
    if (accentIssue) ctx.addIssue({ code: 'custom', path: ['theme', 'accent'], input: site.theme?.accent, message: accentIssue });
    // The deprecation policy (/developers/deprecation): a sunset at least 90 days after the
    // deprecation, and a successor that is another version the site lists.
    const DAY = 86_400_000;
    site.apiVersions.forEach((v, i) => {
      if (v.deprecated && v.sunset && Date.parse(v.sunset) - Date.parse(v.deprecated) < MIN_SUNSET_DAYS * DAY) {
        ctx.addIssue({
          code: 'custom',
          path: ['apiVersions', i, 'sunset'],
          input: v.sunset,
          message: `a date at least ${MIN_SUNSET_DAYS} days after "deprecated" (${v.deprecated})`,
        });
      }
      const successor = v.successor && /^\/api\/(v\d+)$/.exec(v.successor)?.[1];
      if (v.successor && (!successor || successor === v.version || !site.apiVersions.some((o) => o.version === successor))) {
        ctx.addIssue({
          code: 'custom',
          path: ['apiVersions', i, 'successor'],
          input: v.successor,
          message: 'the path of another version listed in apiVersions, such as "/api/v2"',
        });
      }
    });
  });

/** The link keys a project may name (FO-WORK), each with its own label; `more` adds any others. */
export const PROJECT_LINK_KEYS = ['repo', 'docs', 'demo', 'video', 'slides', 'paper', 'website'] as const;
export const COVER_POSITIONS = ['top', 'center', 'bottom'] as const;

// zod returns an object's keys in the schema's order, but the owner's order is the order the page
// shows (the first link is the primary button): the loader, which holds the front matter as
// written, puts them back with linksAsWritten (FO-WORK).
const projectLinks = z.strictObject(
  {
    ...(Object.fromEntries(PROJECT_LINK_KEYS.map((k) => [k, httpUrl.optional()])) as Record<(typeof PROJECT_LINK_KEYS)[number], z.ZodOptional<typeof httpUrl>>),
    more: z
      .array(z.strictObject({ label: text(60), url: httpUrl }), {
        error: 'a list of links, each with a label and a url, e.g. more: [{ label: Blog post, url: "https://…" }]',
      })
      .optional(),
  },
  {
    error: `links by name (${PROJECT_LINK_KEYS.join(', ')}, more), e.g. links: { repo: "https://github.com/you/project", demo: "https://…", more: [{ label: Press, url: "https://…" }] }`,
  },
);

/**
 * A project's parsed `links` in the order their keys stand in `frontMatter`, the front matter the
 * schema parsed, as written (FO-WORK: the first link is the page's primary button).
 */
export function linksAsWritten(links: z.output<typeof projectLinks>, frontMatter: unknown): z.output<typeof projectLinks> {
  const written = (frontMatter as { links?: unknown } | null | undefined)?.links;
  const order = written && typeof written === 'object' && !Array.isArray(written) ? Object.keys(written) : [];
  const keys = Object.keys(links) as (keyof typeof links)[];
  keys.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return Object.fromEntries(keys.filter((k) => links[k] !== undefined).map((k) => [k, links[k]])) as typeof links;
}

/**
 * The rules a project and a post share, beyond each field's own: an update on or after the date,
 * and a cover described (FO-WORK, FO-POSTS; the alt text is what a screen reader says).
 */
function datedAndDescribed(p: { date: string; updated?: string; cover?: string; coverAlt?: string }, ctx: z.RefinementCtx) {
  if (p.updated && p.updated < p.date) {
    ctx.addIssue({ code: 'custom', path: ['updated'], input: p.updated, message: `a date on or after "date" (${p.date})` });
  }
  if (p.cover && !p.coverAlt) {
    ctx.addIssue({
      code: 'custom',
      path: ['coverAlt'],
      params: { missing: true },
      message: 'text describing the cover (required when "cover" is set, at most 200 characters)',
    });
  }
}

/** A project's front-matter fields, unrefined: the API's project picks the ones it shares from here (src/server/portfolio/schemas.ts). */
export const projectFields = z.strictObject({
  title: text(120),
  summary: text(300),
  /** A type of siteTypes: the loader refuses another, naming them (FO-TYPES). */
  type: z.string({ error: 'a project type such as "tool" (the built-in ones, or one declared under types: in content/site.md)' }).min(1, 'a project type'),
  category: slug,
  tags: z.array(tag).default([]),
  archived: z.boolean().default(false),
  date: isoDate,
  updated: isoDate.optional(),
  links: projectLinks.default({}),
  stack: z.array(text(40)).default([]),
  /** Path of the cover image, relative to the project's file. */
  cover: text(300).optional(),
  coverAlt: text(200).optional(),
  /** Which part of the cover a card keeps when it crops it (FO-WORK; center when unset); the project page never crops. */
  coverPosition: z.enum(COVER_POSITIONS).optional(),
});

export const projectFrontMatter = /* @__PURE__ */ projectFields.superRefine(datedAndDescribed);

/** How a post's front matter differs from a project's: no type, category, links or stack; a draft flag. */
export const postFields = z.strictObject({
  title: text(120),
  summary: text(300),
  date: isoDate,
  updated: isoDate.optional(),
  tags: z.array(tag).default([]),
  /** A draft shows under `npm run dev` only: never in a build's output (FO-DRAFTS). */
  draft: z.boolean().default(false),
  /** Path of the cover image, relative to the post's file. */
  cover: text(300).optional(),
  coverAlt: text(200).optional(),
});

export const postFrontMatter = /* @__PURE__ */ postFields.superRefine(datedAndDescribed);

// The résumé's front matter takes JSON Resume's field names (jsonresume.org/schema), so an owner can
// paste what they have; dates there are ISO 8601 to the month or the day (FO-RESUME).
const resumeDate = z
  .string({ error: 'a date as YYYY-MM or YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}(?:-\d{2})?$/, { error: 'a date as YYYY-MM or YYYY-MM-DD', abort: true })
  .refine((v) => isCalendarDate(v.length === 7 ? `${v}-01` : v), 'a real calendar date as YYYY-MM or YYYY-MM-DD');
const lines = (max: number) => z.array(text(max)).default([]);

/** Each list entry carries a start and maybe an end; an end before the start is a typo. */
function endAfterStart(entry: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (entry.startDate && entry.endDate && entry.endDate < entry.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], input: entry.endDate, message: `a date on or after "startDate" (${entry.startDate})` });
  }
}

export const resumeFrontMatter = z.strictObject({
  /** The one-line professional title; site.md's headline when left out. */
  label: text(160).optional(),
  work: z
    .array(
      z
        .strictObject({
          name: text(120),
          position: text(120),
          url: httpUrl.optional(),
          location: text(120).optional(),
          startDate: resumeDate,
          endDate: resumeDate.optional(),
          summary: text(600).optional(),
          highlights: lines(300),
        })
        .superRefine(endAfterStart),
    )
    .default([]),
  education: z
    .array(
      z
        .strictObject({
          institution: text(120),
          url: httpUrl.optional(),
          area: text(120).optional(),
          studyType: text(120).optional(),
          startDate: resumeDate.optional(),
          endDate: resumeDate.optional(),
          score: text(40).optional(),
          courses: lines(120),
        })
        .superRefine(endAfterStart),
    )
    .default([]),
  skills: z.array(z.strictObject({ name: text(80), level: text(40).optional(), keywords: lines(60) })).default([]),
  languages: z.array(z.strictObject({ language: text(60), fluency: text(60).optional() })).default([]),
  awards: z.array(z.strictObject({ title: text(160), date: resumeDate.optional(), awarder: text(120).optional(), summary: text(600).optional() })).default([]),
  certificates: z.array(z.strictObject({ name: text(160), date: resumeDate.optional(), issuer: text(120).optional(), url: httpUrl.optional() })).default([]),
  publications: z
    .array(
      z.strictObject({
        name: text(200),
        publisher: text(120).optional(),
        releaseDate: resumeDate.optional(),
        url: httpUrl.optional(),
        summary: text(600).optional(),
      }),
    )
    .default([]),
  volunteer: z
    .array(
      z
        .strictObject({
          organization: text(120),
          position: text(120).optional(),
          url: httpUrl.optional(),
          startDate: resumeDate.optional(),
          endDate: resumeDate.optional(),
          summary: text(600).optional(),
          highlights: lines(300),
        })
        .superRefine(endAfterStart),
    )
    .default([]),
});

export const pageFrontMatter = /* @__PURE__ */ z.strictObject({
  title: text(120),
  summary: text(300),
  tags: z.array(tag).default([]),
  order: z.int().min(0).default(100),
  /** `true` puts the page in the header; by default the first pages by `order` are there (NAV_PAGES). */
  nav: z.boolean().optional(),
  /**
   * `true` links the page from every page's footer in every language (FO-FOOTER-PAGES): an
   * Impressum, a privacy page, a licence. Such a page is in the header only when it also says `nav: true`.
   */
  footer: z.boolean().optional(),
});

export type SiteConfig = z.infer<typeof siteConfig>;
export type ApiVersion = z.infer<typeof apiVersion>;
export type RateLimitPolicy = z.infer<typeof rateLimitPolicy>;

interface RecordBase {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  /** Site path of the HTML page, e.g. `/projects/quarry`. */
  href: string;
  /** Site path of the Markdown twin, e.g. `/projects/quarry.md`. */
  twin: string;
  /** The Markdown body as written. */
  body: string;
  /** Content file, relative to the project root, for error messages. */
  source: string;
  /** Images in the body, by their destination as written (`../images/x.png`). */
  images: Record<string, ContentImage>;
  /**
   * The language of the record's text when it is not its site's (FO-I18N): a record not translated
   * into a translation's language is shown there in the main language, and says so.
   */
  lang?: string;
}

export interface Project extends RecordBase, Omit<z.infer<typeof projectFrontMatter>, 'tags' | 'cover' | 'coverAlt'> {
  kind: 'project';
  cover?: ContentImage;
}

export interface Page extends RecordBase, Omit<z.infer<typeof pageFrontMatter>, 'tags'> {
  kind: 'page';
}

export interface Post extends RecordBase, Omit<z.infer<typeof postFrontMatter>, 'tags' | 'cover' | 'coverAlt'> {
  kind: 'post';
  cover?: ContentImage;
  /** Minutes to read the body (src/records/posts.ts readingMinutes): counted once, when the content loads, for every surface. */
  readingMinutes: number;
}

export type ResumeFields = z.infer<typeof resumeFrontMatter>;

/** content/resume.md: JSON Resume's lists from the front matter; the body is the professional summary. */
export interface Resume extends RecordBase, Omit<ResumeFields, 'label'> {
  kind: 'resume';
  /** The professional title: the front matter's `label`, else site.md's headline. */
  label: string;
}

export type ContentRecord = Project | Page | Post | Resume;

export interface Site extends Omit<SiteConfig, 'avatar' | 'hero' | 'heroAlt'> {
  /** The bio: the body of content/site.md. */
  bio: string;
  /** Images in the bio, by destination as written. */
  images: Record<string, ContentImage>;
  avatar?: ContentImage;
  /** The home page's hero image (FO-HERO), its alt text `heroAlt`. */
  hero?: ContentImage;
  /** Whether content/custom.css exists: every page then links it, last (FO-THEME). */
  customCss?: true;
  /**
   * Where this language's pages are (FO-I18N): `''` for the main language (at `/…`), `/<tag>` for
   * a translation from `content/<tag>/`.
   */
  base: string;
  /** Every language of the site, the main one first: each with its tag and its `base`. */
  languages: readonly SiteLanguage[];
}

/** One language of a site (FO-I18N): its tag (`fr`, `en`) and where its pages are (`''`, `/en`). */
export interface SiteLanguage {
  readonly lang: string;
  readonly base: string;
}

/**
 * What a translation may set (FO-I18N-FIELDS), by kind of file, besides its text: the words a reader
 * reads in a language. Everything else (dates, type, category, tags, links, stack, order …) is a fact
 * of the record, the same in every language, so the main file's: tags are ids that pair the
 * languages' tag pages (hreflang) and REST's `tag` filter. A field maps to `true` (the translation's
 * value replaces the main one), or, for a list of entries (the résumé's), to what each entry may
 * set: the entries are translated one by one, matched by position (load.ts overlayTranslation).
 * The one list the loader, docs/content.md's table and the refusals all read.
 */
export interface Translatable {
  readonly [field: string]: true | Translatable;
}

const textOnly = (...fields: string[]): Translatable => Object.fromEntries(fields.map((f) => [f, true]));

export const TRANSLATABLE = {
  /** content/<tag>/site.md (categories and types: their labels, the same ids). */
  site: textOnly('headline', 'summary', 'location', 'categories', 'types', 'strings'),
  /** A translation may have a cover of its own (a picture with words in it); without one it shows the main file's, described by its own `coverAlt`. */
  project: textOnly('title', 'summary', 'cover', 'coverAlt'),
  post: textOnly('title', 'summary', 'cover', 'coverAlt'),
  page: textOnly('title', 'summary'),
  /** Each list's entries by position; their dates and URLs are the main file's. */
  resume: {
    label: true,
    work: textOnly('name', 'position', 'location', 'summary', 'highlights'),
    education: textOnly('institution', 'area', 'studyType', 'score', 'courses'),
    skills: textOnly('name', 'level', 'keywords'),
    languages: textOnly('language', 'fluency'),
    awards: textOnly('title', 'awarder', 'summary'),
    certificates: textOnly('name', 'issuer'),
    publications: textOnly('name', 'publisher', 'summary'),
    volunteer: textOnly('organization', 'position', 'summary', 'highlights'),
  },
} as const satisfies Record<string, Translatable>;

export interface Content {
  site: Site;
  /** Newest first, then by slug: the one order every list starts from. */
  projects: Project[];
  /** By `order`, then slug. */
  pages: Page[];
  /** Newest first, then by slug; drafts only when the loader was asked for them (FO-DRAFTS). */
  posts: Post[];
  /** content/resume.md, when the site has one. */
  resume?: Resume;
}
