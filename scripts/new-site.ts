// `npm run new-site`: replace the sample portfolio in content/ with a minimal site of your own to
// fill in: site.md with placeholders, one project, one page, one post and a résumé (scripts/lib/skeleton.ts). It builds
// and serves as it is; `npm run check` refuses it, one line per placeholder, until they are filled in. The sample stays in git history (and in tests/fixtures/sample-site/, which the engine's
// tests use). Refuses to overwrite uncommitted changes in content/ unless given --force.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skeletonFiles } from './lib/skeleton.ts';

const dir = 'content';
const today = new Date().toISOString().slice(0, 10);

const FILES = skeletonFiles(today);

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
console.log(`${dir}/ now holds a minimal site: ${Object.keys(FILES)
  .map((f) => `${dir}/${f}`)
  .join(', ')}.
Fill in content/site.md (your name, url, categories), the project, the page, the post and the résumé (or delete those you do not want), then \`npm start\` to see it. \`npm run check\` lists every placeholder still left; it passes once they are all replaced.`);
