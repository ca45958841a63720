import { ChatConnection } from './connection';
import { placeBySeq } from './order';
import { TypingSignal } from './typing';
import type { ChatItem, ClientMessage, RoomView, ServerMessage } from '../../../lib/pilot/protocol';
import { ID_PATTERN } from '../../../lib/ids';
import * as v from 'valibot';
import {
  BRIDGE_REPLY,
  BRIDGE_REQUEST,
  MESSAGE_TIME_ATTR,
  PAGE_STATE_ATTRS,
  RECORD_ATTR,
  SEND_DATASET,
  type BridgeReply,
} from '../../../lib/pilot/bridge';
import { BridgeRequestSchema } from '../../../lib/pilot/bridge-schema';
import type { RoomRecord } from '../../../lib/pilot/records';
import { showInvite } from './invite';

// The Seller's pilot chat page: plain DOM, so the parts the extension overlays stay exactly where they are.
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const code = document.body.dataset.room ?? '';
const key = new URLSearchParams(location.hash.slice(1)).get('key') ?? '';
const messages = $<HTMLDivElement>('messages');
const input = $<HTMLTextAreaElement>('input');
const form = $<HTMLFormElement>('composer');
const phaseEl = $<HTMLElement>('phase');
const guessEl = $<HTMLElement>('guess');
const errorEl = $<HTMLElement>('error');
const recordsEl = $<HTMLElement>('records');
let room: RoomView | null = null;
const shared = new Map<string, string>(); // product id → title, for quick guesses
/** Requests from the extension's overlay waiting for the server to store them. */
const bridged = new Set<string>();
let online = false;
const reply = (r: BridgeReply) => document.dispatchEvent(new CustomEvent(BRIDGE_REPLY, { detail: JSON.stringify(r) }));
const settle = (id: string, error?: string) => {
  if (!bridged.delete(id)) return;
  reply(error === undefined ? { id, ok: true, state: 'sent' } : { id, ok: false, error });
};

const wsUrl = () =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1/rooms/${code}/ws?role=seller&key=${encodeURIComponent(key)}`;
const conn = new ChatConnection(wsUrl, {
  onStatus: (s, detail) => {
    online = s === 'online';
    $('status').textContent = s === 'online' ? '' : s === 'closed' ? `Disconnected: ${detail ?? ''}` : `${s}…`;
  },
  onPending: (pending) => {
    for (const el of messages.querySelectorAll('.msg.pending'))
      if (!pending.some((p) => p.id === (el as HTMLElement).dataset.id)) el.classList.remove('pending');
  },
  onItem: (item) => {
    settle(item.id);
    addItem(item);
  },
  onMessage: (m: ServerMessage) => {
    if (m.type === 'welcome' || m.type === 'room') render((room = m.room));
    else if (m.type === 'presence') {
      const p = $('presence');
      p.textContent = m.buyer ? 'Buyer online' : 'Buyer offline';
      p.classList.toggle('on', m.buyer);
      if (!m.buyer) $('typing').textContent = ''; // a Buyer who left mid-word is not typing
    } else if (m.type === 'typing' && m.role === 'buyer') $('typing').textContent = m.on ? 'The Buyer is typing…' : '';
    else if (m.type === 'ack') settle(m.id);
    else if (m.type === 'record') addRecord(m.record);
    else if (m.type === 'error') {
      if (m.id && bridged.has(m.id)) settle(m.id, m.message);
      else errorEl.textContent = m.message;
      if (m.id) markFailed(m.id, m.message);
    }
  },
});
const typingSignal = new TypingSignal((on) => conn.typing(on));
conn.start();
// The Buyer link is known from the room's code alone: shown at once, before the room has said anything.
showInvite(`${location.origin}/pilot/buyer/${code}`);

/** A message the server refused (or that could not be sent) stays in the list, marked as not sent, with why. */
function markFailed(id: string, reason: string): void {
  const el = messages.querySelector<HTMLElement>(`.msg[data-id="${CSS.escape(id)}"]`);
  if (!el || el.dataset.seq) return; // stored after all (a resend of a stored id is never refused)
  el.classList.remove('pending');
  el.classList.add('failed');
  el.querySelector('.note')?.remove();
  el.append(Object.assign(document.createElement('span'), { className: 'note', textContent: `Not sent: ${reason}` }));
}

function addItem(item: ChatItem): void {
  messages.querySelector(`[data-id="${item.id}"]`)?.remove();
  const el = document.createElement('div');
  el.dataset.id = item.id;
  el.setAttribute(MESSAGE_TIME_ATTR, String(item.time));
  el.className = `msg ${item.kind !== 'say' ? 'system' : item.sender === 'seller' ? 'mine' : 'theirs'}`;
  if (item.kind === 'say') {
    el.textContent = item.text ?? '';
    el.classList.add(item.sender === 'seller' ? 'seller' : 'buyer');
    if (item.acts?.length) {
      const acts = document.createElement('span');
      acts.className = 'acts';
      acts.textContent = item.acts.join(', ');
      el.append(acts);
    }
  } else if (item.kind === 'share' || item.kind === 'guess') {
    for (const p of item.products ?? []) shared.set(p.id, p.title);
    el.className = 'msg system';
    el.textContent = `${item.kind === 'guess' ? 'You guessed' : 'You shared'}: ${(item.products ?? []).map((p) => p.title).join('; ')}${item.text ? ` — “${item.text}”` : ''}`;
  } else if (item.kind === 'confirm') {
    el.className = 'msg system';
    el.textContent = item.accepted
      ? 'The Buyer confirmed your guess.'
      : `The Buyer rejected your guess${item.reason ? `: ${item.reason}` : '.'}`;
  } else {
    el.textContent = item.text ?? '';
  }
  placeBySeq(messages, el, item.seq);
  messages.scrollTop = messages.scrollHeight;
  if (room) renderGuess(room);
}

/**
 * A record of the room (the Buyer's answer, a share view, a hover, the end) for the extension to keep, each once;
 * hidden, since the Seller is not shown what the Buyer looks at.
 */
function addRecord(r: RoomRecord): void {
  if (recordsEl.querySelector(`[data-id="${CSS.escape(r.id)}"]`)) return;
  const el = document.createElement('i');
  el.dataset.id = r.id;
  el.setAttribute(MESSAGE_TIME_ATTR, String(r.time));
  el.setAttribute(RECORD_ATTR, JSON.stringify({ agent: r.agent, action: r.action, payload: r.payload }));
  recordsEl.append(el);
}

function render(r: RoomView): void {
  phaseEl.replaceChildren();
  // Until the Buyer has chosen (and never for a simulated Buyer, who is seated already).
  $('invite').hidden = r.simulatedBuyer === true || (r.phase !== 'offer' && r.phase !== 'pick');
  // The extension's pilot adapter reads the category here, so the coach knows what the Buyer shops for, and the
  // room's state, so its share and guess controls follow the room's condition and turns.
  if (r.category) phaseEl.dataset.fwCategory = r.category;
  else delete phaseEl.dataset.fwCategory;
  phaseEl.setAttribute(PAGE_STATE_ATTRS.phase, r.phase);
  phaseEl.setAttribute(PAGE_STATE_ATTRS.turns, String(r.turns));
  phaseEl.setAttribute(PAGE_STATE_ATTRS.minTurns, String(r.minTurns));
  phaseEl.setAttribute(PAGE_STATE_ATTRS.sharing, r.sharing);
  phaseEl.setAttribute(PAGE_STATE_ATTRS.guess, r.guess && !r.outcome ? 'open' : 'none');
  phaseEl.setAttribute(PAGE_STATE_ATTRS.outcome, r.outcome ? (r.outcome.accepted ? 'accepted' : 'rejected') : 'none');
  if (r.buyerParticipant) phaseEl.setAttribute(PAGE_STATE_ATTRS.buyerParticipant, r.buyerParticipant);
  const p = (text: string) => Object.assign(document.createElement('p'), { textContent: text });
  if (r.phase === 'offer') {
    const fieldset = document.createElement('fieldset');
    fieldset.append(
      Object.assign(document.createElement('legend'), {
        textContent: 'Which categories do you know well enough to help with? The Buyer picks one.',
      }),
    );
    const boxes = document.createElement('div');
    boxes.className = 'categories';
    for (const c of r.offerable ?? []) {
      const label = document.createElement('label');
      const box = Object.assign(document.createElement('input'), { type: 'checkbox', value: c.id, checked: true });
      label.append(box, ` ${c.label}`);
      boxes.append(label);
    }
    const offer = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Offer these categories', id: 'offer' });
    offer.onclick = () => {
      const picked = [...boxes.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
      if (picked.length) conn.send({ type: 'offer', categories: picked });
    };
    fieldset.append(boxes, offer);
    phaseEl.append(fieldset);
  } else if (r.phase === 'pick') {
    phaseEl.append(p(`Waiting for the Buyer to choose: ${r.offered.map((c) => c.label).join(', ')}.`));
  } else if (r.phase === 'chat') {
    phaseEl.append(
      p(
        `Category: ${r.offered.find((c) => c.id === r.category)?.label ?? r.category}. Turns: ${r.turns} (a guess is allowed after ${r.minTurns}).`,
      ),
    );
  } else {
    phaseEl.append(
      p(
        `The conversation has ended after ${r.turns} turns.${r.outcome ? (r.outcome.accepted ? ' Your guess was confirmed.' : ' Your guess was rejected.') : ''}`,
      ),
    );
  }
  input.disabled = r.phase !== 'chat';
  ($('send') as HTMLButtonElement).disabled = r.phase !== 'chat';
  renderGuess(r);
}

function renderGuess(r: RoomView): void {
  guessEl.replaceChildren();
  if (r.phase !== 'chat') return;
  const allowed = r.turns >= r.minTurns;
  const label = document.createElement('label');
  label.textContent = 'Guess the Buyer’s product: ';
  const pid = Object.assign(document.createElement('input'), {
    id: 'guess-product',
    placeholder: 'product id',
    value: [...shared.keys()].at(-1) ?? '',
  });
  pid.setAttribute('list', 'shared-products');
  const list = document.createElement('datalist');
  list.id = 'shared-products';
  for (const [id, title] of shared) list.append(Object.assign(document.createElement('option'), { value: id, label: title }));
  label.append(pid, list);
  const btn = Object.assign(document.createElement('button'), {
    type: 'button',
    id: 'guess-button',
    textContent: 'Guess',
    disabled: !allowed || (r.guess !== null && r.outcome === null),
  });
  btn.onclick = () => pid.value.trim() && conn.send({ type: 'guess', productId: pid.value.trim() });
  const note = Object.assign(document.createElement('span'), {
    className: 'muted',
    textContent: allowed ? '' : ` (after ${r.minTurns} turns: ${r.turns} so far)`,
  });
  const row = document.createElement('div');
  row.className = 'row';
  row.append(label, btn, note);
  guessEl.append(row);
}

type UsedSuggestion = NonNullable<Extract<ClientMessage, { type: 'say' }>['suggestion']>;

/**
 * The suggested reply the overlay says the message used, with only the fields the server takes (it checks them
 * too), or null: a malformed one is left out rather than have the server refuse the message.
 */
function suggestionOf(json: string | undefined): UsedSuggestion | null {
  let s: unknown;
  try {
    s = JSON.parse(json ?? 'null');
  } catch {
    return null;
  }
  if (!s || typeof s !== 'object') return null;
  const { id, editDistance, usedAs } = s as Record<string, unknown>;
  if (typeof id !== 'string' || typeof editDistance !== 'number' || !Number.isInteger(editDistance) || editDistance < 0) return null;
  return usedAs === 'as_is' || usedAs === 'edited' ? { id, editDistance, usedAs } : null;
}

function sendMessage(): void {
  const text = input.value.trim();
  if (!text || !room || room.phase !== 'chat') return;
  errorEl.textContent = '';
  // The Floorwalker overlay puts the chosen act(s) on the input before the page sends (coached condition).
  // It also names the message (the same id as its own Seller.utter event, so the study stores it once) and says how
  // long it took to write and when it was written (so the room's copy of the event has the extension's time).
  const data = input.dataset;
  const acts = (data[SEND_DATASET.acts] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const fwId = data[SEND_DATASET.id];
  const composeMs = Number(data[SEND_DATASET.composeMs]);
  const time = Number(data[SEND_DATASET.time]);
  const suggestion = suggestionOf(data[SEND_DATASET.suggestion]);
  for (const k of Object.values(SEND_DATASET)) delete data[k];
  const draft = {
    type: 'say' as const,
    text,
    ...(acts.length ? { acts } : {}),
    ...(Number.isInteger(composeMs) && composeMs >= 0 ? { composeMs } : {}),
    ...(Number.isInteger(time) && time > 0 ? { time } : {}),
    ...(suggestion ? { suggestion } : {}),
  };
  const id = fwId && ID_PATTERN.test(fwId) ? conn.send(draft, fwId) : conn.send(draft);
  const el = Object.assign(document.createElement('div'), { className: 'msg mine seller pending', textContent: text });
  el.dataset.id = id;
  messages.append(el);
  messages.scrollTop = messages.scrollHeight;
  input.value = '';
  typingSignal.stop();
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  sendMessage();
});
input.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    sendMessage();
  }
});
input.addEventListener('input', () => typingSignal.input());
// The overlay's share and guess requests (see lib/pilot/bridge.ts): checked like anything from outside the page.
document.addEventListener(BRIDGE_REQUEST, (e) => {
  let raw: unknown;
  try {
    raw = JSON.parse(String((e as CustomEvent<unknown>).detail));
  } catch {
    return;
  }
  const parsed = v.safeParse(BridgeRequestSchema, raw);
  if (!parsed.success) {
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id === 'string')
      reply({ id, ok: false, error: `The chat page could not read the request: ${parsed.issues[0]?.message ?? 'invalid'}` });
    return;
  }
  const req = parsed.output;
  if (!room || room.phase !== 'chat') return reply({ id: req.id, ok: false, error: 'The chat has not started yet (or has ended).' });
  bridged.add(req.id);
  if (req.kind === 'share') {
    conn.send(
      {
        type: 'share',
        products: req.products,
        ...(req.message ? { message: req.message } : {}),
        from: req.from,
        ...(req.time !== undefined ? { time: req.time } : {}),
      },
      req.id,
    );
  } else conn.send({ type: 'guess', productId: req.productId, ...(req.time !== undefined ? { time: req.time } : {}) }, req.id);
  if (!online) reply({ id: req.id, ok: true, state: 'queued' });
});
// For tests and the overlay: the page's connection, to simulate a network drop.
(window as unknown as { fwPilot: ChatConnection }).fwPilot = conn;
