import { composedParent } from '../deep-query';

/** What a click on a send control means: the button around the icon, label or edge that was clicked. */
const BUTTON_LIKE = 'button, [role="button"], input[type="submit"], input[type="button"], input[type="image"]';
/** What a click in a message box means: the field itself, or the editable root of a rich editor. */
const FIELD = 'textarea, input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), [role="textbox"]';
/** Decorations inside a control: icons and their parts, label wrappers. */
const DECORATION = new Set(['svg', 'path', 'use', 'g', 'circle', 'rect', 'line', 'polyline', 'polygon', 'span', 'i', 'img', 'b', 'small']);

function closestComposed(el: Element, test: (x: Element) => boolean): Element | null {
  for (let x: Element | null = el; x; x = composedParent(x)) if (test(x)) return x;
  return null;
}

/**
 * The send control from a click on it: its `button`, `[role=button]` or submit input ancestor; for a page whose send
 * control is a plain element with an icon (`<div class="send"><svg>…`), the element around the icon.
 */
export function sendControlOf(clicked: Element): Element {
  const button = closestComposed(clicked, (x) => x.matches(BUTTON_LIKE));
  if (button) return button;
  let x: Element = clicked;
  while (DECORATION.has(x.localName)) {
    const parent = composedParent(x);
    if (!parent) break;
    x = parent;
  }
  return x;
}

/** The message box from a click in it: the field, or the outermost editable element of a rich editor. */
export function inputOf(clicked: Element): Element {
  const field = closestComposed(clicked, (x) => x.matches(FIELD));
  let editable: Element | null = null;
  for (let x: Element | null = clicked; x; x = composedParent(x)) {
    const v = x.getAttribute('contenteditable');
    if (v !== null && v !== 'false') editable = x;
  }
  return editable ?? field ?? clicked;
}
