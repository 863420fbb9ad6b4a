// Renders the sale banner images that the brand catalogues name (every sale's creatives: src,
// width, height, alt) as small WebP files under web/public, with Debian's Chromium (canvas
// toDataURL('image/webp')). Run after `npm run build` (it reads the sdk's built catalogues):
//   node scripts/render-sale-banners.mjs
/* global Buffer, document -- Node's Buffer; the page's document inside page.evaluate */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { getBrand } from '@matchkit/sdk/brands';
import { CHROMIUM_PATH } from './services.mjs';

const PUBLIC = fileURLToPath(new URL('../example-app/web/public', import.meta.url));

const jobs = [];
for (const id of ['primary', 'secondary']) {
  const brand = getBrand(id);
  for (const sale of brand.sales) {
    for (const c of sale.creatives) {
      jobs.push({
        src: c.src,
        width: c.width,
        height: c.height,
        title: sale.salePageSections.title,
        line: c.alt,
        name: brand.displayName,
        colors: brand.colors,
      });
    }
  }
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const job of jobs) {
    const dataUrl = await page.evaluate((j) => {
      const canvas = document.createElement('canvas');
      canvas.width = j.width;
      canvas.height = j.height;
      const ctx = canvas.getContext('2d');
      const gradient = ctx.createLinearGradient(0, 0, j.width, j.height);
      gradient.addColorStop(0, j.colors.accent);
      gradient.addColorStop(1, '#10141c');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, j.width, j.height);
      ctx.fillStyle = 'rgba(255,255,255,0.08)';
      for (let i = 0; i < 6; i += 1) {
        ctx.beginPath();
        ctx.arc(j.width * (0.6 + i * 0.09), j.height * 0.5, j.height * (0.2 + i * 0.12), 0, Math.PI * 2);
        ctx.fill();
      }
      const base = Math.round(Math.min(j.width / 14, j.height / 5));
      ctx.fillStyle = '#ffffff';
      ctx.textBaseline = 'top';
      ctx.font = `600 ${Math.round(base * 0.5)}px sans-serif`;
      ctx.fillText(j.name, base * 0.6, base * 0.6);
      ctx.font = `700 ${base}px sans-serif`;
      const words = j.title.split(' ');
      let line = '';
      let y = base * 1.6;
      for (const w of words) {
        const next = line === '' ? w : `${line} ${w}`;
        if (ctx.measureText(next).width > j.width - base * 1.2 && line !== '') {
          ctx.fillText(line, base * 0.6, y);
          line = w;
          y += base * 1.15;
        } else line = next;
      }
      ctx.fillText(line, base * 0.6, y);
      ctx.font = `400 ${Math.round(base * 0.55)}px sans-serif`;
      ctx.fillText(`${j.line} · 18+`, base * 0.6, y + base * 1.4);
      return canvas.toDataURL('image/webp', 0.7);
    }, job);
    if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`Chromium did not encode WebP for ${job.src}`);
    const file = join(PUBLIC, job.src);
    mkdirSync(dirname(file), { recursive: true });
    const bytes = Buffer.from(dataUrl.slice('data:image/webp;base64,'.length), 'base64');
    writeFileSync(file, bytes);
    console.log(`${job.src}: ${job.width}×${job.height}, ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
