import * as v from 'valibot';
import { type FloorwalkerDb, type OutboxKey, type StoredEvent } from '../db/database';
import { toEvent } from '../db/events';
import { countQueue, eventsOf, readQueue, settle, stillPending } from '../db/outbox';
import { SYNC_MAX_IN_FLIGHT, addToBatch, batchBody, batchSizeFor, emptyBatch, encodeBody, type UploadBatch } from './upload-batch';

/**
 * Uploads stored events to the study's collection endpoint, reading them in the order of their outbox rows
 * (lib/db/outbox.ts). An event leaves the outbox (is synced) only when the server
 * says it has it (accepted, or a duplicate of one it already stored); events the server refuses are set aside
 * with the reason, never resent in a loop, and so is an event the server keeps failing on while it takes others
 * (see below), so one event never blocks the queue. Failures back off exponentially with jitter, and a 429 or 503 is
 * retried when its Retry-After says. All state is in IndexedDB: the worker may stop between any two steps.
 *
 * A backlog goes up as several gzipped requests in flight at once (lib/sync/upload-batch.ts). Exactly-once holds
 * because the requests in flight hold disjoint events, the server keeps each event once by id, and each answer
 * takes out of the outbox only the events it names, in one IndexedDB transaction: deleting small outbox rows, not
 * rewriting event rows and their indexes, which was most of an upload's time.
 */
export const SYNC_STATUS_KEY = 'sync';
export const SYNC_BASE_BACKOFF_MS = 2_000;
export const SYNC_MAX_BACKOFF_MS = 5 * 60_000;
export const SYNCED_RETENTION_DAYS = 30;
/**
 * The last event the server acknowledged for this study and participant: the control request of the search for an
 * event the server fails on sends it again (the server answers "duplicate" after the same validation and write).
 */
export const SYNC_LAST_ACK_KEY = 'syncLastAck';

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

export const EMPTY_SYNC_STATUS: SyncStatus = {
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastError: null,
  nextAttemptAt: null,
  failures: 0,
  uploaded: 0,
  rejected: 0,
};

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;

/** The uploader's fetch: its bodies may be gzipped bytes. */
export type UploadFetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> },
) => ReturnType<FetchLike>;

/** How a run cuts and sends its requests; tests narrow it to watch one request at a time. */
export interface UploadPolicy {
  maxInFlight: number;
  batchSize: (backlog: number, maxInFlight: number) => number;
}
export const DEFAULT_UPLOAD_POLICY: UploadPolicy = { maxInFlight: SYNC_MAX_IN_FLIGHT, batchSize: batchSizeFor };

export async function readSyncStatus(db: FloorwalkerDb): Promise<SyncStatus> {
  const row = await db.settings.get(SYNC_STATUS_KEY);
  return { ...EMPTY_SYNC_STATUS, ...((row?.value as Partial<SyncStatus> | undefined) ?? {}) };
}

async function writeSyncStatus(db: FloorwalkerDb, status: SyncStatus): Promise<void> {
  await db.settings.put({ key: SYNC_STATUS_KEY, value: status });
}

/** Whether an event (or a saved search) is this upload target's: its study and participant. */
const belongsTo = (target: SyncTarget, x: { study: string; participant: string }) =>
  x.study === target.study && x.participant === target.participant;

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

/*
 * One event the server cannot take (its database fails on it, say) must not hold back every event after it. A batch
 * that fails with a 5xx SYNC_SPLIT_AFTER_FAILURES times in a row becomes the suspect, and is narrowed down by halves:
 * the first half is sent; if it goes through, the second half is sent and becomes the suspect if it fails; if the
 * first half fails, it becomes the suspect only when a control request without it goes through (one event the server
 * already has, sent again, else another waiting event). The rule that tells one bad event from a server that is down:
 *
 *   an event is set aside only after it has failed alone SYNC_SET_ASIDE_STRIKES times, each time while a request
 *   without it went through right after (or right before: the other half).
 *
 * A server that fails on everything fails the control too: nothing is narrowed or set aside, and the run stops with
 * the usual backoff, after at most two requests. A flaky server would have to fail the same event alone several
 * times while answering the request next to it, which chance hardly ever does. A network error (fetch throws), a 429
 * or a 503 ("restarting", with its Retry-After) is never evidence against an event. The suspect is kept in IndexedDB
 * (SYNC_SUSPECT_KEY), so a worker stopped mid-search picks it up where it was.
 */
export const SYNC_SUSPECT_KEY = 'syncSuspect';
/** A batch that fails with a 5xx this many times in a row is searched for the event the server fails on. */
export const SYNC_SPLIT_AFTER_FAILURES = 2;
/** Times an event must fail alone, each time while a request without it succeeded, before it is set aside. */
export const SYNC_SET_ASIDE_STRIKES = 5;

const LastAckSchema = v.object({ study: v.string(), participant: v.string(), id: v.string() });

const SyncSuspectSchema = v.object({
  study: v.string(),
  participant: v.string(),
  /** Pending events a request failed on as a whole, oldest first. */
  ids: v.array(v.string()),
  /** 5xx answers in a row for a batch starting with ids[0]; at SYNC_SPLIT_AFTER_FAILURES the suspect is narrowed. */
  failures: v.number(),
  /** The last 5xx status, for the reason given when an event is set aside. */
  status: v.number(),
  /** For a single suspect event: times it failed alone while a request without it succeeded. */
  strikes: v.number(),
});
export type SyncSuspect = v.InferOutput<typeof SyncSuspectSchema>;

export async function readSuspect(db: FloorwalkerDb, target: SyncTarget): Promise<SyncSuspect | null> {
  const parsed = v.safeParse(SyncSuspectSchema, (await db.settings.get(SYNC_SUSPECT_KEY))?.value);
  // Another study's or participant's search (before joining again) says nothing about this queue.
  return parsed.success && belongsTo(target, parsed.output) ? parsed.output : null;
}

/** Why an event was set aside, in plain words, for the popup and the options page. */
export function setAsideReason(strikes: number, status: number): string {
  return `The server failed on this event ${strikes} times (HTTP ${status}) while it accepted others`;
}

const serverProblem = (status: number) => `The study server had a problem (HTTP ${status}); your events are kept and will be sent later`;

/** What one upload request came to. */
type Outcome =
  /** The server answered for the events (stored, duplicates, or refused with a reason); the answer is applied. */
  | { kind: 'answered' }
  /** A 5xx that may be caused by what was sent. */
  | { kind: 'server-error'; status: number }
  /** Anything that says nothing about the events sent: no network, a refused token, "slow down", "restarting". */
  | { kind: 'failed'; error: string; retryAt: number | null };

type Stop = { error: string; retryAt: number | null };

/** A request of a run that was not answered: its place in the run, what came back, and what it held. */
type Failed = { seq: number; outcome: Exclude<Outcome, { kind: 'answered' }>; batch: UploadBatch };

/** Uploads until nothing is pending or a request fails. */
export async function syncOnce(
  db: FloorwalkerDb,
  target: SyncTarget,
  fetchFn: UploadFetchLike,
  now: () => number = Date.now,
  policy: UploadPolicy = DEFAULT_UPLOAD_POLICY,
): Promise<SyncResult> {
  let status = await readSyncStatus(db);
  let uploaded = 0;
  let rejected = 0;
  const writeSuspect = (s: Omit<SyncSuspect, 'study' | 'participant'>) =>
    db.settings.put({ key: SYNC_SUSPECT_KEY, value: { study: target.study, participant: target.participant, ...s } });
  const clearSuspect = () => db.settings.delete(SYNC_SUSPECT_KEY);

  async function post(batch: readonly StoredEvent[], text = JSON.stringify({ events: batch.map(toEvent) })): Promise<Outcome> {
    status = { ...status, lastAttemptAt: now() };
    try {
      const { body, headers } = await encodeBody(text);
      const res = await fetchFn(target.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${target.token}`, ...headers },
        body,
      });
      if (res.status === 200 || res.status === 422) {
        const body = (await res.json()) as {
          accepted?: string[];
          duplicates?: string[];
          rejected?: { id: string | null; error: string }[];
        };
        const have = [...(body.accepted ?? []), ...(body.duplicates ?? [])];
        const refused = (body.rejected ?? []).filter((r): r is { id: string; error: string } => typeof r.id === 'string');
        if (have.length + refused.length === 0)
          return { kind: 'failed', error: 'The server acknowledged none of the events sent', retryAt: null };
        const byId = new Map(batch.map((e) => [e.id, e]));
        const done = have.flatMap((id) => byId.get(id) ?? []);
        const set = refused.flatMap((r) => {
          const event = byId.get(r.id);
          return event ? [{ event, error: r.error }] : [];
        });
        // In bulk, one transaction per answer: outbox rows deleted, and only refused events (rare) rewritten. The
        // events table is in the transaction only then: a write lock on it would hold up the next batch's read.
        const scope = set.length > 0 ? [db.outbox, db.events, db.settings] : [db.outbox, db.settings];
        await db.transaction('rw', scope, async () => {
          const n = await settle(db, done, set, now());
          uploaded += n.uploaded;
          rejected += n.rejected;
          const last = done.at(-1);
          if (last)
            await db.settings.put({ key: SYNC_LAST_ACK_KEY, value: { study: target.study, participant: target.participant, id: last.id } });
        });
        return { kind: 'answered' };
      }
      if (res.status === 401 || res.status === 403)
        return {
          kind: 'failed',
          error: 'The study no longer accepts this browser’s data: join the study again with your code',
          retryAt: null,
        };
      if (res.status === 429 || res.status === 503) {
        const wait = retryAfterMs(res.headers.get('Retry-After'), now());
        return {
          kind: 'failed',
          error: res.status === 429 ? 'The server asked to slow down' : 'The server is restarting',
          retryAt: wait === null ? null : now() + wait,
        };
      }
      if (res.status >= 500) return { kind: 'server-error', status: res.status };
      return { kind: 'failed', error: `The study server refused the upload (HTTP ${res.status})`, retryAt: null };
    } catch (e) {
      return { kind: 'failed', error: `Could not reach the server (${e instanceof Error ? e.message : String(e)})`, retryAt: null };
    }
  }
  const stopOn = (o: Exclude<Outcome, { kind: 'answered' }>): Stop =>
    o.kind === 'failed' ? { error: o.error, retryAt: o.retryAt } : { error: serverProblem(o.status), retryAt: null };

  /** The suspect is down to these events, which failed together while a request without them succeeded. */
  async function narrowTo(events: readonly StoredEvent[], failedStatus: number): Promise<void> {
    const strikes = events.length === 1 ? 1 : 0;
    await writeSuspect({ ids: events.map((e) => e.id), failures: SYNC_SPLIT_AFTER_FAILURES, status: failedStatus, strikes });
    const [only] = events;
    if (only && strikes >= SYNC_SET_ASIDE_STRIKES) await setAside(only, strikes, failedStatus);
  }

  async function setAside(e: StoredEvent, strikes: number, failedStatus: number): Promise<void> {
    await db.transaction('rw', db.outbox, db.events, db.settings, async () => {
      rejected += (await settle(db, [], [{ event: e, error: setAsideReason(strikes, failedStatus) }], now())).rejected;
      await clearSuspect();
    });
  }

  /** One step of the search: null to go on, or why this run stops. */
  async function narrow(suspect: SyncSuspect): Promise<Stop | null> {
    const rows = (await db.events.bulkGet(suspect.ids)).filter((e): e is StoredEvent => e !== undefined);
    const pending = await stillPending(db, rows);
    const events = rows.filter((e) => pending.has(e.id));
    const [first] = events;
    if (!first) {
      await clearSuspect();
      return null;
    }
    if (events.length === 1) {
      const alone = await post(events);
      if (alone.kind === 'answered') {
        await clearSuspect();
        return null;
      }
      if (alone.kind === 'failed') return stopOn(alone);
      if (!(await othersGoThrough(events))) return stopOn(alone);
      const strikes = suspect.strikes + 1;
      if (strikes >= SYNC_SET_ASIDE_STRIKES) await setAside(first, strikes, alone.status);
      else await writeSuspect({ ids: [first.id], failures: SYNC_SPLIT_AFTER_FAILURES, status: alone.status, strikes });
      return null;
    }
    const half = Math.ceil(events.length / 2);
    const a = events.slice(0, half);
    const b = events.slice(half);
    const oa = await post(a);
    if (oa.kind === 'failed') return stopOn(oa);
    if (oa.kind === 'server-error') {
      // The first half failed: it holds an event the server fails on if, and only if, a request without it succeeds.
      if (!(await othersGoThrough(a))) return stopOn(oa);
      await narrowTo(a, oa.status); // the second half goes up later, by the usual batches
      return null;
    }
    // The first half went through (so the server works): the second half is the suspect if it fails on its own.
    const ob = await post(b);
    if (ob.kind === 'failed') return stopOn(ob);
    if (ob.kind === 'answered')
      await clearSuspect(); // both went through: the failures were the server's, not the events'
    else await narrowTo(b, ob.status);
    return null;
  }

  /**
   * Sends a control request without `failed`: one event the server already has (it answers "duplicate" after the
   * same validation and database write), else the oldest other pending event. False when it fails too, or when there
   * is nothing to send: then the server may be failing on everything, and nothing is held against the events.
   */
  async function othersGoThrough(failed: readonly StoredEvent[]): Promise<boolean> {
    const ids = new Set(failed.map((e) => e.id));
    const other = (await lastAcknowledged()) ?? (await oldestPendingBut(ids));
    return other !== undefined && (await post([other])).kind === 'answered';
  }

  /** The last event of this queue the server acknowledged, if it is still stored (and so not pending: it was synced). */
  async function lastAcknowledged(): Promise<StoredEvent | undefined> {
    const parsed = v.safeParse(LastAckSchema, (await db.settings.get(SYNC_LAST_ACK_KEY))?.value);
    if (!parsed.success || !belongsTo(target, parsed.output)) return undefined;
    const e = await db.events.get(parsed.output.id);
    return e && e.rejectedAt === undefined && !(await stillPending(db, [e])).has(e.id) ? e : undefined;
  }

  /** The oldest pending event of this queue that is not one of `ids`. */
  async function oldestPendingBut(ids: ReadonlySet<string>): Promise<StoredEvent | undefined> {
    const row = (await readQueue(db, target, null, ids.size + 1)).find((r) => !ids.has(r.id));
    return row && (await db.events.get(row.id));
  }

  /**
   * Sends the pending events, several requests in flight (one while a suspect is being watched, so its failures
   * count as before). The requests hold disjoint events: batches are cut one at a time, each from where the last
   * ended, skipping what this run already sent. Stops at the first request that is not answered, after the others
   * in flight have been answered and applied; the oldest such batch says why, and becomes the suspect on a 5xx.
   * Passes repeat while they upload something, so events logged during a pass, or left unacknowledged, go too.
   */
  async function uploadAll(suspect: SyncSuspect | null): Promise<Stop | null> {
    const maxInFlight = suspect ? 1 : Math.max(1, policy.maxInFlight);
    for (;;) {
      const sent = new Set<string>();
      // Sized once per pass from this queue's backlog.
      const size = policy.batchSize(await countQueue(db, target), maxInFlight);
      const before = uploaded + rejected;
      let seq = 0;
      const run: { failed: Failed | null } = { failed: null };
      let cutting = Promise.resolve();
      // Where the reading stands: the outbox key of the last event put in a batch (keys are unique, so no event is
      // read into two batches). Each read is one getAll of outbox rows and, in a backlog, one of their events.
      let after: OutboxKey | null = null;
      /** The next batch, cut after the previous one (cuts run one at a time so no event is in two requests). */
      const cut = (): Promise<{ seq: number; batch: UploadBatch }> => {
        const next = cutting.then(async () => {
          const batch = emptyBatch();
          for (;;) {
            const limit = size - batch.events.length;
            const rows = await readQueue(db, target, after, limit);
            const events = await eventsOf(db, rows);
            let full = false;
            for (const [i, row] of rows.entries()) {
              const e = events[i];
              if (e && !addToBatch(batch, e, size)) {
                full = true;
                break;
              }
              // An outbox row without its event cannot happen (both are written and cleared together); if it did, the
              // row is skipped here and stays, harmless.
              after = [row.study, row.participant, row.time, row.id];
            }
            if (full || rows.length < limit || batch.events.length >= size) break;
          }
          for (const e of batch.events) sent.add(e.id);
          return { seq: seq++, batch };
        });
        cutting = next.then(() => undefined);
        return next;
      };
      const keepOldest = (f: Failed) => {
        if (!run.failed || f.seq < run.failed.seq) run.failed = f;
      };
      // After a failed run (a day offline, a server down) the first request goes alone: a server still down is asked
      // once, not SYNC_MAX_IN_FLIGHT times; once it answers, the other lanes start.
      let probed: () => void = () => undefined;
      const probe = status.failures > 0 ? new Promise<void>((r) => (probed = r)) : Promise.resolve();
      const lane = async (_: unknown, i: number) => {
        if (i > 0) await probe;
        try {
          while (!run.failed) {
            const { seq: n, batch } = await cut();
            if (batch.events.length === 0 || run.failed) return;
            const o = await post(batch.events, batchBody(batch));
            if (o.kind !== 'answered') keepOldest({ seq: n, outcome: o, batch });
            probed();
          }
        } finally {
          probed(); // the first lane found nothing to send, or stopped: the others need not wait
        }
      };
      await Promise.all(Array.from({ length: maxInFlight }, lane));
      const f = run.failed;
      if (f) {
        const [head] = f.batch.events;
        if (f.outcome.kind === 'server-error' && head) {
          // The same batch failing again (its oldest event unchanged) counts toward narrowing it down.
          const failures = suspect?.ids[0] === head.id ? suspect.failures + 1 : 1;
          await writeSuspect({ ids: f.batch.events.map((e) => e.id), failures, status: f.outcome.status, strikes: 0 });
        }
        return stopOn(f.outcome);
      }
      if (suspect) {
        await clearSuspect();
        suspect = null;
      }
      if (sent.size === 0 || uploaded + rejected === before) return null;
    }
  }

  let stop: Stop | null;
  for (;;) {
    const suspect = await readSuspect(db, target);
    if (suspect && suspect.failures >= SYNC_SPLIT_AFTER_FAILURES) {
      stop = await narrow(suspect);
      if (stop) break;
      continue;
    }
    stop = await uploadAll(suspect);
    break;
  }
  if (stop) {
    const failures = status.failures + 1;
    const at = stop.retryAt ?? now() + backoffMs(failures);
    await writeSyncStatus(db, {
      ...status,
      failures,
      lastError: stop.error,
      nextAttemptAt: at,
      uploaded: status.uploaded + uploaded,
      rejected: status.rejected + rejected,
    });
    return { ok: false, error: stop.error, retryAt: at };
  }
  await writeSyncStatus(db, {
    ...status,
    failures: 0,
    lastError: null,
    nextAttemptAt: null,
    lastSuccessAt: now(),
    uploaded: status.uploaded + uploaded,
    rejected: status.rejected + rejected,
  });
  return { ok: true, uploaded, rejected };
}

/** Whether the schedule says to try now (no backoff pending). */
export async function syncDue(db: FloorwalkerDb, now = Date.now()): Promise<boolean> {
  const s = await readSyncStatus(db);
  return s.nextAttemptAt === null || s.nextAttemptAt <= now;
}

/**
 * Removes synced events older than the retention period; the server has them. Pending events (in the outbox) and
 * refused ones stay. The outbox is read whole, as keys: after a successful run it holds only what no study takes.
 */
export async function pruneSynced(db: FloorwalkerDb, retentionDays = SYNCED_RETENTION_DAYS, now = Date.now()): Promise<number> {
  const cutoff = now - retentionDays * 86_400_000;
  return db.transaction('rw', db.events, db.outbox, async () => {
    const old = await db.events.where('time').below(cutoff).primaryKeys();
    if (old.length === 0) return 0;
    const [queued, refused] = await Promise.all([db.outbox.toCollection().primaryKeys(), db.events.orderBy('rejectedAt').primaryKeys()]);
    const keep = new Set<string>([...queued.map((k) => k[3]), ...refused]);
    const gone = old.filter((id) => !keep.has(id));
    await db.events.bulkDelete(gone);
    return gone.length;
  });
}
