// `npm run verify -- <url>` (FO-VERIFY): checks a deployed site, or `npm start`, from outside as a
// browser and an agent would (scripts/lib/verify.ts): negotiation in both orders, twins, llms.txt,
// that a page view runs no function, /ask, REST, MCP at both revisions, OAuth discovery, 404s.
// One line per failure with what to do; exit code 1 on any failure. A protected preview needs
// VERCEL_AUTOMATION_BYPASS_SECRET.
import { report, verify } from './lib/verify.ts';

const url = process.argv[2];
if (!url || !/^https?:\/\//.test(url)) {
  console.error('Usage: npm run verify -- <url>   (the deployment, e.g. https://you.example, or http://localhost:4321 for npm start)');
  process.exit(2);
}
const result = await verify(url);
process.stdout.write(report(result, new URL(url).origin));
process.exit(result.failures.length ? 1 : 0);
