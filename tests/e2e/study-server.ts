import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../../server/env';
import { startServer } from '../../server/start';
import type { FwEvent } from '../../lib/events/schema';

const ADMIN_TOKEN = 'test-admin-token-1234';
const ADMIN = { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` };

/** A real endpoint on a fresh database with one study and one Seller code; `cleanup` removes its data afterwards. */
export async function studyServer(cleanup: (() => Promise<void>)[], name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'fw-sync-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_TOKEN });
  const first = await startServer(env);
  const study = (await (await fetch(`${first.url}/v1/studies`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ name }) })).json()) as { id: string };
  const { codes } = (await (await fetch(`${first.url}/v1/studies/${study.id}/participants`, { method: 'POST', headers: ADMIN, body: '{}' })).json()) as { codes: { code: string }[] };
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
