/**
 * The first `k` items of `items` in `cmp` order, sorted, without sorting all of them: a bounded max-heap,
 * O(n log k). A search page needs 8 of maybe 15,000 candidates.
 */
export function topK(items: readonly number[], k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return [...items].sort(cmp).slice(0, k);
  const heap: number[] = []; // max-heap by cmp: the worst kept item on top
  const worse = (a: number, b: number) => cmp(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i] ?? 0, heap[p] ?? 0)) break;
      [heap[i], heap[p]] = [heap[p] ?? 0, heap[i] ?? 0];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l] ?? 0, heap[m] ?? 0)) m = l;
      if (r < heap.length && worse(heap[r] ?? 0, heap[m] ?? 0)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m] ?? 0, heap[i] ?? 0];
      i = m;
    }
  };
  for (const x of items) {
    if (heap.length < k) {
      heap.push(x);
      up(heap.length - 1);
    } else if (cmp(x, heap[0] ?? 0) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(cmp);
}
