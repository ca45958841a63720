import type { Sql } from '../db/sql';
import type { Logger } from '../log';
import type { ServerCatalog } from '../catalog';
import { getStudy, hashToken, type Study } from '../studies';
import { DEFAULT_COACHING_SCHEMA } from '../../lib/coach/default-schema';
import { parseCoachingSchema, type CoachingSchema } from '../../lib/coach/coaching-schema';
import type { ChatItem } from '../../lib/pilot/protocol';
import { itemsSince, newRoomKey, roomById } from './rooms';
import { claimSeats, endSeat, type ClaimedSeat, type SeatParams } from './seat-store';
import { SEAT_IDLE_MS, SimulatedBuyerSeat, type SeatEnd, type TypingPace } from './simulated-buyer';

/** The coaching schema a study's Seller messages are labelled with (its own, or the default). */
export function studySchema(study: Study): CoachingSchema {
  const custom = study.coachingSchema === undefined ? null : parseCoachingSchema(study.coachingSchema);
  return custom?.ok ? custom.schema : DEFAULT_COACHING_SCHEMA;
}

/** Why a seat left that means it is done: no instance runs it again. */
const FINAL: ReadonlySet<SeatEnd> = new Set(['ended', 'idle', 'gave-up']);

/**
 * The simulated Buyers this instance runs: seats of rooms it opened, and seats it claimed from instances that are
 * gone (rebuilt from the seed and the room's stored items). Each seat connects over the WebSocket like a Buyer page,
 * to this instance (or SIM_BUYER_WS_BASE); with the relay between instances, any instance will do.
 */
export class SeatRunner {
  private readonly seats = new Map<string, SimulatedBuyerSeat>();
  private wsBase: string | null = null;
  /** Stopped for good (shutting down, or starting over after a lost lease): claims nothing until `listening` again. */
  private closing = false;

  constructor(
    private readonly d: {
      sql: Sql;
      catalog: ServerCatalog;
      log: Logger;
      pace: TypingPace;
      instance: string;
      /** Work to wait for before the database closes. */
      track: (p: Promise<unknown>) => void;
    },
  ) {}

  /** Where seats connect, known once the server listens; null before (no seat can be seated yet). */
  get base(): string | null {
    return this.wsBase;
  }

  listening(wsBase: string): void {
    this.wsBase = wsBase;
    this.closing = false;
  }

  /** Seats a simulated Buyer in the room (just opened, or handed over with its stored items). */
  run(
    room: { id: string; code: string },
    key: string,
    p: SeatParams & { category: string; schema: CoachingSchema },
    history: readonly ChatItem[] = [],
  ): void {
    if (!this.wsBase) throw new Error('simulated Buyer seated before the server listens');
    if (this.closing) return; // its row is given back on shutdown (RoomHub.drain), and another instance runs it
    const seat = new SimulatedBuyerSeat({
      wsBase: this.wsBase,
      room: room.code,
      key,
      category: p.category,
      seed: p.seed,
      mindChange: p.mindChange,
      accept: p.accept,
      catalog: this.d.catalog,
      schema: p.schema,
      pace: this.d.pace,
      log: this.d.log,
      history,
      onClose: (why) => {
        if (this.seats.get(room.id) === seat) this.seats.delete(room.id);
        if (FINAL.has(why)) this.d.track(endSeat(this.d.sql, room.id, this.d.instance));
      },
    });
    this.seats.get(room.id)?.stop();
    this.seats.set(room.id, seat);
    seat.start();
  }

  /** Claims the seats no live instance runs (of one room: `roomId`) and rebuilds them here. */
  async claim(roomId?: string): Promise<void> {
    if (!this.wsBase || this.closing) return;
    for (const seat of await claimSeats(this.d.sql, this.d.instance, undefined, roomId)) {
      try {
        await this.resume(seat);
      } catch (e) {
        this.d.log.error('simulated buyer could not be resumed', { room: seat.roomId, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  /**
   * Rebuilds a claimed seat from the room's stored items. The seat gets a new key: a seat still running on an
   * instance that lost its lease (stalled, not dead) is refused when it reconnects, so one Buyer speaks.
   */
  private async resume(c: ClaimedSeat): Promise<void> {
    const room = await roomById(this.d.sql, c.roomId);
    const study = room && (await getStudy(this.d.sql, room.studyId));
    if (!room || !study || room.state.phase === 'ended') return endSeat(this.d.sql, c.roomId, this.d.instance);
    const history = await itemsSince(this.d.sql, room, 0);
    const last = history.at(-1);
    // A seat idle this long would have left by now: it is not brought back.
    if (last && Date.now() - last.time > SEAT_IDLE_MS) return endSeat(this.d.sql, c.roomId, this.d.instance);
    const key = newRoomKey();
    await this.d.sql.query('UPDATE rooms SET buyer_key_hash = $1 WHERE id = $2', [hashToken(key), room.id]);
    this.d.log.info('simulated buyer resumed', { room: room.code, items: history.length, instance: this.d.instance });
    this.run(room, key, { ...c, schema: studySchema(study) }, history);
  }

  /** Stops every seat here without ending it (shutting down, or the lease was lost): another instance runs it next. */
  stopAll(): void {
    for (const seat of [...this.seats.values()]) seat.stop('stopped');
    this.seats.clear();
  }

  /** Shutting down: every seat stops and none is claimed or started any more. */
  close(): void {
    this.closing = true;
    this.stopAll();
  }
}
