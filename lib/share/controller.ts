import type { ChatAdapter } from '../adapters/chat';
import type { GuessState } from '../adapters/pilot-cards';
import { inputText, setInputText } from '../adapters/chat';
import { queryDeep } from '../adapters/deep-query';
import type { LogFn } from '../logger/event-log';
import { MAX_SHARED_PRODUCTS } from '../limits';
import { observable, type Observable } from '../observable';
import type { SharedProduct } from '../storefront/product';
import { linkLine, productsAsText } from './format';
import type { ShareOutcome, SharingMode } from './outcome';
import type { ShareHandle, ShareItem, ShareState } from './handle';

export interface ShareDeps {
  doc: Document;
  adapter: ChatAdapter;
  /** The study's sharing condition, from the extension's settings; a chat that states its own (the pilot room) wins. */
  studySharing: () => SharingMode;
  log: LogFn;
  newId: () => string;
}

/**
 * Product sharing as the study's condition says: I puts a link in the Seller's message box; II sends one product as
 * a card; III collects a list and sends it for comparison. Chats that cannot show cards get text in the message box.
 * Every share is logged as `Seller.share` under the id the chat's server stores it by, so it is kept once.
 */
export class ShareController implements ShareHandle {
  readonly state: Observable<ShareState>;

  constructor(private readonly d: ShareDeps) {
    this.state = observable<ShareState>({
      mode: this.mode(),
      cards: this.showsCards(),
      guess: this.guessState(),
      list: [],
      draft: null,
      status: null,
    });
  }

  /** Follows the chat's condition and turns (the pilot page states them) until the signal aborts. */
  start(signal: AbortSignal): void {
    this.d.adapter.cards?.watch(this.d.doc, signal, () => this.refresh());
  }

  refresh(): void {
    const before = this.state.get().guess;
    const guess = this.guessState();
    // The Buyer's answer (or the end), which the overlay shows from the guess state, replaces "Waiting for the Buyer…".
    const settled = before?.open === true && guess !== null && !guess.open;
    this.set({ mode: this.mode(), guess, ...(settled ? { status: null } : {}) });
  }

  /** Opens the share dialog for a product (condition II), or closes it. */
  setDraft(draft: ShareItem | null): void {
    this.set({ draft, ...(draft ? { status: null } : {}) });
  }

  mode(): SharingMode {
    return this.d.adapter.cards?.sharing(this.d.doc) ?? this.d.studySharing();
  }

  /** True when the chat shows product cards; otherwise shares arrive as text. */
  showsCards(): boolean {
    return this.d.adapter.cards !== null;
  }

  guessState(): GuessState | null {
    return this.d.adapter.cards?.guess(this.d.doc) ?? null;
  }

  private set(patch: Partial<ShareState>): void {
    this.state.set({ ...this.state.get(), ...patch });
  }

  private urlOf(p: SharedProduct): string | null {
    if (p.url) return p.url;
    return p.source === 'catalog' && this.d.adapter.cards ? this.d.adapter.cards.productUrl(this.d.doc, p.id) : null;
  }

  private input(): Element | null {
    return queryDeep(this.d.doc, this.d.adapter.input);
  }

  /** Appends to what the Seller has already written, so nothing they typed is lost. */
  private insert(text: string): void {
    const el = this.input();
    if (!el) throw new Error('The chat’s message box is not on the page.');
    const before = inputText(el).trimEnd();
    setInputText(el, before ? `${before}\n${text}` : text);
  }

  /** Shares now, as the condition says (III: the given products as one list). */
  async share(items: readonly ShareItem[], message?: string): Promise<ShareOutcome> {
    const mode = this.mode();
    const text = message?.trim() || undefined;
    const from = items[0]?.from ?? 'search';
    const payload = { productIds: items.map((i) => i.product.id), mode, from, ...(text ? { message: text } : {}) };
    try {
      if (items.length === 0) throw new Error('Nothing to share.');
      if (items.length > MAX_SHARED_PRODUCTS) throw new Error(`A share holds at most ${MAX_SHARED_PRODUCTS} products.`);
      if (mode !== 'III' && items.length > 1) throw new Error('This study shares one product at a time.');
      let done: 'sent' | 'queued' | 'inserted';
      const id = this.d.newId();
      // When the Seller shared: the chat's server stores its copy of the event with it (the share is logged only
      // once the chat has it, which takes a round trip).
      const time = Date.now();
      const cards = this.d.adapter.cards;
      if (mode === 'I') {
        this.insert(items.map((i) => linkLine(i.product, this.urlOf(i.product))).join('\n'));
        done = 'inserted';
      } else if (cards) {
        this.set({ status: { kind: 'busy', text: 'Sharing…' } });
        done = await cards.send(this.d.doc, {
          kind: 'share',
          id,
          time,
          products: items.map((i) => i.product),
          ...(text ? { message: text } : {}),
          from,
        });
      } else {
        this.insert(
          productsAsText(
            items.map((i) => ({ product: i.product, url: this.urlOf(i.product) })),
            text,
          ),
        );
        done = 'inserted';
      }
      this.d.log('Seller', 'share', payload, { id, time });
      this.set({ draft: null, status: { kind: 'ok', text: describe(done, items.length) } });
      return { done, mode };
    } catch (e) {
      this.set({ status: { kind: 'error', text: e instanceof Error ? e.message : String(e) } });
      throw e;
    }
  }

  /** Condition III: adds a product to the comparison list (once). */
  addToList(item: ShareItem): ShareOutcome {
    const { list } = this.state.get();
    if (!list.some((i) => i.product.id === item.product.id)) {
      if (list.length >= MAX_SHARED_PRODUCTS) {
        const text = `The list holds at most ${MAX_SHARED_PRODUCTS} products; share it or remove one first.`;
        this.set({ status: { kind: 'error', text } });
        throw new Error(text);
      }
      this.set({ list: [...list, item], status: { kind: 'ok', text: `Added to the list (${list.length + 1}).` } });
    }
    return { done: 'listed', mode: this.mode(), size: this.state.get().list.length };
  }

  removeFromList(id: string): void {
    this.set({ list: this.state.get().list.filter((i) => i.product.id !== id) });
  }

  /** Shares the whole list; it is emptied only once the share went through. */
  async shareList(message?: string): Promise<ShareOutcome> {
    const outcome = await this.share(this.state.get().list, message);
    this.set({ list: [] });
    return outcome;
  }

  /** Guesses the Buyer's product (chats with cards only), once the minimum turns are done. */
  async guess(product: SharedProduct): Promise<'sent' | 'queued'> {
    const cards = this.d.adapter.cards;
    try {
      if (!cards) throw new Error('This chat cannot take a guess.');
      const g = cards.guess(this.d.doc);
      if (!g) throw new Error('The chat has not started yet (or has ended).');
      if (g.ended) throw new Error('The Buyer has ended the conversation.');
      if (!g.allowed) throw new Error(`A guess is allowed after ${g.minTurns} turns (now ${g.turns}).`);
      if (g.open) throw new Error('Your last guess is still waiting for the Buyer’s answer.');
      const id = this.d.newId();
      const time = Date.now(); // sent with the guess, as with a share
      this.set({ status: { kind: 'busy', text: 'Guessing…' } });
      const done = await cards.send(this.d.doc, { kind: 'guess', id, time, productId: product.id });
      this.d.log('Seller', 'guess', { productId: product.id }, { id, time });
      this.set({
        status: {
          kind: 'ok',
          text:
            done === 'sent'
              ? `You guessed “${product.title}”. Waiting for the Buyer…`
              : 'Your guess will be sent when the chat reconnects.',
        },
      });
      return done;
    } catch (e) {
      this.set({ status: { kind: 'error', text: e instanceof Error ? e.message : String(e) } });
      throw e;
    }
  }
}

function describe(done: 'sent' | 'queued' | 'inserted', n: number): string {
  const what = n > 1 ? `${n} products` : 'The product';
  if (done === 'sent') return `${what} ${n > 1 ? 'were' : 'was'} shared.`;
  if (done === 'queued') return `${what} will be shared when the chat reconnects.`;
  return `${what} ${n > 1 ? 'are' : 'is'} in your message box: press Send.`;
}
