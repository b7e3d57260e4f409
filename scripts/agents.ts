// `npm run agents -- <log file>`: who read the site, week by week (FO-AGENTS-SUMMARY), from the
// function's request log: a file exported from Vercel's logs (Logs → filter the function → Export),
// or what `npm start` printed (`npm start > folio.log`). Pages served by the CDN never reach the
// function: Vercel's AI Traffic view counts those (README § Who reads your site).
import { readFileSync } from 'node:fs';
import { terminalText } from '../src/records/terminal-text.ts';
import { requestLines, summarize } from './lib/agents-summary.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run agents -- <log file>   (a log exported from Vercel, or what `npm start` printed)');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(terminalText(`Cannot read ${file}: ${(error as Error).message}`));
  process.exit(2);
}
const lines = requestLines(text);
if (lines.length === 0) {
  console.error(
    `${terminalText(file)} holds no Folio request lines ({"event":"folio.request",…}). Export the function's logs from Vercel (the lines are console output), or save what \`npm start\` prints.`,
  );
  process.exit(1);
}
process.stdout.write(summarize(lines));
