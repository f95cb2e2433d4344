// Draws the installed app's icons (public/icon-*.png) from the favicon with Debian's Chromium:
// `npx tsx apps/web/scripts/make-icons.ts`. Run it again when app/favicon.svg changes; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../e2e/support/browser.ts';

const svg = await readFile(new URL('../app/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
// 'any' icons are the favicon as it is; the maskable one keeps the mark inside the safe zone (the inner 80 %)
// on the brand's blue, since launchers cut it to a circle or a rounded square.
const icons = [
  { file: 'icon-192.png', size: 192, padding: 0, background: 'transparent' },
  { file: 'icon-512.png', size: 512, padding: 0, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, padding: 0.12, background: '#034ea2' },
];
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const inner = Math.round(icon.size * (1 - 2 * icon.padding));
  await page.setContent(
    `<body style="margin:0;background:${icon.background};display:grid;place-items:center;height:100vh">` +
      `<img alt="" width="${inner}" height="${inner}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body>`,
  );
  await page.screenshot({ path: new URL(`../public/${icon.file}`, import.meta.url).pathname, omitBackground: icon.background === 'transparent' });
  await page.close();
}
await browser.close();
