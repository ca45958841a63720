import { useLayoutEffect, useState } from 'preact/hooks';
import { createPageRoom } from '@/lib/overlay/make-room';
import {
  choosePlacement,
  intersects,
  panelRect,
  placementsToTry,
  tabTop,
  type Placement,
  type Rect,
  type Viewport,
} from '@/lib/overlay/placement';
import type { OverlayPlace } from '@/lib/overlay/site-prefs';

/** Page changes (a chat widget loading, messages arriving) are looked at once they have settled this long. */
const PAGE_SETTLE_MS = 200;

export interface Shown {
  placement: Placement;
  /** The tab's distance from the top, CSS px (tab only). */
  tabTop: number;
}

/**
 * Where the panel goes on this page for the participant's place, kept true as the window and the page change: room
 * made beside the page when that leaves the chat's input and send button clear, else floating on a side where they
 * are clear, else the tab (placed off them). The page's own styles come back when the panel is collapsed or goes.
 */
export function usePlacement(place: OverlayPlace, chatParts: () => Element[], isOurs: (el: Element) => boolean): Shown {
  const [shown, setShown] = useState<Shown>({ placement: { mode: place.collapsed ? 'tab' : 'room', side: place.side }, tabTop: 0 });
  // Before paint: the panel never shows in one place and then jumps to another.
  useLayoutEffect(() => {
    const room = createPageRoom(window, isOurs);
    const viewport = (): Viewport => ({ width: document.documentElement.clientWidth || innerWidth, height: innerHeight });
    const partRects = (): Rect[] =>
      chatParts()
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 || r.height > 0);
    const covers = (p: Placement, vp: Viewport) => {
      const box = panelRect(p, vp);
      return partRects().some((r) => intersects(r, box));
    };
    let current: Placement | null = null;
    const show = (p: Placement) => {
      if (p.mode === 'room') room.make(p.side);
      else room.restore();
      observer.takeRecords(); // our own style changes are not page changes
      current = p;
      const top = p.mode === 'tab' ? tabTop(p.side, viewport(), partRects()) : 0;
      setShown((s) => (s.placement.mode === p.mode && s.placement.side === p.side && s.tabTop === top ? s : { placement: p, tabTop: top }));
    };
    // Trying room means making it and measuring: layout is synchronous, so nothing in between is ever painted.
    const decide = () => {
      const vp = viewport();
      show(
        choosePlacement(placementsToTry(place, vp), (p) => {
          if (p.mode === 'room') room.make(p.side);
          else room.restore();
          return covers(p, vp);
        }),
      );
    };
    // After a page change: fit what the page added into the room made, and decide again only if the chat is now covered.
    const recheck = () => {
      if (!current) return decide();
      if (current.mode === 'room') room.make(current.side);
      observer.takeRecords();
      if (current.mode !== 'tab' && covers(current, viewport())) decide();
      else if (current.mode === 'tab') show(current);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(recheck, PAGE_SETTLE_MS);
    });
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['style', 'class', 'hidden'],
    });
    addEventListener('resize', decide);
    decide();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      removeEventListener('resize', decide);
      room.restore();
    };
  }, [place.collapsed, place.side, chatParts, isOurs]);
  return shown;
}
