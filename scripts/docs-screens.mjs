// Writes the pictures of docs/app.md's "Screens" section: the first screen (1366 × 768) of each
// main page of the primary brand in the light theme, taken from the screenshot review's pictures
// (example-app/dist/screens/, written by example-app/e2e/review.ts), scaled to 1024 px wide and
// encoded as WebP by Debian's Chromium (canvas convertToBlob), each under 60 KB:
//   npm run test:e2e -- example-app/e2e/review.primary.test.ts   (after both builds)
//   npm run docs:screens
// and, for docs/admin.md, the admin console's pages of the primary brand as the admin browser test
// saves them (MATCHKIT_ADMIN_SCREENS=1, 1280 px wide, the whole page), their first 900 px
// (`npm run docs:screens -- admin`).
/* global Blob, Buffer, OffscreenCanvas, createImageBitmap, atob, btoa -- Node's Buffer; the page's APIs inside page.evaluate */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './services.mjs';

const SCREENS = fileURLToPath(new URL('../example-app/dist/screens', import.meta.url));
const DOCS = fileURLToPath(new URL('../docs/screens', import.meta.url));
const LIMIT_BYTES = 60 * 1024;
const WIDTH = 1024;
const FIRST_SCREEN = { width: 1366, height: 768 };

/** The main pages, by the review's route name (the primary brand's slugs), and the name of their picture. */
export const MAIN_PAGES = [
  ['home', 'landing'],
  ['dashboard', 'dashboard'],
  ['oddsmatching', 'oddsmatcher'],
  ['match-catcher', 'finder'],
  ['user-profit-tracker-advanced', 'profit-tracker'],
  ['calculator-pro', 'calculator'],
  ['pro', 'plans'],
  ['user-account', 'account'],
];

/** The admin console's pages (admin.ts's picture names), each with the name of its docs picture. */
export const ADMIN_PAGES = [
  ['members', 'admin-members'],
  ['member', 'admin-member'],
  ['commission', 'admin-commission'],
  ['affiliates', 'admin-affiliates'],
  ['content', 'admin-content'],
  ['analytics', 'admin-analytics'],
  ['audit', 'admin-audit'],
  ['operations', 'admin-operations'],
  ['sales', 'admin-sales'],
];

const admin = process.argv.includes('admin');
// Each picture: its source file, its docs name, and the part of the source taken (from the top).
const pictures = admin
  ? ADMIN_PAGES.map(([source, name]) => ({
      file: join(SCREENS, `admin-primary-${source}.png`),
      name,
      screen: { width: 1280, height: 900 },
    }))
  : MAIN_PAGES.map(([route, name]) => ({ file: join(SCREENS, `primary-${route}-1366-light.png`), name, screen: FIRST_SCREEN }));
const missing = pictures.map((p) => p.file).filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(
    admin
      ? `missing ${missing.join(', ')}: run the admin browser test first (MATCHKIT_ADMIN_SCREENS=1 npm run test:e2e -- example-app/e2e/admin.primary.test.ts)`
      : `missing ${missing.join(', ')}: run the screenshot review first (npm run test:e2e -- example-app/e2e/review.primary.test.ts)`,
  );
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  mkdirSync(DOCS, { recursive: true });
  for (const { file, name, screen } of pictures) {
    const png = readFileSync(file).toString('base64');
    const webp = await page.evaluate(
      async ({ base64, screen, width, limit }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const height = Math.min(bitmap.height, screen.height);
        const canvas = new OffscreenCanvas(width, Math.round((height * width) / screen.width));
        const context = canvas.getContext('2d');
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, screen.width, height, 0, 0, canvas.width, canvas.height);
        // The best quality under the limit.
        let blob;
        for (let quality = 0.9; quality > 0.2; quality -= 0.05) {
          blob = await canvas.convertToBlob({ type: 'image/webp', quality });
          if (blob.size <= limit) break;
        }
        const out = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (const b of out) text += String.fromCharCode(b);
        return btoa(text);
      },
      { base64: png, screen, width: WIDTH, limit: LIMIT_BYTES },
    );
    const bytes = Buffer.from(webp, 'base64');
    if (bytes.length > LIMIT_BYTES) throw new Error(`${name}.webp is ${bytes.length} bytes, over ${LIMIT_BYTES}`);
    writeFileSync(join(DOCS, `${name}.webp`), bytes);
    console.warn(`docs/screens/${name}.webp: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
