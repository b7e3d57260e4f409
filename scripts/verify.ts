// `npm run verify -- <url>` (FO-VERIFY): checks a deployed site, or `npm start`, from outside as a
// browser and an agent would (scripts/lib/verify.ts): negotiation in both orders, twins, llms.txt,
// that a page view runs no function, /ask, REST, MCP at both revisions, OAuth discovery, 404s.
// One line per failure with what to do; exit code 1 on any failure. A protected preview needs
// VERCEL_AUTOMATION_BYPASS_SECRET, sent to that origin only. Limits (FO-VERIFY-LIMITS):
// --timeout=seconds per request, --run-timeout=seconds for the run, --max-body=MB per answer.
import { terminalText } from '../src/records/terminal-text.ts';
import { DEFAULT_LIMITS, limitsFromArgs, report, verify } from './lib/verify.ts';

const usage = `Usage: npm run verify -- <url> [--timeout=${DEFAULT_LIMITS.requestTimeoutMs / 1000}] [--run-timeout=${DEFAULT_LIMITS.runTimeoutMs / 1000}] [--max-body=${DEFAULT_LIMITS.maxBodyBytes / 1024 / 1024}]
  <url>          the deployment, e.g. https://you.example, or http://localhost:4321 for npm start
  --timeout      seconds per request, body included
  --run-timeout  seconds for the whole run
  --max-body     MB per answer body`;
const parsed = limitsFromArgs(process.argv.slice(2));
const url = 'rest' in parsed && parsed.rest.length === 1 ? parsed.rest[0]! : undefined;
if (!('rest' in parsed) || !url || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
  // The arguments are the owner's, but may have been pasted: escaped like any text this tool did not make.
  if ('error' in parsed) console.error(terminalText(parsed.error));
  console.error(usage);
  process.exit(2);
}
const result = await verify(url, { limits: parsed.limits });
process.stdout.write(report(result, new URL(url).origin));
process.exit(result.failures.length ? 1 : 0);
