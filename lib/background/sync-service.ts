import type { FloorwalkerDb } from '../db/database';
import { loadSettings } from '../db/settings';
import { pruneSynced, readSyncStatus, syncDue, syncOnce, type SyncResult, type UploadFetchLike } from '../sync/uploader';
import type { SyncOverview } from '../rpc/types';
import { countQueue, readRejections } from '../db/outbox';

/** After events are written, upload them this soon (the alarm is the safety net if the worker stops first). */
export const SYNC_SOON_MS = 3_000;
export const SYNC_ALARM = 'fw-sync';
export const SYNC_ALARM_MINUTES = 1;

/**
 * Runs the uploader for the joined study: one run at a time, when the backoff allows (or when forced by "Sync
 * now"). The in-memory timer only brings the next run forward; the alarm runs it even if the worker restarted.
 */
export function createSyncService(db: FloorwalkerDb, fetchFn: UploadFetchLike) {
  let running: Promise<SyncResult | null> | null = null;
  let soon: ReturnType<typeof setTimeout> | null = null;

  function run(force = false): Promise<SyncResult | null> {
    running ??= (async () => {
      const s = await loadSettings(db);
      if (!s.endpoint) return null;
      if (!force && !(await syncDue(db))) return null;
      const r = await syncOnce(
        db,
        { url: s.endpoint.eventsUrl, token: s.endpoint.token, study: s.study, participant: s.participant },
        fetchFn,
      );
      if (r.ok) await pruneSynced(db);
      // Try again when the backoff says, if the worker is still running then (else the alarm does): a search for an
      // event the server fails on takes a few attempts, which should not wait a minute each.
      else schedule(Math.max(0, r.retryAt - Date.now()));
      return r;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  let soonAt = 0;
  /** One timer: a run asked for sooner than the one already set (new events, joining) moves it forward. */
  function schedule(delay: number): void {
    const at = Date.now() + delay;
    if (soon) {
      if (soonAt <= at) return;
      clearTimeout(soon);
    }
    soonAt = at;
    soon = setTimeout(() => {
      soon = null;
      void run().catch(() => undefined);
    }, delay);
  }

  return {
    run,
    soon(delay = SYNC_SOON_MS): void {
      schedule(delay);
    },
    async overview(): Promise<SyncOverview> {
      const s = await loadSettings(db);
      const [status, pending, { rejected, lastRejection }] = await Promise.all([
        readSyncStatus(db),
        // Waiting means waiting for this study's upload: events logged outside it (before joining, after leaving) never go.
        s.endpoint ? countQueue(db, { study: s.study, participant: s.participant }) : 0,
        readRejections(db),
      ]);
      return {
        joined: !!s.endpoint,
        study: s.study,
        studyName: s.endpoint?.studyName ?? null,
        endpoint: s.endpoint?.base ?? null,
        pending,
        rejected,
        lastRejection,
        status,
      };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
