import Dexie from 'dexie';
import { SyncState, type FloorwalkerDb, type StoredEvent } from '../db/schema';
import { toEvent } from '../db/events';

/**
 * Uploads stored events to the study's collection endpoint. An event is marked synced only when the server
 * says it has it (accepted, or a duplicate of one it already stored); events the server refuses are set aside
 * with the reason, never resent in a loop. Failures back off exponentially with jitter, and a 429 or 503 is
 * retried when its Retry-After says. All state is in IndexedDB: the worker may stop between any two steps.
 */
export const SYNC_BATCH = 500;
export const SYNC_STATUS_KEY = 'sync';
export const SYNC_BASE_BACKOFF_MS = 2_000;
export const SYNC_MAX_BACKOFF_MS = 5 * 60_000;
export const SYNCED_RETENTION_DAYS = 30;

export interface SyncTarget {
  /** The endpoint's /v1/events URL. */
  url: string;
  token: string;
  study: string;
  participant: string;
}

export interface SyncStatus {
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  /** In plain words, for the popup; null once a sync succeeds. */
  lastError: string | null;
  nextAttemptAt: number | null;
  failures: number;
  uploaded: number;
  rejected: number;
}

export const EMPTY_SYNC_STATUS: SyncStatus = { lastAttemptAt: null, lastSuccessAt: null, lastError: null, nextAttemptAt: null, failures: 0, uploaded: 0, rejected: 0 };

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;

export async function readSyncStatus(db: FloorwalkerDb): Promise<SyncStatus> {
  const row = await db.settings.get(SYNC_STATUS_KEY);
  return { ...EMPTY_SYNC_STATUS, ...((row?.value as Partial<SyncStatus> | undefined) ?? {}) };
}

async function writeSyncStatus(db: FloorwalkerDb, status: SyncStatus): Promise<void> {
  await db.settings.put({ key: SYNC_STATUS_KEY, value: status });
}

/** The next batch of this participant's unsynced events, oldest first. */
async function nextBatch(db: FloorwalkerDb, target: SyncTarget): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  await db.events
    .where('[syncState+time]')
    .between([SyncState.pending, Dexie.minKey], [SyncState.pending, Dexie.maxKey])
    .until(() => out.length >= SYNC_BATCH)
    .each((e) => {
      if (e.study === target.study && e.participant === target.participant) out.push(e);
    });
  return out;
}

export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(SYNC_MAX_BACKOFF_MS, SYNC_BASE_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base / 2 + random() * (base / 2));
}

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export type SyncResult = { ok: true; uploaded: number; rejected: number } | { ok: false; error: string; retryAt: number };

/** Uploads until nothing is pending or a request fails. */
export async function syncOnce(db: FloorwalkerDb, target: SyncTarget, fetchFn: FetchLike, now: () => number = Date.now): Promise<SyncResult> {
  let status = await readSyncStatus(db);
  let uploaded = 0;
  let rejected = 0;
  for (;;) {
    const batch = await nextBatch(db, target);
    if (batch.length === 0) break;
    status = { ...status, lastAttemptAt: now() };
    let error: string | null = null;
    let retryAt: number | null = null;
    try {
      const res = await fetchFn(target.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${target.token}` },
        body: JSON.stringify({ events: batch.map(toEvent) }),
      });
      if (res.status === 200 || res.status === 422) {
        const body = (await res.json()) as { accepted?: string[]; duplicates?: string[]; rejected?: { id: string | null; error: string }[] };
        const have = [...(body.accepted ?? []), ...(body.duplicates ?? [])];
        const refused = (body.rejected ?? []).filter((r): r is { id: string; error: string } => typeof r.id === 'string');
        const at = now();
        await db.transaction('rw', db.events, async () => {
          await db.events.where('id').anyOf(have).modify({ syncState: SyncState.synced, syncedAt: at });
          for (const r of refused) await db.events.update(r.id, { syncState: SyncState.rejected, syncError: r.error });
        });
        if (have.length + refused.length === 0) error = 'The server acknowledged none of the events sent';
        uploaded += have.length;
        rejected += refused.length;
      } else if (res.status === 401 || res.status === 403) {
        error = 'The study no longer accepts this browser’s data: join the study again with your code';
      } else if (res.status === 429 || res.status === 503) {
        error = res.status === 429 ? 'The server asked to slow down' : 'The server is restarting';
        const wait = retryAfterMs(res.headers.get('Retry-After'), now());
        if (wait !== null) retryAt = now() + wait;
      } else if (res.status >= 500) {
        error = `The study server had a problem (HTTP ${res.status}); your events are kept and will be sent later`;
      } else {
        error = `The study server refused the upload (HTTP ${res.status})`;
      }
    } catch (e) {
      error = `Could not reach the server (${e instanceof Error ? e.message : String(e)})`;
    }
    if (error) {
      const failures = status.failures + 1;
      const at = retryAt ?? now() + backoffMs(failures);
      await writeSyncStatus(db, { ...status, failures, lastError: error, nextAttemptAt: at, uploaded: status.uploaded + uploaded, rejected: status.rejected + rejected });
      return { ok: false, error, retryAt: at };
    }
  }
  await writeSyncStatus(db, { ...status, failures: 0, lastError: null, nextAttemptAt: null, lastSuccessAt: now(), uploaded: status.uploaded + uploaded, rejected: status.rejected + rejected });
  return { ok: true, uploaded, rejected };
}

/** Whether the schedule says to try now (no backoff pending). */
export async function syncDue(db: FloorwalkerDb, now = Date.now()): Promise<boolean> {
  const s = await readSyncStatus(db);
  return s.nextAttemptAt === null || s.nextAttemptAt <= now;
}

/** Removes synced events older than the retention period; the server has them. */
export async function pruneSynced(db: FloorwalkerDb, retentionDays = SYNCED_RETENTION_DAYS, now = Date.now()): Promise<number> {
  const cutoff = now - retentionDays * 86_400_000;
  return db.events.where('[syncState+time]').between([SyncState.synced, Dexie.minKey], [SyncState.synced, cutoff]).delete();
}
