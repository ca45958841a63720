import { v7 as uuidv7 } from 'uuid';
import { PILOT_ADAPTER, type ChatAdapter } from '../../../lib/adapters/chat';
import { CoachController } from '../../../lib/coach/controller';
import { DEFAULT_COACHING_SCHEMA } from '../../../lib/coach/default-schema';
import { EMPTY_COACH_STATE } from '../../../lib/coach/state';
import { EMPTY_PROFILE } from '../../../lib/profile/profile-schema';
import { createEventLog } from '../../../lib/logger/event-log';
import { MESSAGE_TIME_ATTR, PAGE_STATE_ATTRS } from '../../../lib/pilot/bridge';
import type { PageContext } from '../../../lib/rpc/api';
import type { FwEvent } from '../../../lib/events/event-schema';
import type { Suggestion } from '../../../lib/coach/suggest';
import { pageContext } from './page-context';

// A CoachController on the pilot Seller page as the server renders it, for DOM tests (happy-dom) of the coach.

export const ROOM = 'room-abc123-0f0f0f';
export const BUYER = 'buyer-abc123';
export const PAGE_URL = 'http://127.0.0.1:8787/pilot/seller/ABC123';
export const context: PageContext = pageContext({
  participant: 'p-seller',
  conversation: ROOM,
  overlay: { collapsed: false, side: 'right' },
});

/**
 * The pilot Seller page (chat parts, the room's state), with the Buyer's participant stated or not. `sent` lists
 * what the page itself sent: its form is submitted only when the coach lets a send through. As the real page
 * (server/pilot/client/seller.ts), it shows a sent message at once under the id the coach put on the input.
 */
export function pilotPage(buyerParticipant: string | null = BUYER): { list: HTMLElement; input: HTMLTextAreaElement; sent: string[] } {
  document.body.innerHTML = `<header data-fw-conversation="${ROOM}"></header><section id="phase"></section>
    <div data-fw-chat="messages" id="messages"></div>
    <form id="composer"><textarea data-fw-chat="input" id="input"></textarea><button type="submit" data-fw-chat="send" id="send">Send</button></form>`;
  const phase = document.getElementById('phase') as HTMLElement;
  phase.setAttribute(PAGE_STATE_ATTRS.phase, 'chat');
  if (buyerParticipant) phase.setAttribute(PAGE_STATE_ATTRS.buyerParticipant, buyerParticipant);
  const input = document.getElementById('input') as HTMLTextAreaElement;
  const sent: string[] = [];
  const list = document.getElementById('messages') as HTMLElement;
  const form = document.getElementById('composer') as HTMLFormElement;
  // Enter sends, as on the real page.
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
    e.preventDefault();
    form.requestSubmit();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    sent.push(input.value);
    list.append(message('seller', input.value, input.dataset.fwId ?? `local-${sent.length}`, null));
  });
  return { list, input, sent };
}

/** A message element as the page adds it for a chat item. */
export function message(sender: 'buyer' | 'seller', text: string, id: string, time: number | null): HTMLElement {
  const el = Object.assign(document.createElement('div'), {
    className: `msg ${sender === 'seller' ? 'mine seller' : 'theirs buyer'}`,
    textContent: text,
  });
  el.dataset.id = id;
  if (time !== null) el.setAttribute(MESSAGE_TIME_ATTR, String(time));
  return el;
}

/** A controller on the page (coached unless told), logging through the real event log into `logged`. */
export async function coachOnPage(opts: {
  signal: AbortSignal;
  suggestions?: Suggestion[];
  logging?: boolean;
  coaching?: boolean;
  adapter?: ChatAdapter;
}) {
  const { signal, suggestions = [], logging = true, coaching = true, adapter = PILOT_ADAPTER } = opts;
  const logged: FwEvent[] = [];
  const log = createEventLog(
    () => ({ ...context, logging }),
    (e) => logged.push(e),
    () => `${PAGE_URL}#key=secret`,
  );
  const controller = new CoachController({
    doc: document,
    adapter,
    schema: DEFAULT_COACHING_SCHEMA,
    coaching,
    conversation: ROOM,
    log,
    load: async () => EMPTY_COACH_STATE,
    save: async () => undefined,
    newId: uuidv7,
    profile: {
      load: async () => EMPTY_PROFILE,
      extract: async () => ({ profile: EMPTY_PROFILE, items: [], added: [], category: null, ms: 0 }),
      update: async () => ({ profile: EMPTY_PROFILE, change: { op: 'confirm', key: null } }) as never,
      suggest: async () => suggestions,
    },
  });
  await controller.start(signal);
  return { controller, logged };
}

export const pressKey = (target: EventTarget, key: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true }));
export const pressEnter = (input: HTMLElement) => pressKey(input, 'Enter');
