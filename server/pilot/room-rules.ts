import { makeEvent } from '../../lib/events/build';
import type { FwEvent } from '../../lib/events/event-schema';
import { parseCondition } from '../../lib/study/condition';
import type { Product } from '../../lib/catalog/catalog-schema';
import type { ChatItem, ClientMessage, Phase, ProductView } from '../../lib/pilot/protocol';
import { pageProductView, productView } from './product-views';
import { endedText, viewedId } from '../../lib/pilot/records';

// The view's id is made where the Seller's extension can read it too (the export pairs a share with its view).
export { viewedId };

/**
 * The room's rules: what a Seller or Buyer may do in each phase, and what it makes (the new state, the chat item,
 * the research events). No I/O: rooms.ts loads what the rules need, locks the room, calls `transition` and stores
 * the outcome, so the rules can be read and tested as a table.
 */

export const CATEGORY_REPEAT_DAYS = 7;

/** How far a participant's clock may be from the server's and their message still keep the time they wrote it. */
export const CLIENT_CLOCK_SKEW_MS = 2 * 60_000;
/**
 * How long a message may wait in the page for its connection to come back (the page resends it after every
 * reconnect, see client/connection.ts) and still keep the time it was written.
 */
export const MESSAGE_RESEND_WINDOW_MS = 5 * 60_000;

/**
 * The time a message's event is stored with. The Seller's extension logs its own copy of the event under the same
 * id at the moment the message was written, and the copy stored first is the one kept (ingest.ts), so the room
 * takes the sender's time as it came with the message: within the clock skew of the server's time, or older by as
 * long as a wait for a reconnect can last. Anything else is a wrong clock, and the server's time is used instead,
 * so a message cannot be moved far in its conversation.
 */
export function messageTime(written: number | undefined, now: number): number {
  if (written === undefined) return now;
  const earliest = now - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS;
  return written >= earliest && written <= now + CLIENT_CLOCK_SKEW_MS ? written : now;
}

export interface RoomState {
  phase: Phase;
  offered: string[];
  category: string | null;
  persona: string | null;
  turns: number;
  lastSpeaker: 'seller' | 'buyer' | null;
  guess: { productId: string; id: string } | null;
  outcome: { accepted: boolean; reason?: string } | null;
  buyerParticipant: string;
  /** A simulated Buyer holds the seat (seated when the room was opened). */
  simulatedBuyer?: true;
}

export type Role = 'seller' | 'buyer';
/** What a person sends that the room acts on (hello and typing never reach the rules). */
export type RoomMessage = Exclude<ClientMessage, { type: 'hello' | 'typing' }>;
/** A chat item as the rules make it; the store adds its seq, id, sender, kind and time. */
export type ItemBody = Omit<ChatItem, 'seq' | 'id' | 'sender' | 'kind' | 'time'>;

/** What the rules need to know besides the room's state, as plain data or lookups with no I/O. */
export interface RoomFacts {
  room: { id: string; studyId: string; seller: string; condition: string };
  minTurns: number;
  /** The categories the Seller may offer now (a query, so the caller asks for it only for an offer). */
  offerable: readonly string[];
  /** The products of the share a `viewed` or `hover` names; null when the room has no such share. */
  share: readonly ProductView[] | null;
  categoryLabel(id: string): string | undefined;
  product(id: string): Product | undefined;
  personasOf(category: string): readonly { id: string }[];
  /** An index below n: which of a category's personas the Buyer gets (random in a room, fixed in tests). */
  choose(n: number): number;
}

export type Transition =
  | { ok: false; status: 400 | 409; message: string }
  | {
      ok: true;
      state: RoomState;
      /** The chat item to store under the message's id, at `time`; null for a view or a hover, which make none. */
      item: { body: ItemBody; time: number } | null;
      events: FwEvent[];
      /** A message without a chat item is acknowledged by its own id once its event is stored. */
      ack?: string;
    };

class Refused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 = 409,
  ) {
    super(message);
  }
}
function need(ok: unknown, message: string, status: 400 | 409 = 409): asserts ok {
  if (!ok) throw new Refused(message, status);
}

/** What `msg` from `role` does to a room in `state`; the state given is never changed. */
export function transition(state: RoomState, role: Role, msg: RoomMessage, facts: RoomFacts, now: number): Transition {
  try {
    return apply({ ...state }, role, msg, facts, now);
  } catch (e) {
    if (e instanceof Refused) return { ok: false, status: e.status, message: e.message };
    throw e;
  }
}

function apply(s: RoomState, role: Role, msg: RoomMessage, facts: RoomFacts, now: number): Transition {
  const { room } = facts;
  const participant = role === 'seller' ? room.seller : s.buyerParticipant;
  const ctx = { study: room.studyId, participant, conversation: room.id, role, condition: room.condition, url: null };
  const withId = (e: FwEvent, id: string): FwEvent => ({ ...e, id });
  const label = (id: string) => facts.categoryLabel(id) ?? id;

  if (msg.type === 'viewed') {
    need(facts.share && role === 'buyer', 'Nothing to mark as seen', 400);
    const productIds = facts.share.map((p) => p.id);
    // One view event per share: its id is derived from the share's, so a repeat is stored once.
    return {
      ok: true,
      state: s,
      item: null,
      events: [withId(makeEvent(ctx, 'Buyer', 'view_share', { productIds }, now), viewedId(msg.shareId))],
    };
  }
  if (msg.type === 'hover') {
    need(
      !!facts.share && role === 'buyer' && facts.share.some((p) => p.id === msg.productId),
      'Only a product the Seller shared can be hovered',
    );
    // Stored once by the hover's own id, so a hover resent after a reconnect is not counted twice.
    const hover = makeEvent(ctx, 'Buyer', 'hover', { target: 'shared_card', productId: msg.productId, dwellMs: msg.dwellMs }, now);
    return { ok: true, state: s, item: null, events: [withId(hover, msg.id)], ack: msg.id };
  }

  // The message's event (and its chat item) carry the time it was written, as the sender's copy of the event does.
  const at = messageTime('time' in msg ? msg.time : undefined, now);
  const made = (body: ItemBody, events: FwEvent[] = []): Transition => ({ ok: true, state: s, item: { body, time: at }, events });
  switch (msg.type) {
    case 'offer': {
      need(role === 'seller' && s.phase === 'offer', 'Only the Seller offers categories, before the chat starts');
      const bad = msg.categories.filter((c) => !facts.offerable.includes(c));
      need(
        bad.length === 0,
        `Not offerable now: ${bad.join(', ')} (done within the last ${CATEGORY_REPEAT_DAYS} days, or not in this study)`,
      );
      s.offered = [...new Set(msg.categories)];
      s.phase = 'pick';
      return made({ text: `The Seller can help with: ${s.offered.map(label).join(', ')}` });
    }
    case 'pick': {
      need(role === 'buyer' && s.phase === 'pick', 'The Buyer picks a category once the Seller has offered some');
      need(s.offered.includes(msg.category), `Pick one of the offered categories: ${s.offered.join(', ')}`);
      const personas = facts.personasOf(msg.category);
      need(personas.length > 0, `No Buyer personas for ${msg.category}`);
      s.category = msg.category;
      s.persona = personas[facts.choose(personas.length)]?.id ?? null;
      s.phase = 'chat';
      const instruct = makeEvent(
        { ...ctx, role: 'buyer', participant: s.buyerParticipant },
        'System',
        'instruct',
        { text: `category=${msg.category}; persona=${s.persona ?? ''}` },
        at,
      );
      return made({ text: `The Buyer chose ${label(msg.category)}.` }, [withId(instruct, msg.id)]);
    }
    case 'say': {
      need(s.phase === 'chat', s.phase === 'ended' ? 'The conversation has ended' : 'The chat starts once the Buyer has picked a category');
      // One turn is a Buyer message answered by the Seller.
      if (role === 'seller' && s.lastSpeaker === 'buyer') s.turns++;
      s.lastSpeaker = role;
      const acts = msg.acts?.length ? { acts: msg.acts } : {};
      // All the Seller's extension logs of the message (but the page's address) comes with it: the room's copy is the same event.
      const said = {
        text: msg.text,
        ...acts,
        ...(msg.composeMs !== undefined ? { composeMs: msg.composeMs } : {}),
        ...(msg.suggestion ? { suggestion: msg.suggestion } : {}),
        ...(msg.voice ? { voice: msg.voice } : {}),
      };
      return made({ text: msg.text, ...acts }, [withId(makeEvent(ctx, role === 'seller' ? 'Seller' : 'Buyer', 'utter', said, at), msg.id)]);
    }
    case 'share': {
      need(role === 'seller' && s.phase === 'chat', 'Only the Seller shares products, during the chat');
      const wanted = [...(msg.productIds ?? []).map((id) => ({ id, source: 'catalog' as const })), ...(msg.products ?? [])];
      const unknown = wanted.filter((p) => p.source === 'catalog' && !facts.product(p.id)).map((p) => p.id);
      need(unknown.length === 0, `Unknown product in the share: ${unknown.join(', ')}`);
      const { sharing } = parseCondition(room.condition);
      need(sharing !== 'I', 'This study shares links in messages only (sharing condition I)');
      const views = wanted.flatMap((p) => {
        const known = p.source === 'catalog' ? facts.product(p.id) : undefined;
        if (known) return [productView(known, true)];
        // A catalog id the catalog lacks was refused above, so only a storefront product is left here.
        return 'title' in p ? [pageProductView(p)] : [];
      });
      need(sharing === 'III' || views.length === 1, 'This study shares one product at a time (sharing condition II)');
      const message = msg.message ? { message: msg.message } : {};
      // The extension logs the same share under the same id, with where the product was found; stored once.
      const shared = makeEvent(
        ctx,
        'Seller',
        'share',
        { productIds: views.map((p) => p.id), mode: sharing, from: msg.from ?? 'search', ...message },
        at,
      );
      return made({ products: views, ...(msg.message ? { text: msg.message } : {}) }, [withId(shared, msg.id)]);
    }
    case 'guess': {
      need(role === 'seller' && s.phase === 'chat', 'Only the Seller guesses, during the chat');
      need(s.turns >= facts.minTurns, `A guess is allowed after ${facts.minTurns} turns (now ${s.turns})`);
      const product = facts.product(msg.productId);
      need(product, 'Unknown product');
      s.guess = { productId: msg.productId, id: msg.id };
      s.outcome = null;
      return made({ products: [productView(product, true)] }, [
        withId(makeEvent(ctx, 'Seller', 'guess', { productId: msg.productId }, at), msg.id),
      ]);
    }
    case 'confirm': {
      need(role === 'buyer' && !!s.guess && s.outcome === null, 'There is no guess to answer');
      const reason = msg.reason ? { reason: msg.reason } : {};
      s.outcome = { accepted: msg.accepted, ...reason };
      const confirmed = makeEvent(ctx, 'Buyer', 'confirm', { productId: s.guess?.productId ?? '', accepted: msg.accepted, ...reason }, at);
      return made({ accepted: msg.accepted, ...reason }, [withId(confirmed, msg.id)]);
    }
    case 'end': {
      need(role === 'buyer' && s.phase === 'chat', 'Only the Buyer ends the conversation');
      need(s.turns >= facts.minTurns, `The conversation can end after ${facts.minTurns} turns (now ${s.turns})`);
      s.phase = 'ended';
      return made({ text: 'The Buyer ended the conversation.' }, [
        withId(makeEvent(ctx, 'System', 'instruct', { text: endedText(s.turns) }, at), msg.id),
      ]);
    }
  }
}
