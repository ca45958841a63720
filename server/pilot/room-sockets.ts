import type { Sql } from '../db/sql';

/**
 * The room's sockets on every instance (room_sockets): presence is read from here, and a Buyer window that takes the
 * seat finds the window it replaces here, on whichever instance that one is connected. Rows of an instance that is
 * gone are swept by the others (instance-lease.ts).
 */

export interface SocketRef {
  instance: string;
  conn: string;
}

/** A Buyer socket closed so that another can hold the seat: another window's (taken over) or the same page's earlier one. */
export interface Replaced extends SocketRef {
  why: 'taken-over' | 'replaced';
}

export type Registered = { ok: true; replaced: Replaced[] } | { ok: false };

/** Whether a Buyer socket of `window` would replace another window's (no window given: every Buyer socket is another's). */
const elsewhere = (held: string | null, window: string | undefined) => !window || held !== window;

/**
 * Sockets whose rows are still there but that are closed: this instance's own, closed a moment ago (their rows are
 * being deleted). Known to be gone, they are not in anyone's way.
 */
export type Closed = (ref: SocketRef) => boolean;

/** How many Buyer sockets of other windows are in the room now (asked before a hello changes anything). */
export async function buyerWindowsElsewhere(sql: Sql, roomId: string, window: string | undefined, closed: Closed): Promise<number> {
  const rows = await sql.query<{ instance_id: string; conn_id: string; window_id: string | null }>(
    "SELECT instance_id, conn_id, window_id FROM room_sockets WHERE room_id = $1 AND role = 'buyer'",
    [roomId],
  );
  return rows.filter((r) => elsewhere(r.window_id, window) && !closed({ instance: r.instance_id, conn: r.conn_id })).length;
}

/**
 * Adds a socket to its room. A Buyer's takes the room's one Buyer place: in one transaction, with the room locked, the
 * Buyer sockets already there are removed and returned (for their instances to close), unless one is another window's
 * and the hello did not ask to take over; then nothing changes (ok: false). Two windows saying hello at once on two
 * instances cannot both sit down.
 */
export async function registerSocket(
  sql: Sql,
  s: SocketRef & { roomId: string; role: 'seller' | 'buyer'; window: string | undefined; takeover: boolean },
  closed: Closed,
): Promise<Registered> {
  const insert = (tx: Sql) =>
    tx.query('INSERT INTO room_sockets (instance_id, conn_id, room_id, role, window_id) VALUES ($1, $2, $3, $4, $5)', [
      s.instance,
      s.conn,
      s.roomId,
      s.role,
      s.window ?? null,
    ]);
  if (s.role === 'seller') {
    await insert(sql);
    return { ok: true, replaced: [] };
  }
  return sql.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT id FROM rooms WHERE id = $1 FOR UPDATE', [s.roomId]);
    const held = await tx.query<{ instance_id: string; conn_id: string; window_id: string | null }>(
      "SELECT instance_id, conn_id, window_id FROM room_sockets WHERE room_id = $1 AND role = 'buyer'",
      [s.roomId],
    );
    const replaced = held
      .map((h) => ({
        instance: h.instance_id,
        conn: h.conn_id,
        why: elsewhere(h.window_id, s.window) ? ('taken-over' as const) : ('replaced' as const),
      }))
      .filter((r) => !closed(r));
    if (replaced.some((r) => r.why === 'taken-over') && !s.takeover) return { ok: false as const };
    await tx.query("DELETE FROM room_sockets WHERE room_id = $1 AND role = 'buyer'", [s.roomId]);
    await insert(tx);
    return { ok: true as const, replaced };
  });
}

export async function unregisterSocket(sql: Sql, s: SocketRef): Promise<void> {
  await sql.query('DELETE FROM room_sockets WHERE instance_id = $1 AND conn_id = $2', [s.instance, s.conn]);
}

/** Who is in the room now, on any instance. */
export async function presenceOf(sql: Sql, roomId: string): Promise<{ seller: boolean; buyer: boolean }> {
  const rows = await sql.query<{ role: string }>('SELECT DISTINCT role FROM room_sockets WHERE room_id = $1', [roomId]);
  return { seller: rows.some((r) => r.role === 'seller'), buyer: rows.some((r) => r.role === 'buyer') };
}
