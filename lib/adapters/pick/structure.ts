import { composedParent } from '../deep-query';
import { nameKind } from './names';

/**
 * How a chat's markup repeats: messages are siblings built alike (same tag, a shared class, similar insides), under
 * a list that often scrolls. These measures find the repeated unit whatever the page names it.
 */

/** How deep the shape comparison looks inside two elements. */
const SHAPE_DEPTH = 3;
/** How similar two elements' insides must be (Jaccard of their descendants' tag and first class) to be alike. */
const MIN_SHAPE_SIMILARITY = 0.4;

/** `el`'s ancestors from its parent up, across shadow roots and readable frames, stopping below `<body>`. */
export function ancestorsOf(el: Element): Element[] {
  const out: Element[] = [];
  for (let x = composedParent(el); x && x.localName !== 'body' && x.localName !== 'html'; x = composedParent(x)) out.push(x);
  return out;
}

/** The elements from below `ancestor` down to `el` (both sides within `ancestor`), or null when `el` is not inside. */
export function pathBelow(ancestor: Element, el: Element): Element[] | null {
  const path: Element[] = [];
  for (let x: Element | null = el; x; x = composedParent(x)) {
    if (x === ancestor) return path;
    path.unshift(x);
  }
  return null;
}

function shape(el: Element, depth = SHAPE_DEPTH, into = new Set<string>(), prefix = ''): Set<string> {
  if (depth === 0) return into;
  for (const c of el.children) {
    const key = `${prefix}${c.localName}.${c.classList[0] ?? ''}`;
    into.add(key);
    shape(c, depth - 1, into, `${key}/`);
  }
  return into;
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const k of a) if (b.has(k)) both++;
  return both / (a.size + b.size - both);
}

/** An element's classes but its passing states (an enter animation, `is-active`), which one of alike siblings may have. */
const lastingClasses = (el: Element): string[] => [...el.classList].filter((c) => nameKind(c) !== 'state');

/** Whether two siblings are built alike: same tag, a lasting class in common (or none each), similar insides. */
export function alike(a: Element, b: Element): boolean {
  if (a.localName !== b.localName) return false;
  const ac = lastingClasses(a);
  const bc = new Set(lastingClasses(b));
  if ((ac.length > 0 || bc.size > 0) && !ac.some((c) => bc.has(c))) return false;
  return similarity(shape(a), shape(b)) >= MIN_SHAPE_SIMILARITY;
}

/** `child` and its siblings built like it. */
export function alikeSiblings(child: Element): Element[] {
  const parent = child.parentElement;
  if (!parent) return [child];
  return [...parent.children].filter((s) => s === child || alike(s, child));
}

/** The largest group of alike children an element has. */
export function largestAlikeGroup(el: Element): Element[] {
  let best: Element[] = [];
  const seen = new Set<Element>();
  for (const c of el.children) {
    if (seen.has(c)) continue;
    const group = alikeSiblings(c);
    for (const g of group) seen.add(g);
    if (group.length > best.length) best = group;
  }
  return best;
}

/** Whether the element scrolls its content (or is styled to, where layout is unknown). */
export function scrolls(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  const { overflowY } = view.getComputedStyle(el);
  if (!/^(auto|scroll|overlay)$/.test(overflowY)) return false;
  // Without layout (tests) heights are 0: the style says it scrolls.
  return el.scrollHeight > el.clientHeight || el.clientHeight === 0;
}

/** Depth of `el` below `ancestor` (1 for a child), or -1 when not inside. */
export function depthBelow(ancestor: Element, el: Element): number {
  const path = pathBelow(ancestor, el);
  return path ? path.length : -1;
}

/** Elements that are not inside another of the set. */
export function outermost(els: Element[]): Element[] {
  const set = new Set(els);
  return els.filter((e) => !ancestorsOf(e).some((a) => set.has(a)));
}
