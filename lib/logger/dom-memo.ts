/**
 * Answers about a page's elements (which product card a button is in, how a control is described) that hold until the
 * page changes. Working them out is most of what a click costs (bench/logger), and a person clicks and looks at the
 * same few things again and again on a page that does not change in between.
 *
 * The answers are dropped at the page's first change after they were worked out: any node, attribute or text in the
 * document, its address (a single-page shop moving on), the window's size, or one of the caller's `inputs` (what the page
 * is about). A
 * MutationObserver watches only while answers are kept and stops at the first change, so a busy page (a carousel, a
 * ticking timer) costs at most one mutation report per answer worked out, not one per change; pending changes are
 * taken synchronously before every answer, so one made in the same task as a click is not missed. Elements inside a
 * shadow root (which the observer does not see into) or outside the document are never remembered.
 */
export interface DomMemo<K extends Element, V> {
  get(key: K, make: () => V): V;
  /** The answer kept for `key` if the page has not changed since it was worked out; nothing is worked out here. */
  peek(key: K): V | undefined;
}

/** Loads and scrolls do not bubble: heard on their way down to their element. */
const LAYOUT_LISTEN = { capture: true, passive: true } as const;

/** Every kind of change an answer may depend on. */
const EVERY_CHANGE: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

export interface DomMemoOptions {
  /**
   * The answers read the layout too (sizes on screen, what a slider shows): they are also dropped when a picture loads
   * (its size can change with no change to the DOM) or an element inside the page scrolls (a slider moving, which
   * changes no attribute). The page's own scrolling moves everything together and is not a change. Heard only while
   * answers are kept, like the observer.
   */
  layout?: boolean;
}

export function domMemo<K extends Element, V>(
  doc: Document,
  signal: AbortSignal,
  inputs: () => readonly unknown[] = () => [],
  { layout = false }: DomMemoOptions = {},
): DomMemo<K, V> {
  const Observer = doc.defaultView?.MutationObserver ?? globalThis.MutationObserver;
  let answers = new Map<K, V>();
  let watching = false;
  let keptFor: { url: string; inputs: readonly unknown[] } = { url: '', inputs: [] };
  const forget = () => {
    answers = new Map();
    if (watching) {
      observer?.disconnect();
      if (layout) {
        doc.removeEventListener('load', forget, LAYOUT_LISTEN);
        doc.removeEventListener('scroll', scrolled, LAYOUT_LISTEN);
      }
    }
    watching = false;
  };
  const scrolled = (e: Event) => {
    if (e.target !== doc) forget();
  };
  const observer = Observer ? new Observer(forget) : null;
  signal.addEventListener('abort', forget, { once: true });
  // A new window size can change which picture a responsive image shows and what is visible, with no change to the DOM.
  doc.defaultView?.addEventListener('resize', forget, { passive: true, signal });
  const changed = (url: string, now: readonly unknown[]) =>
    !!observer?.takeRecords().length ||
    url !== keptFor.url ||
    now.length !== keptFor.inputs.length ||
    now.some((x, i) => x !== keptFor.inputs[i]);

  /** Drops the answers if the page changed since they were worked out; null where none can be kept for `key`. */
  const current = (key: K): { url: string; now: readonly unknown[] } | null => {
    if (!observer || signal.aborted || key.getRootNode() !== doc) return null;
    const url = doc.URL;
    const now = inputs();
    if (watching && changed(url, now)) forget();
    return { url, now };
  };

  return {
    peek(key) {
      if (!watching) return undefined; // nothing kept: no need to ask the page anything
      return current(key) ? answers.get(key) : undefined;
    },
    get(key, make) {
      const at = current(key);
      if (!at) return make();
      const { url, now } = at;
      if (answers.has(key)) return answers.get(key) as V;
      const answer = make();
      answers.set(key, answer);
      if (!watching && observer) {
        observer.observe(doc, EVERY_CHANGE);
        if (layout) {
          doc.addEventListener('load', forget, LAYOUT_LISTEN);
          doc.addEventListener('scroll', scrolled, LAYOUT_LISTEN);
        }
        watching = true;
        keptFor = { url, inputs: now };
      }
      return answer;
    },
  };
}
