import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { serveFolder } from './static-server';

// `npm start`: build the extension, serve the pilot and fixture pages on loopback, and say what to open.
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}

console.log('Building the extension…');
const build = spawnSync('npx', ['wxt', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The extension did not build; see the errors above.');
  process.exit(build.status ?? 1);
}

const server = await serveFolder(join(root, 'tests/fixtures/pages'), port, '127.0.0.1').catch((e: NodeJS.ErrnoException) => {
  console.error(e.code === 'EADDRINUSE' ? `Port ${port} is in use: set PORT to another one, e.g. PORT=8788 npm start` : e.message);
  process.exit(1);
});

console.log(`
Floorwalker is ready.

  1. Load the extension: open chrome://extensions, turn on Developer mode, "Load unpacked", and pick
     ${join(root, '.output/chrome-mv3')}
  2. Open the Seller chat page:   ${server.url}/chat.html   (the overlay appears on the right)
     and a product page:         ${server.url}/product.html (hovers, scrolls and clicks are logged)
  3. See what was stored: the extension's options page (chrome://extensions → Floorwalker → Details → Extension options).

Press Ctrl+C to stop.`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
