// The examples on /developers and in SKILL.md run and answer as documented.
// The commands are read from the served documents (not rebuilt here), run with curl against the
// e2e server, and their answers checked against the sentence the document prints after each.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { loadContent } from '../../src/records/load.ts';
import { apiExamples, factHolds, type Fact } from '../../src/discovery/examples.ts';
import { decodeEntities as unescapeHtml } from '../../scripts/lib/html-entities.ts';

const run = promisify(execFile);

interface DocumentedExample {
  title: string;
  command: string;
  status: number;
  fact: Fact;
}

/** `hits[0].slug` → `/hits/0/slug` (the inverse of fieldName). */
const pointerOf = (field: string) =>
  `/${field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/')}`;

/** Every "#… title, ```sh command```, Answers N; …" in a Markdown document. */
function examplesIn(markdown: string): DocumentedExample[] {
  const pattern = /^#{3,4} (.+)\n\n```sh\n(curl [^\n]+)\n```\n\nAnswers (\d{3}); `([^`]+)` (is `(.+)`|holds (\d+) items|is a (\w+))\.$/gm;
  return [...markdown.matchAll(pattern)].map(([, title, command, status, field, , equals, length, type]) => ({
    title: title!,
    command: command!,
    status: Number(status),
    fact:
      equals !== undefined
        ? { pointer: pointerOf(field!), equals: JSON.parse(equals) }
        : length !== undefined
          ? { pointer: pointerOf(field!), length: Number(length) }
          : { pointer: pointerOf(field!), type: type as 'string' },
  }));
}

/** Runs a documented command as written (pointed at this server), with curl reporting the status last. */
async function runCurl(command: string, base: string, baseURL: string): Promise<{ status: number; body: unknown }> {
  const local = command.replaceAll(base, baseURL);
  const { stdout } = await run('sh', ['-c', `${local} -w '\\n%{http_code}'`]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) };
}

async function siteUrl(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/openapi.json')).json()) as { servers: { url: string }[] }).servers[0]!.url;
}

const content = loadContent();
const all = apiExamples(content);

for (const [path, expected] of [
  ['/developers.md', all.length + all.filter((e) => e.inSkill).length],
  ['/SKILL.md', all.filter((e) => e.inSkill).length],
] as const) {
  test(`every example in ${path} runs with curl and answers as documented`, async ({ request, baseURL }) => {
    const base = await siteUrl(request);
    const examples = examplesIn(await (await request.get(path)).text());
    // /developers.md shows each example under its endpoint, and the quick-start ones again at the top.
    expect(examples).toHaveLength(expected);
    for (const example of examples) {
      const { status, body } = await runCurl(example.command, base, baseURL!);
      expect(status, example.command).toBe(example.status);
      expect(factHolds(example.fact, body), `${example.title}: ${example.command} → ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
    }
  });
}

test('/developers (HTML) shows the same commands and answers as its twin', async ({ request }) => {
  const html = await (await request.get('/developers')).text();
  const twin = examplesIn(await (await request.get('/developers.md')).text());
  const commands = [...html.matchAll(/<pre[^>]*><code[^>]*>(curl [^<]+)<\/code><\/pre>/g)].map((m) => unescapeHtml(m[1]!));
  expect(commands.sort()).toEqual(twin.map((e) => e.command).sort());
  for (const e of all) expect(html, e.id).toContain(`id="${e.id}"`);
});
