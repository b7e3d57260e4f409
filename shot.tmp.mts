import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const [, , path, width, scheme, out] = process.argv;
const p = await b.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: scheme as 'light' | 'dark' });
await p.goto(`http://127.0.0.1:4399${path}`);
await p.screenshot({ path: out, fullPage: process.argv[6] === 'full' });
await b.close();
