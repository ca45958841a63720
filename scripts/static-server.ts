import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves a folder on loopback; used by `npm start` for the fixture pages and by the end-to-end tests. */
export async function serveFolder(root: string, port = 0, host = '127.0.0.1'): Promise<StaticServer> {
  const base = resolve(root);
  const server: Server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) throw Object.assign(new Error('outside root'), { status: 403 });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      // A page can come with its own response headers (e.g. a strict Content-Security-Policy) in <file>.headers.json.
      const extra = JSON.parse(await readFile(`${file}.headers.json`, 'utf8').catch(() => '{}')) as Record<string, string>;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...extra });
      res.end(body);
    } catch (e) {
      const status = (e as { status?: number }).status ?? 404;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 404 ? 'Not found' : 'Forbidden');
    }
  });
  await new Promise<void>((r) => server.listen(port, host, r));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
