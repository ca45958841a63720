import { ancestorsOf, alikeSiblings, largestAlikeGroup, scrolls } from './structure';

/** Fewest alike siblings that make a list of messages. */
export const MIN_REPEATS = 2;
/** How far above the repeated messages a scrolling container may be and still be the list. */
const MAX_SCROLLER_LIFT = 3;
/** How deep a click on the list's background looks for the repeated messages inside it. */
const MAX_DESCENT = 5;

/** The nearest element at or below `el` whose children repeat (breadth first), for a click on a list's background. */
function repeatingBelow(el: Element): Element | null {
  let level: Element[] = [el];
  for (let depth = 0; depth <= MAX_DESCENT && level.length > 0; depth++) {
    const found = level.find((x) => largestAlikeGroup(x).length >= MIN_REPEATS);
    if (found) return found;
    level = level.flatMap((x) => [...x.children]);
  }
  return null;
}

/**
 * The message list from a click anywhere in it: the outermost ancestor of the click whose child on the way holds
 * alike siblings (so a click on a message inside a group of messages still finds the list of groups, not the
 * group), or, for a click on the list's background, the nearest repeating element inside. When the repeated
 * messages sit in a wrapper inside a scrolling container, the scrolling container is the list.
 */
export function inferMessageList(clicked: Element): Element | null {
  let best: Element | null = null;
  let child = clicked;
  for (const a of ancestorsOf(clicked)) {
    if (child.parentElement === a && alikeSiblings(child).length >= MIN_REPEATS) best = a;
    child = a;
  }
  best ??= repeatingBelow(clicked);
  if (!best) return null;
  if (scrolls(best)) return best;
  const above = ancestorsOf(best).slice(0, MAX_SCROLLER_LIFT);
  return above.find(scrolls) ?? best;
}
