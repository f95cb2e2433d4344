import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: Number(process.argv[3] ?? 1280), height: Number(process.argv[5] ?? 1400) } });
await p.goto(process.argv[2]);
if (process.argv[6]) await p.locator(process.argv[6]).scrollIntoViewIfNeeded();
await p.screenshot({ path: process.argv[4] ?? '/tmp/shot.png' });
await b.close();
