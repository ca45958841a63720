import type { ChatAdapter } from '../adapters/chat';
import { inputText } from '../adapters/chat';
import { interceptSend, type SendControl } from '../adapters/intercept-send';
import { observeMessages } from '../adapters/observe-messages';
import type { LogFn } from '../logger/event-log';
import { observable, type Observable } from '../observable';
import { checklist, findAct, nextActs, useAct, type ActStatus, type Guidance } from './engine';
import type { CoachingSchema } from './coaching-schema';
import { afterMessage, EMPTY_COACH_STATE, type CoachState } from './state';
import { COACH_KEY_CHORD_MS, MAX_MESSAGE_CHARS, SEND_CONFIRM_MS } from '../limits';
import { cleanText } from '../text/unicode';
import { ID_PATTERN } from '../ids';
import { SEND_DATASET } from '../pilot/bridge';
import { distance } from 'fastest-levenshtein';
import { isHtml, setInputText, type ChatMessage } from '../adapters/chat';
import { onChatWindows } from '../adapters/chat-windows';
import { eventTargetMatch, queryDeep } from '../adapters/deep-query';
import type { PayloadOf } from '../events/event-schema';
import { confirmedSend, PAGE_DROPPED_SEND } from './confirm-send';
import { EMPTY_PROFILE, knownSlots, type ConversationProfile } from '../profile/profile-schema';
import type { ProfileChange, ProfileOp } from '../profile/memory';
import type { Extracted, SuggestRequest } from '../rpc/types';
import type { Suggestion } from './suggest';

export interface CoachView {
  coaching: boolean;
  state: CoachState;
  checklist: ActStatus[];
  guidance: Guidance[];
  /** Acts chosen for the message being written. */
  selected: string[];
  /** A send was held: the Seller must choose an act. */
  awaiting: boolean;
  /** Number keys typed so far while choosing ("3" waiting for "a"). */
  typed: string;
  error: string | null;
  /** What the Buyer has said they want (suggested and confirmed items), and their earlier confirmed items. */
  profile: ConversationProfile;
  /** Replies suggested for the chosen act. */
  suggestions: Suggestion[];
  /** The suggestion put in the input, until the message is sent. */
  usedSuggestion: string | null;
}

/** What the coach asks the background about the Buyer profile and suggested replies. */
export interface ProfileBackend {
  load(key: string, buyer: string | null): Promise<ConversationProfile>;
  extract(key: string, text: string, messageId: string | null, category: string | null): Promise<Extracted>;
  update(key: string, op: ProfileOp): Promise<{ profile: ConversationProfile; change: ProfileChange }>;
  suggest(request: SuggestRequest): Promise<Suggestion[]>;
}

/** A send let through: its event, with the id and time chosen when it was sent, logged once the page shows it. */
interface PendingSend {
  id: string;
  time: number;
  acts: string[];
  payload: PayloadOf<'utter'>;
  timer: ReturnType<typeof setTimeout>;
}

export interface CoachDeps {
  doc: Document;
  adapter: ChatAdapter;
  schema: CoachingSchema;
  coaching: boolean;
  conversation: string | null;
  log: LogFn;
  load(conversation: string): Promise<CoachState>;
  save(conversation: string, state: CoachState): Promise<void>;
  newId(): string;
  profile: ProfileBackend;
}

/**
 * The coached Seller's loop on a chat page: holds a send until an act is chosen (when coaching is on), sends it
 * through the page with the act attached, logs every Seller and Buyer message, and keeps the checklist's counts,
 * the turn count and the next-act guidance. Framework-free; the overlay renders `view`.
 */
export class CoachController {
  readonly view: Observable<CoachView>;
  private state: CoachState = EMPTY_COACH_STATE;
  private selected: string[] = [];
  private awaiting = false;
  private typed = '';
  private chordTimer: ReturnType<typeof setTimeout> | undefined;
  private composeStart: number | null = null;
  private send: SendControl | null = null;
  private profile: ConversationProfile = EMPTY_PROFILE;
  private suggestions: Suggestion[] = [];
  private used: Suggestion | null = null;
  private lastBuyerText = '';
  private suggestSeq = 0;
  /** Sends let through, waiting to appear in the message list before they are logged as said. */
  private pending: PendingSend[] = [];

  constructor(private readonly d: CoachDeps) {
    this.view = observable(this.snapshot(null));
  }

  async start(signal: AbortSignal): Promise<void> {
    const { doc, adapter } = this.d;
    await this.read();
    this.send = interceptSend(doc, adapter, (text) => this.onAttempt(text), signal);
    observeMessages(
      doc,
      adapter,
      (m) => {
        if (m.sender === 'buyer') this.onBuyerMessage(m);
        else if (m.sender === 'seller') this.onSellerMessage(m);
      },
      signal,
    );
    onChatWindows(
      doc,
      () => [this.input()],
      (win, frameDoc) => {
        // Time spent composing: from the first edit after the last send.
        frameDoc.addEventListener(
          'input',
          (e) => {
            if (this.composeStart === null && eventTargetMatch(e, adapter.input)) this.composeStart = Date.now();
          },
          { capture: true, signal },
        );
        // Choosing by number keys while a send is held (focus stays in the chat input, maybe in a frame).
        win.addEventListener('keydown', (e) => this.onKey(e), { capture: true, signal });
      },
      signal,
    );
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(this.chordTimer);
        for (const p of this.pending) clearTimeout(p.timer);
      },
      { once: true },
    );
    this.publish();
  }

  /**
   * Reads the conversation's counts, turns and Buyer profile again: after all data was deleted elsewhere they are gone,
   * and the panel must not go on showing them (nor save them back with the next message).
   */
  async reload(): Promise<void> {
    await this.read();
    this.suggestions = [];
    this.used = null;
    this.publish();
  }

  private async read(): Promise<void> {
    const { doc, adapter, conversation } = this.d;
    if (!conversation) return;
    // Two calls to the background at once rather than one after the other: the checklist waits for both.
    const [state, profile] = await Promise.all([
      this.d.load(conversation),
      this.d.coaching ? this.d.profile.load(conversation, adapter.buyerId(doc)).catch(() => EMPTY_PROFILE) : null,
    ]);
    this.state = state;
    if (profile) this.profile = profile;
  }

  /** Click on an act: while a send is held it sends with that act; otherwise it is chosen (or unchosen) for the next message. */
  clickAct(actId: string): void {
    if (this.awaiting) {
      this.chooseAndSend(actId, 'mouse');
      return;
    }
    if (this.selected.includes(actId)) this.selected = this.selected.filter((a) => a !== actId);
    // A refused act has published why (locked, or used up): publishing again would clear that message at once.
    else if (this.choose(actId, 'mouse')) this.selected = [...this.selected, actId];
    else return;
    this.publish();
    void this.refreshSuggestions();
  }

  cancel(): void {
    this.awaiting = false;
    this.typed = '';
    this.publish();
  }

  /** Confirm, edit, remove or add a profile item, take or dismiss an earlier one, or name the Buyer. */
  async changeProfile(op: ProfileOp): Promise<void> {
    if (!this.d.conversation) return;
    try {
      const { profile, change } = await this.d.profile.update(this.d.conversation, op);
      this.profile = profile;
      this.d.log('Seller', 'profile_update', {
        op: change.op,
        key: change.key,
        ...(change.item ? { item: change.item } : {}),
        ...(change.before ? { before: change.before } : {}),
        buyer: profile.buyer,
      });
      this.publish();
    } catch (e) {
      this.publish(e instanceof Error ? e.message : String(e));
    }
  }

  /** Puts a suggested reply in the chat input; the message that is sent records it and how much it was edited. */
  useSuggestion(id: string): void {
    const s = this.suggestions.find((x) => x.id === id);
    const input = this.input();
    if (!s || !input) return;
    setInputText(input, s.text);
    this.composeStart ??= Date.now();
    this.used = s;
    this.publish();
  }

  /** The chat input: the one the last send attempt came from, else the page's. */
  private input(): Element | null {
    return this.send?.input() ?? queryDeep(this.d.doc, this.d.adapter.input);
  }

  private async readPreferences(text: string, messageId: string | null): Promise<void> {
    if (!this.d.coaching || !this.d.conversation) return;
    try {
      const r = await this.d.profile.extract(this.d.conversation, text, messageId, this.d.adapter.category(this.d.doc));
      this.profile = r.profile;
      this.d.log('System', 'profile_extract', { messageId, items: r.items, category: r.category, ms: Math.round(r.ms * 1000) / 1000 });
      this.publish();
    } catch (e) {
      console.warn('[floorwalker] reading the Buyer message', e);
    }
  }

  /** Fetches suggestions for the act just chosen (a later choice wins over an earlier answer still on its way). */
  private async refreshSuggestions(): Promise<void> {
    const act = findAct(this.d.schema, this.selected.at(-1) ?? '');
    const seq = ++this.suggestSeq;
    if (!act || !this.d.coaching) {
      this.suggestions = [];
      return;
    }
    const draft = inputText(this.input()).trim();
    try {
      const found = await this.d.profile.suggest({
        conversation: this.d.conversation ?? '',
        act: act.id,
        templates: act.templates ?? [],
        query: draft || this.lastBuyerText,
      });
      if (seq !== this.suggestSeq) return;
      this.suggestions = found;
      this.publish();
    } catch (e) {
      console.warn('[floorwalker] suggestions', e);
    }
  }

  /**
   * A send the Seller tried before the coach had started (held until then, lib/coach/hold-until-started.ts), taken
   * up as if tried now: held until an act is chosen when coaching, else sent. Needs start() to have run.
   */
  retryHeldSend(): void {
    const text = inputText(this.input());
    if (text.trim() && this.onAttempt(text)) this.send?.release();
  }

  private onAttempt(text: string): boolean {
    if (this.d.coaching && this.selected.length === 0) {
      this.awaiting = true;
      this.publish('Choose an act for this message first.');
      return false;
    }
    this.recordSend(text);
    return true;
  }

  private choose(actId: string, via: 'mouse' | 'keyboard' | 'suggestion'): boolean {
    const act = findAct(this.d.schema, actId);
    const ok = useAct(this.d.schema, this.countsWithSelected(), actId);
    if (!ok.ok || !act) {
      this.publish(ok.ok ? null : ok.error);
      return false;
    }
    this.d.log('Seller', 'select_act', { act: act.id, via });
    return true;
  }

  private chooseAndSend(actId: string, via: 'mouse' | 'keyboard'): void {
    const act = findAct(this.d.schema, actId);
    if (!act || !this.choose(act.id, via)) return;
    this.selected = [...this.selected, act.id];
    this.awaiting = false;
    this.typed = '';
    const text = inputText(this.input());
    if (text.trim()) {
      this.recordSend(text);
      this.send?.release();
    }
    this.publish();
  }

  private recordSend(text: string): void {
    const acts = this.selected;
    const id = this.d.newId();
    const time = Date.now();
    const composeMs = this.composeStart === null ? 0 : Math.max(0, time - this.composeStart);
    // What the Seller sends is read from the page's input: it is cleaned and cut like any page text (lib/text/unicode).
    const sent = cleanText(text.trim(), MAX_MESSAGE_CHARS);
    const used = this.used;
    const editDistance = used ? distance(used.text.trim(), sent) : 0;
    const suggestion = used ? { id: used.id, editDistance, usedAs: editDistance === 0 ? ('as_is' as const) : ('edited' as const) } : null;
    const payload = { text: sent, ...(acts.length ? { acts } : {}), composeMs, ...(suggestion ? { suggestion } : {}) };
    // Logged once the message shows in the chat (onSellerMessage), under this id and time: the pilot room records the
    // same event under the same id. A draft says now whether the participant lets it log.
    const logged = this.d.log('Seller', 'utter', payload, { id, time, draft: true }) !== null;
    const timer = setTimeout(() => this.dropped(id), SEND_CONFIRM_MS);
    this.pending.push({ id, time, acts, payload, timer });
    // The pilot chat sends all this with the message, so its server logs the same event under the same id. The acts
    // and the id belong to the coached chat itself; what only the extension measures (when, how long, which
    // suggestion) goes along only while the participant lets it log: paused means paused for the room's copy too.
    const input = this.send?.input();
    if (this.d.adapter.carriesActs && isHtml(input)) {
      const data = input.dataset;
      data[SEND_DATASET.acts] = acts.join(',');
      data[SEND_DATASET.id] = id;
      const measured: [string, string | null][] = [
        [SEND_DATASET.composeMs, logged ? String(composeMs) : null],
        [SEND_DATASET.time, logged ? String(time) : null],
        // None from an earlier message the page did not send, either.
        [SEND_DATASET.suggestion, logged && suggestion ? JSON.stringify(suggestion) : null],
      ];
      for (const [key, value] of measured) {
        if (value === null) delete data[key];
        else data[key] = value;
      }
    }
    this.selected = [];
    this.composeStart = null;
    this.used = null;
    this.suggestions = [];
    this.publish();
  }

  private onBuyerMessage(m: ChatMessage): void {
    // Under the page's id, as the chat's server stored it when it says how (the pilot room): one event, two copies.
    const same =
      m.id && ID_PATTERN.test(m.id)
        ? {
            id: m.id,
            ...(m.recorded ? { time: m.recorded.time, recordedBy: { participant: m.recorded.participant, role: 'buyer' as const } } : {}),
          }
        : undefined;
    const event = this.d.log('Buyer', 'utter', { text: m.text }, same);
    this.lastBuyerText = m.text;
    this.update(afterMessage(this.state, 'buyer'));
    void this.readPreferences(m.text, event?.id ?? null);
  }

  /**
   * A Seller message in the chat: the send it confirms is logged as said, with its acts. One that confirms no send
   * reached the chat without passing the coach (a send key or script the coach does not catch, a paste-and-click):
   * it is logged too, with no acts and `held: false`. The pilot room records every Seller message itself, under
   * the id the coach gave it, so there such a message is left to the room's copy.
   */
  private onSellerMessage(m: ChatMessage): void {
    const i = confirmedSend(m, this.pending);
    const p = i < 0 ? undefined : this.pending.splice(i, 1)[0];
    if (p) {
      clearTimeout(p.timer);
      this.d.log('Seller', 'utter', p.payload, { id: p.id, time: p.time });
      this.update(afterMessage(this.state, 'seller', p.acts));
    } else if (!this.d.adapter.carriesActs) {
      this.d.log('Seller', 'utter', { text: m.text, held: false });
      this.update(afterMessage(this.state, 'seller', []));
    }
  }

  /**
   * A send the page never showed: nothing is logged as said (the Buyer never saw it), the Seller is told, and its
   * acts are chosen again for the next try. Not logged with a `sent: false` flag: every `utter` row a researcher
   * exports is then a message the Buyer saw, and a retry is not counted twice; the act choice stays in `select_act`.
   */
  private dropped(id: string): void {
    const p = this.pending.find((x) => x.id === id);
    if (!p) return;
    this.pending = this.pending.filter((x) => x !== p);
    if (this.selected.length === 0) this.selected = p.acts;
    this.publish(PAGE_DROPPED_SEND);
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.awaiting) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      this.cancel();
      return;
    }
    if (!/^[0-9a-z]$/i.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const typed = this.typed + e.key.toLowerCase();
    const numbers = this.d.schema.acts.map((a) => a.number);
    const exact = numbers.includes(typed);
    const longer = numbers.some((n) => n !== typed && n.startsWith(typed));
    clearTimeout(this.chordTimer);
    if (exact && !longer) return this.chooseAndSend(typed, 'keyboard');
    if (!exact && !longer) {
      this.typed = '';
      this.publish(`No act numbered ${typed}.`);
      return;
    }
    this.typed = typed;
    this.publish();
    // "3" could be 3 or 3a: wait a moment for the letter.
    if (exact) this.chordTimer = setTimeout(() => this.chooseAndSend(typed, 'keyboard'), COACH_KEY_CHORD_MS);
  }

  private update(next: CoachState): void {
    this.state = next;
    if (this.d.conversation) void this.d.save(this.d.conversation, next).catch(() => undefined);
    this.publish();
  }

  private publish(error: string | null = null): void {
    this.view.set(this.snapshot(error));
  }

  /** Acts chosen for the message being written, and for sends not yet confirmed, count already: limits and follow-ups see them. */
  private countsWithSelected(): Record<string, number> {
    const counts = { ...this.state.counts };
    for (const s of [...this.pending.flatMap((p) => p.acts), ...this.selected]) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  }

  private snapshot(error: string | null): CoachView {
    const counts = this.countsWithSelected();
    return {
      coaching: this.d.coaching,
      state: this.state,
      checklist: checklist(this.d.schema, counts),
      guidance: nextActs(this.d.schema, { counts, last: this.selected.at(-1) ?? this.state.last, known: knownSlots(this.profile.entries) }),
      selected: this.selected,
      awaiting: this.awaiting,
      typed: this.typed,
      error,
      profile: this.profile,
      suggestions: this.suggestions,
      usedSuggestion: this.used?.id ?? null,
    };
  }
}
