/**
 * The extension's icons (public/icon/<size>.png, which WXT lists in the manifest's `icons`), drawn from ICON_SVG by
 * the local Chromium: the stores need a 128×128 PNG in the package (Chrome: the art 96×96 with 16 px of transparent
 * padding). Run `npx tsx scripts/package/icons.ts` after changing the drawing; the PNGs are committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const ICON_SIZES = [16, 32, 48, 96, 128] as const;

/** A checklist tick in a speech bubble on a blue square, on a 128 grid with the art in the middle 96. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
  <rect x="16" y="16" width="96" height="96" rx="22" fill="#2f5bd3"/>
  <path d="M38 40h52a8 8 0 0 1 8 8v28a8 8 0 0 1-8 8H62l-14 12v-12h-10a8 8 0 0 1-8-8V48a8 8 0 0 1 8-8z" fill="#fff"/>
  <path d="M49 62l9 9 20-20" fill="none" stroke="#2f5bd3" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

const OUT_DIR = join(import.meta.dirname, '../../public/icon');

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await mkdir(OUT_DIR, { recursive: true });
    for (const size of ICON_SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${ICON_SVG}`,
      );
      await writeFile(join(OUT_DIR, `${size}.png`), await page.screenshot({ omitBackground: true }));
    }
  } finally {
    await browser.close();
  }
  console.info(`Wrote ${ICON_SIZES.map((s) => `public/icon/${s}.png`).join(', ')}`);
}

await main();
