import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 1100, height: 900 } });
await p.goto('file://' + process.argv[2]);
const imgs = await p.locator('figure img').all();
let i = 0;
for (const img of imgs) await img.screenshot({ path: `${process.argv[3]}-${i++}.png` });
await p.screenshot({ path: `${process.argv[3]}-top.png` });
await b.close();
