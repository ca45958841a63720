import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { loadEnvOrExit } from '../server/env';
import { startServer } from '../server/start';

// `npm start`: build the extension, start the collection endpoint (embedded PGlite in .data/ unless
// DATABASE_URL is set) with the pilot and fixture pages, and say what to open.
const root = resolve(import.meta.dirname, '..');
const env = loadEnvOrExit();

console.log('Building the extension…');
const build = spawnSync('npx', ['wxt', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The extension did not build; see the errors above.');
  process.exit(build.status ?? 1);
}

console.log('Building the chat library fixture pages…');
const fixturePages = spawnSync('npm', ['run', '--silent', 'fixtures'], { cwd: root, stdio: 'inherit' });
if (fixturePages.status !== 0) {
  console.error('The chat fixture pages did not build; see the errors above.');
  process.exit(fixturePages.status ?? 1);
}

const fixtures = join(root, 'tests/fixtures/pages');
const server = await startServer(env, {
  extend: (app) => {
    app.use('/fixtures/*', serveStatic({ root: fixtures, rewriteRequestPath: (p) => p.replace(/^\/fixtures/, '') }));
  },
}).catch((e: NodeJS.ErrnoException) => {
  console.error(
    e.code === 'EADDRINUSE'
      ? `Port ${env.PORT} is in use: set PORT to another one, e.g. PORT=8788 npm start`
      : `Could not start: ${e.message}`,
  );
  process.exit(1);
});

console.log(`
Floorwalker is ready.

  Collection endpoint: ${server.url}  (${server.sql.kind === 'pglite' ? `embedded database in ${join(env.DATA_DIR, 'pglite')}` : 'PostgreSQL'})
  Admin token:         ${server.adminTokenSource === 'environment' ? 'from ADMIN_TOKEN' : server.adminTokenSource === 'file' ? `in ${join(env.DATA_DIR, 'admin-token')} (the study CLI reads it there)` : `${server.adminToken} (just made; kept in ${join(env.DATA_DIR, 'admin-token')})`}

  1. Load the extension: open chrome://extensions, turn on Developer mode, "Load unpacked", and pick
     ${join(root, '.output/chrome-mv3')}
  2. Seller chat page:  ${server.url}/fixtures/chat.html    (the overlay appears on the right)
     Product page:      ${server.url}/fixtures/product.html (hovers, scrolls and clicks are logged)
     Shop pages:        ${server.url}/fixtures/shop/        (product pages in many styles, each with "Share to chat")
     Chat libraries:    ${server.url}/fixtures/chats/libs/chatui/ (also chatscope/, vue-advanced-chat/, deep-chat/, widget-srcdoc.html)
  3. Create a study:    npm run study -- create --name "Pilot" --condition B.IIc
     Issue codes:       npm run study -- codes <study id> --count 5
     Pilot chat:        ${server.url}/pilot  (a Seller opens a room with their code; the page shows the Buyer link)
  4. Stored events: the extension's options page (chrome://extensions → Floorwalker → Details → Extension options).

  A first pilot, step by step: README.md, "Your first pilot, in ten minutes".

Press Ctrl+C to stop.`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
