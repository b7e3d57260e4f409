// Writes vercel.json from the route table and the static-files header table
// (src/builder/vercel-config.ts). Run after adding a route: `npm run vercel:json`.
import { readFileSync, writeFileSync } from 'node:fs';
import { ROUTES } from '../src/server/routes.ts';
import { vercelJsonText } from '../src/builder/vercel-config.ts';

const text = vercelJsonText(ROUTES);
let current = '';
try {
  current = readFileSync('vercel.json', 'utf8');
} catch {}
if (current === text) console.log('vercel.json is up to date');
else {
  writeFileSync('vercel.json', text);
  console.log('vercel.json written');
}
