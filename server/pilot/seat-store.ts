import type { Sql } from '../db/sql';
import { ACCEPT_MODES, type AcceptRule } from '../../lib/simulator/preferences';

/**
 * Simulated Buyers' seats in the database (simulated_seats): what rebuilds a seat, and which instance runs it. The
 * seat's lease is its instance's (instance-lease.ts): when that instance's lease runs out, any other instance may
 * claim the seat and rebuild the Buyer from its seed and the room's stored items.
 */

/** What makes a simulated Buyer (with the room's persona and stored items): the same values give the same Buyer. */
export interface SeatParams {
  seed: number;
  mindChange: number;
  accept: AcceptRule['accept'];
}

export interface ClaimedSeat extends SeatParams {
  roomId: string;
  category: string;
}

/** How many seats one instance claims per heartbeat: after a crash, the instances still up share the seats it ran. */
export const SEATS_CLAIMED_PER_BEAT = 10;

export async function insertSeat(sql: Sql, roomId: string, category: string, p: SeatParams & { instance: string }): Promise<void> {
  await sql.query(
    'INSERT INTO simulated_seats (room_id, category, seed, mind_change, accept, instance_id) VALUES ($1, $2, $3, $4, $5, $6)',
    [roomId, category, p.seed, p.mindChange, p.accept, p.instance],
  );
}

/**
 * Takes up to `limit` seats that no live instance runs (released on shutdown, or run by an instance whose lease ran
 * out) for `instance`, in rooms whose Seller is connected (to any instance): a seat nobody talks to waits until its
 * Seller comes back, so rooms left behind are not run for nobody. `roomId` asks for that room's seat only (its Seller
 * has just joined). Rows another instance is claiming at the same moment are skipped: each seat goes to one instance.
 */
export async function claimSeats(sql: Sql, instance: string, limit = SEATS_CLAIMED_PER_BEAT, roomId?: string): Promise<ClaimedSeat[]> {
  const rows = await sql.query<{ room_id: string; category: string; seed: string | number; mind_change: number; accept: string }>(
    `UPDATE simulated_seats s SET instance_id = $1
     FROM (SELECT room_id FROM simulated_seats f
           WHERE f.ended_at IS NULL
             AND ($3::text IS NULL OR f.room_id = $3)
             AND (f.instance_id IS NULL
                  OR NOT EXISTS (SELECT 1 FROM server_instances i WHERE i.id = f.instance_id AND i.expires_at > now()))
             AND EXISTS (SELECT 1 FROM room_sockets k WHERE k.room_id = f.room_id AND k.role = 'seller')
           ORDER BY room_id LIMIT $2
           FOR UPDATE SKIP LOCKED) c
     WHERE s.room_id = c.room_id
     RETURNING s.room_id, s.category, s.seed, s.mind_change, s.accept`,
    [instance, limit, roomId ?? null],
  );
  return rows.map((r) => ({
    roomId: r.room_id,
    category: r.category,
    seed: Number(r.seed),
    mindChange: Number(r.mind_change),
    accept: (ACCEPT_MODES as readonly string[]).includes(r.accept) ? (r.accept as AcceptRule['accept']) : 'target',
  }));
}

/** The seat is done (its conversation ended, or it gave up): no instance rebuilds it. Only its own instance says so. */
export async function endSeat(sql: Sql, roomId: string, instance: string): Promise<void> {
  await sql.query('UPDATE simulated_seats SET ended_at = now() WHERE room_id = $1 AND instance_id = $2 AND ended_at IS NULL', [
    roomId,
    instance,
  ]);
}

/** Gives back every seat `instance` runs (shutting down, or found to have lost its lease): another claims them. */
export async function releaseSeats(sql: Sql, instance: string): Promise<void> {
  await sql.query('UPDATE simulated_seats SET instance_id = NULL WHERE instance_id = $1 AND ended_at IS NULL', [instance]);
}
