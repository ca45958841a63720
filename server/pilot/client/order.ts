/**
 * Chat items are shown in the order the server stored them (`seq`), not the order they arrive: after a
 * reconnect the replay of missed items and live ones can interleave, and two messages stored at nearly the same
 * time can be broadcast in either order. Seqs are increasing but not consecutive (one sequence for all rooms),
 * so a gap is no reason to wait.
 */

/** The list with `item` placed after every item with a seq not above its own. */
export function insertBySeq<T extends { seq: number }>(items: readonly T[], item: T): T[] {
  let at = items.length;
  while (at > 0 && (items[at - 1]?.seq ?? 0) > item.seq) at--;
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/**
 * Puts `el` (a stored item with this seq) into a message list whose stored items carry `data-seq`: before the
 * first later item, and before messages still waiting to be stored (they have no seq yet and stay last).
 */
export function placeBySeq(list: HTMLElement, el: HTMLElement, seq: number): void {
  el.dataset.seq = String(seq);
  const next = Array.from(list.children).find((c) => {
    const s = (c as HTMLElement).dataset.seq;
    return s === undefined || Number(s) > seq;
  });
  list.insertBefore(el, next ?? null);
}
