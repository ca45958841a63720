import { DEEP_COMBINATOR, hostOf } from '../deep-query';
import { attrValue, cssIdent, MAX_ATTR_VALUE_CHARS, nameKind, usableClasses } from './names';

/**
 * Selectors for one picked element that survive the page's next render: its id, test id, role or name, its stable
 * classes, then its ancestors' until only it matches in its root. Inside an open shadow root or a readable frame,
 * the selector is deep: the host's (or frame's) own selector, ` >>> `, then the element's inside it.
 */
export type Root = Document | ShadowRoot;

/** Attributes that name what an element is for, in the order a selector prefers them. */
const NAMING_ATTRS = [
  'data-testid',
  'data-test',
  'data-qa',
  'data-cy',
  'name',
  'role',
  'aria-label',
  'placeholder',
  'type',
  'contenteditable',
];

/** How many ancestors a selector may chain before it falls back to positions. */
const MAX_CHAIN = 6;

export const rootOf = (el: Element): Root => el.getRootNode() as Root;

const count = (root: Root, sel: string): number => {
  try {
    return root.querySelectorAll(sel).length;
  } catch {
    return Infinity;
  }
};

export const isUniqueIn = (root: Root, sel: string, el: Element): boolean => {
  try {
    const all = root.querySelectorAll(sel);
    return all.length === 1 && all[0] === el;
  } catch {
    return false;
  }
};

/** The element's own part of a selector: tag, stable classes, and the first naming attribute it has. */
export function ownSelector(el: Element, { attrs = true } = {}): string {
  const tag = cssIdent(el.localName);
  const classes = usableClasses(el)
    .map((c) => `.${cssIdent(c)}`)
    .join('');
  if (attrs) {
    for (const a of NAMING_ATTRS) {
      const v = el.getAttribute(a);
      if (v !== null && v.length <= MAX_ATTR_VALUE_CHARS && !/\d{3,}/.test(v)) return `${tag}[${a}=${attrValue(v)}]${classes}`;
    }
  }
  return `${tag}${classes}`;
}

/** An id that is not generated (utility-like words such as `text-input` are fine for ids: they name one thing). */
const idSelector = (el: Element): string | null => (el.id && nameKind(el.id) !== 'hashed' ? `#${cssIdent(el.id)}` : null);

/** `tag:nth-of-type(n)`, the last resort for an element with nothing else to tell it apart. */
function nthOfType(el: Element): string {
  const same = [...(el.parentElement?.children ?? [])].filter((s) => s.localName === el.localName);
  return same.length > 1 ? `${ownSelector(el)}:nth-of-type(${same.indexOf(el) + 1})` : ownSelector(el);
}

/** A selector that finds `el` alone in its root (plain CSS). */
export function uniqueInRoot(el: Element): string {
  const root = rootOf(el);
  const id = idSelector(el);
  if (id && isUniqueIn(root, id, el)) return id;
  let sel = ownSelector(el);
  if (isUniqueIn(root, sel, el)) return sel;
  let up = el.parentElement;
  for (let i = 0; up && i < MAX_CHAIN; i++, up = up.parentElement) {
    const upId = idSelector(up);
    const upSel = upId && count(root, upId) === 1 ? upId : ownSelector(up);
    sel = `${upSel} ${sel}`;
    if (isUniqueIn(root, sel, el)) return sel;
    if (upSel === upId) break; // below a unique id, only position tells it apart
  }
  // Positions from the nearest ancestor with an id (or the root): fragile, but it finds this element.
  const parts: string[] = [];
  let x: Element | null = el;
  for (; x && !(x !== el && idSelector(x) && count(root, idSelector(x) ?? '') === 1); x = x.parentElement) parts.unshift(nthOfType(x));
  const anchor = x ? `${idSelector(x)} > ` : '';
  return `${anchor}${parts.join(' > ')}`;
}

/** The deep prefix for elements in `root`: `host-selector >>> ` for each shadow root or frame above it. */
export function rootPrefix(root: Root): string {
  const host = hostOf(root);
  return host ? `${uniqueDeep(host)} ${DEEP_COMBINATOR} ` : '';
}

/** A selector, deep where it must be, that finds `el` alone from the top document. */
export function uniqueDeep(el: Element): string {
  return `${rootPrefix(rootOf(el))}${uniqueInRoot(el)}`;
}
