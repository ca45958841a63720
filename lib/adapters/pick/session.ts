import { inferPick, type PickContext, type PickField, type PickOutcome } from './infer';
import { inputOf, sendControlOf } from './controls';
import { inferMessageList } from './infer-list';
import { inferMessages } from './infer-message';
import { PICKING_ATTRIBUTE } from '../picking';

/**
 * One pick in one frame of the chat's tab: outlines what the pointer is over, and on the press answers what was
 * meant. The press is read from the pointer's position (elementsFromPoint, through open shadow roots), not from the
 * click's target: a disabled send button gets no click, and the page must not act on the press (send, follow a
 * link). The top frame shows the prompt; every frame listens, and the frame that answers tells the others to stop.
 */
export const PICK_DONE_MESSAGE = 'floorwalker-pick-done';
/** How long a pick waits for the participant. */
export const PICK_TIMEOUT_MS = 120_000;
/** After the press that picks, the page's click that follows is swallowed too, for at most this long. */
const SWALLOW_AFTER_MS = 1_000;
const Z_TOP = '2147483647';

/** The innermost element at a point, through open shadow roots, skipping the picker's own outline and prompt. */
export function deepElementAt(doc: Document, x: number, y: number, skip: readonly Element[]): Element | null {
  const first = (root: Document | ShadowRoot) => root.elementsFromPoint(x, y).find((e) => !skip.includes(e)) ?? null;
  let el = first(doc);
  for (let depth = 0; el?.shadowRoot && depth < 20; depth++) {
    const inner = first(el.shadowRoot);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el && intoInert(el, x, y);
}

/**
 * Hit testing skips elements with `pointer-events: none`, and pages set it on a send button while it is disabled
 * (vue-advanced-chat's empty-message send icon): the press lands on the bar around it. From the hit element, go
 * down into such a child under the point (the last one drawn, through shadow roots), as deep as they go.
 */
function intoInert(hit: Element, x: number, y: number): Element {
  let el = hit;
  for (let depth = 0; depth < 20; depth++) {
    const children = [...(el.shadowRoot?.children ?? []), ...el.children].reverse();
    const under = children.find((c) => {
      const r = c.getBoundingClientRect();
      return r.width > 0 && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom && getComputedStyle(c).pointerEvents === 'none';
    });
    if (!under) break;
    el = under;
  }
  return el;
}

/**
 * What the outline shows for the hovered element: what a press there would pick (the list around it, the message
 * around its time, the button around its icon, the editor around its paragraph), so the participant sees it first.
 */
function outlined(field: PickField, el: Element): Element {
  switch (field) {
    case 'send':
      return sendControlOf(el);
    case 'input':
      return inputOf(el);
    case 'messageList':
      return inferMessageList(el) ?? el;
    case 'message':
    case 'mine': {
      const list = inferMessageList(el);
      return (list && inferMessages(list, el)?.unit) ?? el;
    }
    default:
      return el;
  }
}

/** An inference that throws (a page's odd markup) ends the pick with its reason instead of leaving the prompt up. */
function safeInfer(field: PickField, el: Element, context: PickContext): PickOutcome {
  try {
    return inferPick(field, el, context);
  } catch (e) {
    return { error: `Could not work out what that is (${e instanceof Error ? e.message : String(e)}): try another spot.` };
  }
}

/** Tells every frame of the tab that this pick is over (frames may be cross-origin: postMessage, by token). */
function announceDone(token: string): void {
  window.top?.postMessage({ [PICK_DONE_MESSAGE]: token }, '*');
}

function relayDone(win: Window, data: unknown): void {
  for (let i = 0; i < win.frames.length; i++) {
    const f = win.frames[i];
    if (!f) continue;
    f.postMessage(data, '*');
    relayDone(f, data);
  }
}

/**
 * Ends the last pick's swallowing of its press now: a pick that starts within SWALLOW_AFTER_MS of the last (picks in
 * quick succession) must get its own press, and keep the coach stood aside, rather than have the last pick's
 * late clean-up stop its listeners and clear the picking mark.
 */
let endLastSwallow: (() => void) | null = null;

export function runPick(field: PickField, prompt: string, context: PickContext, token: string): Promise<PickOutcome | null> {
  const doc = document;
  const isTop = window === window.top;
  endLastSwallow?.();
  return new Promise((resolve) => {
    const box = doc.createElement('div');
    box.setAttribute('data-fw-pick-outline', '');
    box.style.cssText = `position:fixed;pointer-events:none;z-index:${Z_TOP};border:2px solid #2457d6;background:rgba(36,87,214,.12);border-radius:4px;display:none`;
    const tip = doc.createElement('div');
    tip.setAttribute('data-fw-pick-prompt', '');
    tip.style.cssText = `position:fixed;top:8px;left:50%;transform:translateX(-50%);z-index:${Z_TOP};background:#1d2433;color:#fff;font:14px system-ui,sans-serif;padding:8px 12px;border-radius:8px;pointer-events:none;max-width:80vw`;
    tip.textContent = `Floorwalker: click ${prompt}. Esc cancels.`;
    doc.documentElement.append(box);
    doc.documentElement.setAttribute(PICKING_ATTRIBUTE, '');
    if (isTop) doc.documentElement.append(tip);
    const ours = [box, tip];
    let hovered: Element | null = null;

    const onMove = (e: MouseEvent) => {
      const el = deepElementAt(doc, e.clientX, e.clientY, ours);
      if (!el || el === hovered) return; // inferring again for the same element would only cost time
      hovered = el;
      const r = outlined(field, el).getBoundingClientRect();
      Object.assign(box.style, {
        display: 'block',
        left: `${r.left}px`,
        top: `${r.top}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      });
    };
    const swallow = (e: Event) => {
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    const onPress = (e: PointerEvent | MouseEvent) => {
      swallow(e);
      const el = deepElementAt(doc, e.clientX, e.clientY, ours) ?? hovered;
      if (!el) return;
      finish(safeInfer(field, el, context), true);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      swallow(e);
      finish(null, true);
    };
    const onMessage = (e: MessageEvent) => {
      const data: unknown = e.data;
      if (typeof data !== 'object' || data === null || (data as Record<string, unknown>)[PICK_DONE_MESSAGE] !== token) return;
      if (isTop) relayDone(window, data);
      finish(null, false);
    };
    const PRESS = ['pointerdown', 'mousedown'] as const;
    const AFTER = ['mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'contextmenu'] as const;
    let done = false;
    const finish = (outcome: PickOutcome | null, here: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      window.removeEventListener('mousemove', onMove, true);
      window.removeEventListener('pointermove', onMove, true);
      for (const t of PRESS) window.removeEventListener(t, onPress, true);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('message', onMessage);
      box.remove();
      tip.remove();
      // The rest of this press (up, click) still reaches the page: swallow it, then stop swallowing.
      const endSwallow = () => {
        clearTimeout(swallowing);
        for (const t of AFTER) window.removeEventListener(t, swallow, true);
        doc.documentElement.removeAttribute(PICKING_ATTRIBUTE);
        if (endLastSwallow === endSwallow) endLastSwallow = null;
      };
      const swallowing = setTimeout(endSwallow, SWALLOW_AFTER_MS);
      endLastSwallow = endSwallow;
      if (here) announceDone(token);
      resolve(outcome);
    };
    const timer = setTimeout(() => finish(null, true), PICK_TIMEOUT_MS);
    window.addEventListener('mousemove', onMove, true);
    window.addEventListener('pointermove', onMove, true);
    for (const t of PRESS) window.addEventListener(t, onPress, true);
    for (const t of AFTER) window.addEventListener(t, swallow, true);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('message', onMessage);
  });
}
