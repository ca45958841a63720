import { useEffect, useRef } from 'preact/hooks';
import { MIN_HOVER_MS } from '../lib/limits'; // relative: the pilot pages' esbuild bundle has no @ alias

/**
 * Counts how long the pointer rests on an element; a rest of at least MIN_HOVER_MS is reported once, when the
 * pointer leaves. A look still counts when the element is replaced (`key` changes) or removed under the pointer.
 * Spread the returned handlers on the element.
 */
export function useHoverDwell(onDwell: (dwellMs: number) => void, key?: unknown) {
  const start = useRef<number | null>(null);
  const report = useRef(onDwell);
  report.current = onDwell;
  const end = () => {
    if (start.current === null) return;
    const dwellMs = Math.round(performance.now() - start.current);
    start.current = null;
    if (dwellMs >= MIN_HOVER_MS) report.current(dwellMs);
  };
  useEffect(() => end, [key]);
  return { onPointerEnter: () => void (start.current = performance.now()), onPointerLeave: end };
}
