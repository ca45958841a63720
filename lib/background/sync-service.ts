import type { FloorwalkerDb } from '../db/schema';
import { SyncState } from '../db/schema';
import { loadSettings } from '../db/settings';
import { pruneSynced, readSyncStatus, syncDue, syncOnce, type FetchLike, type SyncResult, type SyncStatus } from '../sync/uploader';

/** After events are written, upload them this soon (the alarm is the safety net if the worker stops first). */
export const SYNC_SOON_MS = 3_000;
export const SYNC_ALARM = 'fw-sync';
export const SYNC_ALARM_MINUTES = 1;

export interface SyncOverview {
  joined: boolean;
  study: string;
  studyName: string | null;
  endpoint: string | null;
  pending: number;
  rejected: number;
  status: SyncStatus;
}

/**
 * Runs the uploader for the joined study: one run at a time, when the backoff allows (or when forced by "Sync
 * now"). The in-memory timer only brings the next run forward; the alarm runs it even if the worker restarted.
 */
export function createSyncService(db: FloorwalkerDb, fetchFn: FetchLike) {
  let running: Promise<SyncResult | null> | null = null;
  let soon: ReturnType<typeof setTimeout> | null = null;

  function run(force = false): Promise<SyncResult | null> {
    running ??= (async () => {
      const s = await loadSettings(db);
      if (!s.endpoint) return null;
      if (!force && !(await syncDue(db))) return null;
      const r = await syncOnce(db, { url: s.endpoint.eventsUrl, token: s.endpoint.token, study: s.study, participant: s.participant }, fetchFn);
      if (r.ok) await pruneSynced(db);
      return r;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    run,
    soon(delay = SYNC_SOON_MS): void {
      if (soon) return;
      soon = setTimeout(() => {
        soon = null;
        void run().catch(() => undefined);
      }, delay);
    },
    async overview(): Promise<SyncOverview> {
      const [s, status, pending, rejected] = await Promise.all([
        loadSettings(db),
        readSyncStatus(db),
        db.events.where('syncState').equals(SyncState.pending).count(),
        db.events.where('syncState').equals(SyncState.rejected).count(),
      ]);
      return { joined: !!s.endpoint, study: s.study, studyName: s.endpoint?.studyName ?? null, endpoint: s.endpoint?.base ?? null, pending, rejected, status };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
