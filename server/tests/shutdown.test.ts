import { request, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { startServer, type RunningServer } from '../start';
import { createApp } from '../app';
import { createLogger } from '../log';
import { Lifecycle } from '../lifecycle';
import { openPglite } from '../db/sql';
import { joinedSeller } from './harness';

/**
 * A POST whose body is sent in two parts, so the test decides when the request is in flight: the server has it
 * (and is waiting for the rest of the body) until `finish` is called.
 */
function twoPartPost(url: string, body: string, headers: Record<string, string>) {
  const req = request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
  });
  const answer = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** Waits until the server is handling `n` requests (it counts them once they are past the shutdown check). */
async function inFlight(server: RunningServer, n: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (server.inFlight() !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} requests in flight, have ${server.inFlight()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// Each test starts its own server (bundling the pilot pages, opening a database): more than the default 5 s on a busy machine.
describe('graceful shutdown', { timeout: 30_000 }, () => {
  it('finishes a batch in flight before closing, and takes no new connections', async () => {
    const server = await startServer(loadEnv({ PORT: '0', LOG_LEVEL: 'silent' }), { inMemory: true });
    const s = await joinedSeller({ url: server.url, admin: { Authorization: `Bearer ${server.adminToken}` } });
    const events = Array.from({ length: 1000 }, () => s.event());
    const batch = twoPartPost(`${server.url}/v1/events`, JSON.stringify({ events }), s.auth);
    await inFlight(server, 1); // the server has the request and is reading its body
    const closing = server.close();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow(); // no longer listening
    batch.finish();
    const r = await batch.answer;
    expect(r.status).toBe(200);
    expect((r.json as { accepted: string[] }).accepted).toHaveLength(1000);
    await closing;
  });

  it('cuts a request that does not finish within the shutdown timeout, and closes anyway', async () => {
    const server = await startServer(loadEnv({ PORT: '0', LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: '200' }), { inMemory: true });
    const s = await joinedSeller({ url: server.url, admin: { Authorization: `Bearer ${server.adminToken}` } });
    const stuck = twoPartPost(`${server.url}/v1/events`, JSON.stringify({ events: [s.event()] }), s.auth); // never finished
    await inFlight(server, 1);
    const t0 = Date.now();
    await server.close();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(Date.now() - t0).toBeLessThan(5_000);
    await expect(stuck.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('refuses writes once shutdown has begun, before reading them, and still answers reads', async () => {
    const sql = await openPglite(null);
    const lifecycle = new Lifecycle();
    const app = createApp({
      sql,
      log: createLogger('silent'),
      adminToken: 'admin-token-for-tests',
      extensionOrigins: [],
      ingestRatePerMinute: 10,
      lifecycle,
    });
    lifecycle.beginShutdown();
    const res = await app.request('/v1/events', {
      method: 'POST',
      body: '{"events": []}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ error: 'Server is restarting; retry shortly' });
    expect((await app.request('/healthz')).status).toBe(200);
    expect(await (await app.request('/readyz')).json()).toEqual({ ready: false, reason: 'shutting down' });
    expect(lifecycle.inFlight).toBe(0);
    await sql.close();
  });
});
