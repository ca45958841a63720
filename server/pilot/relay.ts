import pg from 'pg';
import * as v from 'valibot';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';

/** The PostgreSQL channel on which instances tell each other what changed in a room. */
export const RELAY_CHANNEL = 'fw_rooms';
/** Backoff of the listening connection's reconnection, first and longest wait. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** A ping on the listening connection that takes longer than this counts as a dead connection. */
const PING_TIMEOUT_MS = 5_000;

const RoomId = v.pipe(v.string(), v.maxLength(200));
const ConnId = v.pipe(v.string(), v.maxLength(100));
const Role = v.picklist(['seller', 'buyer']);
const From = v.pipe(v.string(), v.maxLength(100));

/**
 * What one instance tells the others about a room. Small on purpose (a NOTIFY payload must stay under 8,000 bytes):
 * it names what changed and each instance reads the rest from the database, so what it sends its sockets is what
 * is stored, in `seq` order, whichever instance stored it.
 */
export const RelayMessageSchema = v.variant('t', [
  /** A message was stored: its chat item's seq (0 if none), the records it stored, whether the room's state changed. */
  v.object({
    t: v.literal('stored'),
    i: From,
    r: RoomId,
    s: v.pipe(v.number(), v.integer(), v.minValue(0)),
    rec: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(50)),
    v: v.boolean(),
  }),
  /** The room's state changed without a chat item (a Buyer seated with a code): views are sent again. */
  v.object({ t: v.literal('room'), i: From, r: RoomId }),
  /** A socket joined or left the room: each instance reads the room's presence and tells its sockets. */
  v.object({ t: v.literal('presence'), i: From, r: RoomId }),
  /** Someone started or stopped typing, on the socket `c`. */
  v.object({ t: v.literal('typing'), i: From, r: RoomId, c: ConnId, role: Role, on: v.boolean() }),
  /** A Buyer window took the seat over (or reconnected): the socket `c`, wherever it is, is closed. */
  v.object({ t: v.literal('kick'), i: From, r: RoomId, c: ConnId, why: v.picklist(['taken-over', 'replaced']) }),
]);
export type RelayMessage = v.InferOutput<typeof RelayMessageSchema>;
/** A message as its sender writes it (the relay adds which instance it is from). */
export type Relayed = RelayMessage extends infer M ? (M extends RelayMessage ? Omit<M, 'i'> : never) : never;

/** The listening connection's application_name in pg_stat_activity. */
export const relayApplicationName = (instance: string) => `fw-relay ${instance}`.slice(0, 63);

export interface RelayHandlers {
  /** A message from another instance (never this one's own). */
  message(m: RelayMessage): void;
  /** The listening connection is back after a drop: messages sent meanwhile were missed, so read the rooms again. */
  resync(): void;
}

/**
 * Tells the other instances what changed in a room. The instance that made the change serves its own sockets
 * itself; the relay is only for the others.
 */
export interface Relay {
  publish(m: Relayed): Promise<void>;
  /** Sent if and when `tx` commits, so the others hear of a stored item exactly when they can read it. */
  publishIn(tx: Sql, m: Relayed): Promise<void>;
  /** Checks the listening connection (one cut without a word is found here) and reconnects it if it is dead. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process (PGlite): there is no other instance to tell. (PGlite has LISTEN/NOTIFY, but only within its own
 * process, which the instance already serves directly.)
 */
export const singleProcessRelay: Relay = {
  publish: async () => undefined,
  publishIn: async () => undefined,
  check: async () => undefined,
  close: async () => undefined,
};

/**
 * The relay over PostgreSQL LISTEN/NOTIFY: NOTIFY through the server's pool (or inside the storing transaction),
 * LISTEN on a connection of its own, reconnected with backoff when it drops. After a reconnection `resync` is
 * called, since notifications sent while nobody listened are gone for good.
 */
export async function openPostgresRelay(url: string, pool: Sql, instance: string, h: RelayHandlers, log: Logger): Promise<Relay> {
  let client: pg.Client | null = null;
  let closing = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | null = null;

  const payload = (m: Relayed) => JSON.stringify({ ...m, i: instance });
  const receive = (raw: string | undefined) => {
    if (!raw) return;
    let parsed: v.SafeParseResult<typeof RelayMessageSchema>;
    try {
      parsed = v.safeParse(RelayMessageSchema, JSON.parse(raw));
    } catch {
      return log.warn('relay: payload is not JSON', { payload: raw.slice(0, 200) });
    }
    if (!parsed.success) return log.warn('relay: unknown message', { payload: raw.slice(0, 200) });
    if (parsed.output.i === instance) return;
    try {
      h.message(parsed.output);
    } catch (e) {
      log.error('relay: handling a message failed', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  const lost = (c: pg.Client, why: string) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closing) return;
    log.warn('relay: listening connection lost; reconnecting', { instance, reason: why });
    reconnect();
  };
  const connect = async () => {
    // Named, so an operator (or a test) can find it in pg_stat_activity.
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: relayApplicationName(instance) });
    c.on('notification', (n) => {
      if (n.channel === RELAY_CHANNEL) receive(n.payload);
    });
    c.on('error', (e) => lost(c, e.message));
    c.on('end', () => lost(c, 'connection ended'));
    try {
      await c.connect();
      await c.query(`LISTEN ${RELAY_CHANNEL}`);
    } catch (e) {
      c.end().catch(() => undefined);
      throw e;
    }
    client = c;
  };
  const reconnect = () => {
    if (closing || retry) return;
    const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempts++);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          attempts = 0;
          log.info('relay: listening again', { instance });
          h.resync();
        },
        (e: unknown) => {
          log.warn('relay: reconnection failed', { instance, error: e instanceof Error ? e.message : String(e) });
          reconnect();
        },
      );
    }, wait);
    retry.unref();
  };

  await connect();
  return {
    async publish(m) {
      try {
        await pool.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, payload(m)]);
      } catch (e) {
        // The others catch up with the room's next change, or when a socket of theirs reconnects.
        log.warn('relay: could not publish', { type: m.t, room: m.r, error: e instanceof Error ? e.message : String(e) });
      }
    },
    async publishIn(tx, m) {
      await tx.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, payload(m)]);
    },
    async check() {
      const c = client;
      if (!c) return;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          c.query('SELECT 1'),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS))),
        ]);
      } catch (e) {
        lost(c, e instanceof Error ? e.message : String(e));
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
