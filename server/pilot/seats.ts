import type { Sql } from '../db/sql';
import { BadRequest, hashToken } from '../studies';
import type { SeatRefusal } from '../../lib/pilot/protocol';
import { newRoomKey, type Room } from './rooms';
import * as v from 'valibot';
import { ParticipantCodeSchema } from '../../lib/study/participant-code';
import { refusal } from '../../lib/validation';

/** A Buyer's hello refused for a reason the page acts on (asks for a code, offers to take over). */
export class SeatRefused extends BadRequest {
  constructor(
    readonly seat: SeatRefusal,
    message: string,
  ) {
    super(message, 403);
  }
}

/** Whether the study has issued Buyer codes: then a Buyer joins with one and is recorded as that participant. */
export async function studyHasBuyerCodes(sql: Sql, studyId: string): Promise<boolean> {
  const [row] = await sql.query<{ id: string }>("SELECT id FROM participants WHERE study_id = $1 AND role = 'buyer' LIMIT 1", [studyId]);
  return !!row;
}

/** The participant of a Buyer code of this study, or a refusal that says what is wrong with it. */
async function buyerOfCode(sql: Sql, room: Room, typed: string): Promise<string> {
  const parsed = v.safeParse(ParticipantCodeSchema, typed);
  if (!parsed.success) throw new SeatRefused('bad-code', refusal('Invalid code', parsed.issues));
  const code = parsed.output;
  const [p] = await sql.query<{ id: string; study_id: string; role: string }>(
    'SELECT id, study_id, role FROM participants WHERE code = $1',
    [code],
  );
  if (!p || p.study_id !== room.studyId)
    throw new SeatRefused('bad-code', 'No Buyer of this study has that code. Check it with your researcher.');
  if (p.role !== 'buyer') throw new SeatRefused('bad-code', 'That is a Seller code: Buyers join with a Buyer code.');
  return p.id;
}

/** How a Buyer's hello may sit down: back in with their key, a new key for the seated participant, or the free seat. */
export type SeatPlan = { kind: 'key'; key: string } | { kind: 'rekey' } | { kind: 'new'; participant: string | null };

/**
 * Whether a Buyer may sit in the room's seat, changing nothing: the key their browser kept lets them back in (their
 * code, or none, was checked when they first sat down); the code of the participant already seated lets them in from
 * another browser (with a new key); the first Buyer to arrive takes the free seat, with a Buyer code when the study
 * issued them. Anyone else is refused with the reason (SeatRefused).
 */
export async function planBuyerSeat(sql: Sql, room: Room, key: string | null, participantCode: string | null): Promise<SeatPlan> {
  if (key && room.buyerKeyHash && hashToken(key) === room.buyerKeyHash) return { kind: 'key', key };
  const withCodes = await studyHasBuyerCodes(sql, room.studyId);
  const participant = participantCode ? await buyerOfCode(sql, room, participantCode) : null;
  if (room.buyerKeyHash) {
    if (participant && participant === room.state.buyerParticipant) return { kind: 'rekey' };
    throw seatTaken(withCodes);
  }
  if (withCodes && !participant)
    throw new SeatRefused('code-needed', 'Enter the participant code your researcher gave you to join this room.');
  return { kind: 'new', participant };
}

/**
 * Sits down as planned; returns the key the browser keeps from now on (the same one, or a new one). The seat, its
 * key's hash and the participant it records are in the database, so a restarted server still knows them. A Buyer
 * seated by code is recorded as that participant from here on; without codes, as the room's own `buyer-<room>`.
 */
export async function takeBuyerSeat(sql: Sql, room: Room, plan: SeatPlan): Promise<string> {
  if (plan.kind === 'key') return plan.key;
  const fresh = newRoomKey();
  if (plan.kind === 'rekey') {
    // The seated participant in a browser without the key: the earlier browser's key no longer works.
    await sql.query('UPDATE rooms SET buyer_key_hash = $1 WHERE id = $2', [hashToken(fresh), room.id]);
  } else {
    const participant = plan.participant ?? room.state.buyerParticipant;
    const updated = await sql.query(
      `UPDATE rooms SET buyer_key_hash = $1, state = jsonb_set(state, '{buyerParticipant}', to_jsonb($3::text))
       WHERE id = $2 AND buyer_key_hash IS NULL RETURNING id`,
      [hashToken(fresh), room.id, participant],
    );
    if (updated.length === 0) throw seatTaken(await studyHasBuyerCodes(sql, room.studyId));
    room.state = { ...room.state, buyerParticipant: participant };
  }
  room.buyerKeyHash = hashToken(fresh);
  return fresh;
}

const seatTaken = (withCodes: boolean) =>
  new SeatRefused(
    'seat-taken',
    `This room already has a Buyer. If that is you, open the link in the browser you joined with${withCodes ? ', or enter your participant code' : ''}; otherwise ask the Seller for a new room.`,
  );
