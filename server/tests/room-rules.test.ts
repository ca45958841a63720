import { describe, expect, it } from 'vitest';
import {
  CLIENT_CLOCK_SKEW_MS,
  MESSAGE_RESEND_WINDOW_MS,
  transition,
  viewedId,
  type Role,
  type RoomFacts,
  type RoomMessage,
  type RoomState,
} from '../pilot/room-rules';
import type { Phase, ProductView } from '../../lib/pilot/protocol';
import type { Product } from '../../lib/catalog/catalog-schema';

// The room's rules as a table: every message from either side in every phase is allowed or refused with its text,
// with no database in sight. The pilot server tests check the same rules through the WebSocket.

const NOW = 1_800_000_000_000;
const ID = '019a0000-0000-7000-8000-000000000001';
const SHARE = '019a0000-0000-7000-8000-0000000000aa';
const GUESS = '019a0000-0000-7000-8000-0000000000bb';

const product = (id: string): Product => ({
  id,
  category: 'audio',
  title: `Title ${id}`,
  brand: 'Acme',
  description: 'd',
  price: 10,
  currency: 'USD',
  rating: 4,
  ratingCount: 3,
  attributes: {},
  images: [],
});
const CATALOG = new Map(['p1', 'p2'].map((id) => [id, product(id)]));
const SHARED: ProductView[] = [
  {
    id: 'p1',
    title: 'Title p1',
    brand: 'Acme',
    price: 10,
    currency: 'USD',
    rating: 4,
    ratingCount: 3,
    images: [],
    url: null,
    source: 'catalog',
  },
];

const facts = (over: Partial<RoomFacts> = {}): RoomFacts => ({
  room: { id: 'room-abc', studyId: 'study-1', seller: 'seller-1', condition: 'B.IIIc' },
  minTurns: 2,
  offerable: ['audio', 'kitchen'],
  share: SHARED,
  categoryLabel: (id) => ({ audio: 'Audio', kitchen: 'Kitchen' })[id],
  product: (id) => CATALOG.get(id),
  personasOf: (c) => (c === 'audio' ? [{ id: 'persona-a' }, { id: 'persona-b' }] : []),
  choose: (n) => n - 1,
  ...over,
});

/** A room in `phase` where only the role and the phase decide: enough turns, a category offered, a guess open. */
const stateIn = (phase: Phase, over: Partial<RoomState> = {}): RoomState => ({
  phase,
  offered: phase === 'offer' ? [] : ['audio'],
  category: phase === 'chat' || phase === 'ended' ? 'audio' : null,
  persona: phase === 'chat' || phase === 'ended' ? 'persona-a' : null,
  turns: 2,
  lastSpeaker: 'buyer',
  guess: { productId: 'p1', id: GUESS },
  outcome: null,
  buyerParticipant: 'buyer-abc',
  ...over,
});

const MESSAGES: Record<RoomMessage['type'], RoomMessage> = {
  offer: { type: 'offer', id: ID, categories: ['audio'] },
  pick: { type: 'pick', id: ID, category: 'audio' },
  say: { type: 'say', id: ID, text: 'hello' },
  share: { type: 'share', id: ID, productIds: ['p1'] },
  viewed: { type: 'viewed', shareId: SHARE },
  hover: { type: 'hover', id: ID, shareId: SHARE, productId: 'p1', dwellMs: 400 },
  guess: { type: 'guess', id: ID, productId: 'p1' },
  confirm: { type: 'confirm', id: ID, accepted: true },
  end: { type: 'end', id: ID },
};

const PHASES: Phase[] = ['offer', 'pick', 'chat', 'ended'];
const ALL = PHASES;
const NONE: Phase[] = [];
const notYet = (p: Phase) => (p === 'ended' ? 'The conversation has ended' : 'The chat starts once the Buyer has picked a category');

/** Who may send what in which phase; every other cell is refused with this text and status. */
const TABLE: { type: RoomMessage['type']; role: Role; allowed: Phase[]; refusal: (p: Phase) => string; status?: 400 | 409 }[] = [
  { type: 'offer', role: 'seller', allowed: ['offer'], refusal: () => 'Only the Seller offers categories, before the chat starts' },
  { type: 'offer', role: 'buyer', allowed: NONE, refusal: () => 'Only the Seller offers categories, before the chat starts' },
  { type: 'pick', role: 'seller', allowed: NONE, refusal: () => 'The Buyer picks a category once the Seller has offered some' },
  { type: 'pick', role: 'buyer', allowed: ['pick'], refusal: () => 'The Buyer picks a category once the Seller has offered some' },
  { type: 'say', role: 'seller', allowed: ['chat'], refusal: notYet },
  { type: 'say', role: 'buyer', allowed: ['chat'], refusal: notYet },
  { type: 'share', role: 'seller', allowed: ['chat'], refusal: () => 'Only the Seller shares products, during the chat' },
  { type: 'share', role: 'buyer', allowed: NONE, refusal: () => 'Only the Seller shares products, during the chat' },
  { type: 'viewed', role: 'seller', allowed: NONE, refusal: () => 'Nothing to mark as seen', status: 400 },
  { type: 'viewed', role: 'buyer', allowed: ALL, refusal: () => 'Nothing to mark as seen', status: 400 },
  { type: 'hover', role: 'seller', allowed: NONE, refusal: () => 'Only a product the Seller shared can be hovered' },
  { type: 'hover', role: 'buyer', allowed: ALL, refusal: () => 'Only a product the Seller shared can be hovered' },
  { type: 'guess', role: 'seller', allowed: ['chat'], refusal: () => 'Only the Seller guesses, during the chat' },
  { type: 'guess', role: 'buyer', allowed: NONE, refusal: () => 'Only the Seller guesses, during the chat' },
  { type: 'confirm', role: 'seller', allowed: NONE, refusal: () => 'There is no guess to answer' },
  { type: 'confirm', role: 'buyer', allowed: ALL, refusal: () => 'There is no guess to answer' },
  { type: 'end', role: 'seller', allowed: NONE, refusal: () => 'Only the Buyer ends the conversation' },
  { type: 'end', role: 'buyer', allowed: ['chat'], refusal: () => 'Only the Buyer ends the conversation' },
];

describe('room rules: who may send what, in which phase', () => {
  it('the table covers every message type from both sides', () => {
    expect(new Set(TABLE.map((r) => `${r.type}/${r.role}`)).size).toBe(Object.keys(MESSAGES).length * 2);
  });

  const cells = TABLE.flatMap((r) => PHASES.map((phase) => ({ ...r, phase, ok: r.allowed.includes(phase) })));
  it.each(cells)('$type from the $role in phase $phase: allowed $ok', ({ type, role, phase, ok, refusal, status }) => {
    const state = stateIn(phase);
    const out = transition(state, role, MESSAGES[type], facts(), NOW);
    if (ok) expect(out.ok).toBe(true);
    else expect(out).toEqual({ ok: false, status: status ?? 409, message: refusal(phase) });
    expect(state, 'the state given is never changed').toEqual(stateIn(phase));
  });
});

const accepted = (state: RoomState, role: Role, msg: RoomMessage, f = facts(), now = NOW) => {
  const out = transition(state, role, msg, f, now);
  if (!out.ok) throw new Error(`refused: ${out.message}`);
  return out;
};
const refusal = (state: RoomState, role: Role, msg: RoomMessage, f = facts()) => {
  const out = transition(state, role, msg, f, NOW);
  return out.ok ? 'allowed' : out.message;
};

describe('room rules: what each message makes', () => {
  it('an offer of offerable categories (once each) opens the pick, labelled; anything else is named', () => {
    const out = accepted(stateIn('offer'), 'seller', { type: 'offer', id: ID, categories: ['kitchen', 'audio', 'kitchen'] });
    expect(out.state).toMatchObject({ phase: 'pick', offered: ['kitchen', 'audio'] });
    expect(out.item).toEqual({ body: { text: 'The Seller can help with: Kitchen, Audio' }, time: NOW });
    expect(out.events).toEqual([]);
    expect(
      refusal(stateIn('offer'), 'seller', { type: 'offer', id: ID, categories: ['audio', 'garden'] }, facts({ offerable: ['audio'] })),
    ).toBe('Not offerable now: garden (done within the last 7 days, or not in this study)');
  });

  it('a pick of an offered category starts the chat with a persona and a System.instruct under the pick id', () => {
    const out = accepted(stateIn('pick'), 'buyer', MESSAGES.pick);
    expect(out.state).toMatchObject({ phase: 'chat', category: 'audio', persona: 'persona-b' });
    expect(out.item?.body).toEqual({ text: 'The Buyer chose Audio.' });
    expect(out.events).toMatchObject([
      {
        id: ID,
        agent: 'System',
        action: 'instruct',
        participant: 'buyer-abc',
        role: 'buyer',
        time: NOW,
        payload: { text: 'category=audio; persona=persona-b' },
      },
    ]);
    expect(refusal(stateIn('pick'), 'buyer', { type: 'pick', id: ID, category: 'kitchen' })).toBe(
      'Pick one of the offered categories: audio',
    );
    expect(refusal(stateIn('pick', { offered: ['kitchen'] }), 'buyer', { type: 'pick', id: ID, category: 'kitchen' })).toBe(
      'No Buyer personas for kitchen',
    );
  });

  it('a turn is a Buyer message answered by the Seller', () => {
    const chat = stateIn('chat', { turns: 0, lastSpeaker: null });
    const a = accepted(chat, 'seller', MESSAGES.say).state;
    const b = accepted(a, 'buyer', MESSAGES.say).state;
    const c = accepted(b, 'buyer', MESSAGES.say).state;
    const d = accepted(c, 'seller', MESSAGES.say).state;
    const e = accepted(d, 'seller', MESSAGES.say).state;
    expect([a, b, c, d, e].map((s) => [s.turns, s.lastSpeaker])).toEqual([
      [0, 'seller'],
      [0, 'buyer'],
      [0, 'buyer'],
      [1, 'seller'],
      [1, 'seller'],
    ]);
  });

  it('a say keeps everything the extension logs in its event, and only text and acts in its item', () => {
    const suggestion = { id: 's1', editDistance: 2, usedAs: 'edited' as const };
    const out = accepted(stateIn('chat'), 'seller', {
      type: 'say',
      id: ID,
      time: NOW - 1000,
      text: 'hi',
      acts: ['3a'],
      composeMs: 1200,
      suggestion,
    });
    expect(out.item).toEqual({ body: { text: 'hi', acts: ['3a'] }, time: NOW - 1000 });
    expect(out.events).toMatchObject([
      {
        id: ID,
        agent: 'Seller',
        action: 'utter',
        participant: 'seller-1',
        time: NOW - 1000,
        url: null,
        payload: { text: 'hi', acts: ['3a'], composeMs: 1200, suggestion },
      },
    ]);
  });

  it('a message keeps its written time inside the window and takes the server time outside it', () => {
    const at = (time: number) => accepted(stateIn('chat'), 'buyer', { type: 'say', id: ID, time, text: 'x' }).item?.time;
    expect(at(NOW + CLIENT_CLOCK_SKEW_MS)).toBe(NOW + CLIENT_CLOCK_SKEW_MS);
    expect(at(NOW + CLIENT_CLOCK_SKEW_MS + 1)).toBe(NOW);
    expect(at(NOW - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS)).toBe(NOW - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS);
    expect(at(NOW - CLIENT_CLOCK_SKEW_MS - MESSAGE_RESEND_WINDOW_MS - 1)).toBe(NOW);
  });

  it('a share follows the sharing condition, in the order given, catalog and storefront products alike', () => {
    const page = { id: 'shop-1', title: 'Shop thing', url: 'https://shop.example/1', source: 'json-ld' as const };
    const share: RoomMessage = { type: 'share', id: ID, productIds: ['p2'], products: [page], message: 'look', from: 'product_page' };
    const out = accepted(stateIn('chat'), 'seller', share);
    expect(out.item?.body.products?.map((p) => [p.id, p.source])).toEqual([
      ['p2', 'catalog'],
      ['shop-1', 'page'],
    ]);
    expect(out.item?.body.text).toBe('look');
    expect(out.events).toMatchObject([
      { action: 'share', payload: { productIds: ['p2', 'shop-1'], mode: 'III', from: 'product_page', message: 'look' } },
    ]);
    const inRoom = (condition: string) => facts({ room: { ...facts().room, condition } });
    expect(refusal(stateIn('chat'), 'seller', share, inRoom('B.IIc'))).toBe(
      'This study shares one product at a time (sharing condition II)',
    );
    expect(refusal(stateIn('chat'), 'seller', MESSAGES.share, inRoom('B.Ic'))).toBe(
      'This study shares links in messages only (sharing condition I)',
    );
    expect(refusal(stateIn('chat'), 'seller', { type: 'share', id: ID, productIds: ['p1', 'nope', 'gone'] })).toBe(
      'Unknown product in the share: nope, gone',
    );
  });

  it('a guess waits for the minimum turns, needs a catalog product and opens a fresh answer', () => {
    expect(refusal(stateIn('chat', { turns: 1 }), 'seller', MESSAGES.guess)).toBe('A guess is allowed after 2 turns (now 1)');
    expect(refusal(stateIn('chat'), 'seller', { type: 'guess', id: ID, productId: 'nope' })).toBe('Unknown product');
    const out = accepted(stateIn('chat', { outcome: { accepted: false } }), 'seller', { type: 'guess', id: ID, productId: 'p2' });
    expect(out.state).toMatchObject({ guess: { productId: 'p2', id: ID }, outcome: null });
    expect(out.item?.body.products?.map((p) => p.id)).toEqual(['p2']);
    expect(out.events).toMatchObject([{ id: ID, agent: 'Seller', action: 'guess', payload: { productId: 'p2' } }]);
  });

  it('a guess is answered once', () => {
    const out = accepted(stateIn('chat'), 'buyer', { type: 'confirm', id: ID, accepted: false, reason: 'too dear' });
    expect(out.state.outcome).toEqual({ accepted: false, reason: 'too dear' });
    expect(out.item?.body).toEqual({ accepted: false, reason: 'too dear' });
    expect(out.events).toMatchObject([{ action: 'confirm', payload: { productId: 'p1', accepted: false, reason: 'too dear' } }]);
    expect(refusal(out.state, 'buyer', MESSAGES.confirm)).toBe('There is no guess to answer');
    expect(refusal(stateIn('chat', { guess: null }), 'buyer', MESSAGES.confirm)).toBe('There is no guess to answer');
  });

  it('the Buyer ends after the minimum turns', () => {
    expect(refusal(stateIn('chat', { turns: 1 }), 'buyer', MESSAGES.end)).toBe('The conversation can end after 2 turns (now 1)');
    const out = accepted(stateIn('chat'), 'buyer', MESSAGES.end);
    expect(out.state.phase).toBe('ended');
    expect(out.events).toMatchObject([{ id: ID, agent: 'System', action: 'instruct', payload: { text: 'ended by buyer after 2 turns' } }]);
  });

  it('a view or a hover of a share makes no item: one view event per share, a hover acknowledged by its id', () => {
    const viewed = accepted(stateIn('chat'), 'buyer', MESSAGES.viewed);
    expect(viewed.item).toBeNull();
    expect(viewed.events).toMatchObject([{ id: viewedId(SHARE), action: 'view_share', payload: { productIds: ['p1'] } }]);
    expect(viewedId(SHARE)).not.toBe(SHARE);
    const hover = accepted(stateIn('chat'), 'buyer', MESSAGES.hover);
    expect(hover).toMatchObject({
      item: null,
      ack: ID,
      events: [{ id: ID, action: 'hover', payload: { target: 'shared_card', productId: 'p1', dwellMs: 400 } }],
    });
    expect(refusal(stateIn('chat'), 'buyer', MESSAGES.viewed, facts({ share: null }))).toBe('Nothing to mark as seen');
    expect(refusal(stateIn('chat'), 'buyer', { ...MESSAGES.hover, productId: 'p2' } as RoomMessage)).toBe(
      'Only a product the Seller shared can be hovered',
    );
  });
});
