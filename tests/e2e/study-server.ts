import { createServer, request, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../../server/env';
import { startServer } from '../../server/start';
import type { FwEvent } from '../../lib/events/event-schema';

const ADMIN_TOKEN = 'test-admin-token-1234';
const ADMIN = { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` };

/** A real endpoint on a fresh database with one study and one Seller code; `cleanup` stops it and removes its data. */
export async function studyServer(cleanup: (() => Promise<void>)[], name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'fw-sync-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_TOKEN });
  const first = await startServer(env);
  cleanup.push(() => first.close()); // closing one already closed by the test is harmless
  const study = (await (
    await fetch(`${first.url}/v1/studies`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ name }) })
  ).json()) as { id: string };
  const { codes } = (await (
    await fetch(`${first.url}/v1/studies/${study.id}/participants`, { method: 'POST', headers: ADMIN, body: '{}' })
  ).json()) as { codes: { code: string }[] };
  return { env, first, study, code: codes[0]?.code ?? '' };
}

/** The study's events as a researcher downloads them (the server's JSON Lines export). */
export async function exportedEvents(serverUrl: string, study: string): Promise<FwEvent[]> {
  const res = await fetch(`${serverUrl}/v1/studies/${study}/export?format=jsonl`, { headers: ADMIN });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  return (await res.text())
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as FwEvent);
}

/** Clean-up steps for a describe block, run last first after its tests (servers before their data directories). */
export function useCleanup(): (() => Promise<void>)[] {
  const steps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of steps.reverse()) await fn().catch(() => undefined);
  });
  return steps;
}

/** A server on loopback only, on a port the system picks: the proxies tests put in front of the study server. */
export async function listenOnLoopback(handler: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Sends the request on to `upstream` and its answer back, unless `intercept` answers instead (it gets the upstream's
 * answer and returns true when it has). `body`: the request's body when the proxy has already read it.
 */
export function forward(
  upstream: string,
  req: IncomingMessage,
  res: ServerResponse,
  opts: { body?: Buffer; intercept?: (upRes: IncomingMessage) => boolean } = {},
): void {
  const up = request(`${upstream}${req.url}`, { method: req.method, headers: req.headers }, (upRes) => {
    if (opts.intercept?.(upRes)) return;
    res.writeHead(upRes.statusCode ?? 502, upRes.headers);
    upRes.pipe(res);
  });
  up.on('error', () => res.writeHead(502).end());
  if (opts.body) up.end(opts.body);
  else req.pipe(up);
}
