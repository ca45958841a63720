/**
 * Outlines drawn on the chat page over what each selector finds, while the options page previews a configuration:
 * one colour per field, in a layer that takes no clicks, kept in place as the page scrolls.
 */
export const HIGHLIGHT_ATTR = 'data-fw-highlight';
/** Most outlines drawn per field (a long list need not be outlined whole to be recognised). */
const MAX_OUTLINES_PER_FIELD = 200;
const COLOURS: Record<string, string> = {
  messageList: '#2457d6',
  message: '#8a5cf6',
  mine: '#0f9d58',
  text: '#f29900',
  input: '#d93025',
  send: '#d93025',
  conversation: '#5f6368',
  buyer: '#5f6368',
};
const Z_TOP = '2147483646';

/** The element's box in `doc`'s viewport: an element in a readable frame below `doc` adds its frames' offsets. */
function viewportRect(el: Element, doc: Document): DOMRect {
  const r = el.getBoundingClientRect();
  let { left, top } = r;
  for (let d = el.ownerDocument; d !== doc;) {
    const frame = d.defaultView?.frameElement;
    if (!frame) break;
    const fr = frame.getBoundingClientRect();
    left += fr.left + frame.clientLeft;
    top += fr.top + frame.clientTop;
    d = frame.ownerDocument;
  }
  return new DOMRect(left, top, r.width, r.height);
}

let layer: HTMLElement | null = null;
let redraw: (() => void) | null = null;

export function clearHighlights(doc: Document = document): void {
  layer?.remove();
  layer = null;
  if (redraw) {
    doc.defaultView?.removeEventListener('scroll', redraw, true);
    doc.defaultView?.removeEventListener('resize', redraw);
  }
  redraw = null;
}

/** Outlines every element of each field (replacing earlier outlines). */
export function showHighlights(fields: Partial<Record<string, Element[]>>, doc: Document = document): void {
  clearHighlights(doc);
  const view = doc.defaultView;
  if (!view) return;
  const host = doc.createElement('div');
  host.setAttribute(`${HIGHLIGHT_ATTR}-layer`, '');
  host.style.cssText = `position:fixed;inset:0;pointer-events:none;z-index:${Z_TOP}`;
  doc.documentElement.append(host);
  layer = host;
  const draw = () => {
    host.replaceChildren();
    for (const [field, els] of Object.entries(fields)) {
      for (const el of (els ?? []).slice(0, MAX_OUTLINES_PER_FIELD)) {
        const r = viewportRect(el, doc);
        if (r.width === 0 && r.height === 0) continue;
        const box = doc.createElement('div');
        box.setAttribute(HIGHLIGHT_ATTR, field);
        const colour = COLOURS[field] ?? '#2457d6';
        box.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;outline:2px solid ${colour};outline-offset:-1px;background:${colour}14;border-radius:3px`;
        host.append(box);
      }
    }
  };
  draw();
  redraw = draw;
  view.addEventListener('scroll', draw, true);
  view.addEventListener('resize', draw);
}
