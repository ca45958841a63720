import { queryAllDeep } from '../deep-query';
import { cssIdent, attrValue, usableClasses } from './names';
import { alike, depthBelow, largestAlikeGroup, outermost, pathBelow } from './structure';
import { MIN_REPEATS } from './infer-list';

/** Tags that hold part of a message's text, never a whole message (a click on them means the message around). */
const TEXT_LEVEL = new Set([
  'p',
  'span',
  'a',
  'b',
  'i',
  'em',
  'strong',
  'small',
  'time',
  'code',
  'img',
  'br',
  'label',
  'svg',
  'path',
  'use',
]);

/** How many elements inside a chosen group are looked at for messages within it. */
const MAX_INNER_LOOKS = 80;

export interface Generalized {
  /** A compound selector matching the element and those like it, e.g. `section.cs-message`. */
  selector: string;
  /** The elements it finds at the element's depth under the list. */
  found: Element[];
}

/** The selector, among the element's own (tag with one class, or its role, or its tag), finding most like it at its depth. */
export function generalize(list: Element, el: Element, utility = false): Generalized {
  const depth = depthBelow(list, el);
  const tag = cssIdent(el.localName);
  const candidates = usableClasses(el, utility).map((c) => `${tag}.${cssIdent(c)}`);
  const role = el.getAttribute('role');
  if (role) candidates.push(`${tag}[role=${attrValue(role)}]`);
  const atDepth = (sel: string) => [...list.querySelectorAll(sel)].filter((x) => depthBelow(list, x) === depth);
  let best: Generalized = { selector: tag, found: atDepth(tag).filter((x) => x === el || alike(x, el)) };
  for (const selector of candidates) {
    const found = atDepth(selector);
    if (found.length > best.found.length || (found.length === best.found.length && best.selector === tag)) best = { selector, found };
  }
  if (best.found.length < MIN_REPEATS && !utility) return generalize(list, el, true);
  return best;
}

export interface MessageInference {
  /** Every message in the list. */
  units: Element[];
  /** The message the click was in. */
  unit: Element;
  /** What follows the list's selector to find the messages: ` .msg` or ` > .group > .msg`. */
  tail: string;
  /** The unit's selector with each level's generalization from the list down (for building other selectors). */
  levels: Generalized[];
}

/**
 * The repeated unit a click on a message's text, name or time was in: of the elements from the list down to the
 * click, the one whose kind (its generalized selector at its depth) occurs most often in the list, the outermost on
 * a tie (a named one before a bare tag around it). Names shown once per group occur less often than messages; a
 * message's text and time occur as often, and the message holds them. Text-level tags are parts, not units.
 */
export function inferMessages(list: Element, clicked: Element): MessageInference | null {
  let path = pathBelow(list, clicked);
  if (!path) return null;
  if (path.length === 0) {
    const first = largestAlikeGroup(list)[0];
    if (!first) return null;
    path = [first];
  }
  let levels = path.map((el) => generalize(list, el));
  let at = -1;
  for (const [i, g] of levels.entries()) {
    const el = path[i];
    if (!el || TEXT_LEVEL.has(el.localName) || g.found.length < MIN_REPEATS) continue;
    const best = levels[at];
    // On a tie, the outermost, unless it is a bare tag and this one inside it has a name: one to one with it, and a
    // selector by name survives the page's next change of wrappers.
    if (!best || g.found.length > best.found.length || (g.found.length === best.found.length && isBareTag(best) && !isBareTag(g))) at = i;
  }
  let unit = path[at];
  let chosen = levels[at];
  if (!chosen || !unit) return null;
  // A click on a group's own part (its sender-name line, its background) chose the group: the messages are the
  // more frequent kind inside it.
  let inner: { el: Element; g: Generalized } | null = null;
  for (const d of [...unit.querySelectorAll('*')].slice(0, MAX_INNER_LOOKS)) {
    if (TEXT_LEVEL.has(d.localName)) continue;
    const g = generalize(list, d);
    if (g.found.length > (inner?.g.found.length ?? chosen.found.length)) inner = { el: d, g };
  }
  if (inner) {
    path = pathBelow(list, inner.el) ?? [];
    levels = path.map((el) => generalize(list, el));
    at = levels.length - 1;
    unit = inner.el;
    chosen = inner.g;
  }
  const units = outermost(chosen.found);
  const descendant = ` ${chosen.selector}`;
  const same = (sel: string) => {
    const all = [...list.querySelectorAll(sel.trim().replace(/^>\s*/, ':scope > '))];
    return all.length === units.length && all.every((x) => units.includes(x));
  };
  const tail = same(descendant)
    ? descendant
    : ` > ${levels
        .slice(0, at + 1)
        .map((l) => l.selector)
        .join(' > ')}`;
  return { units, unit, tail, levels: levels.slice(0, at + 1) };
}

/** A level known only by its tag (`div`): the wrapper a framework puts around each message, which has no name. */
const isBareTag = (g: Generalized): boolean => !/[.[]/.test(g.selector);

/** Whether a selector finds exactly these elements from the top document. */
export function findsExactly(top: Document, selector: string, expected: Element[]): boolean {
  let found: Element[];
  try {
    found = queryAllDeep(top, selector);
  } catch {
    return false;
  }
  return found.length === expected.length && found.every((x) => expected.includes(x));
}
