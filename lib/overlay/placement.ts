import type { OverlayPlace, Side } from './site-prefs';

/** The open panel's width, CSS px; the page gives up this much on the panel's side while it is open. */
export const PANEL_WIDTH_PX = 340;
/** A floating panel keeps this much clear of the viewport's edges. */
export const FLOAT_INSET_PX = 12;
/** Below this viewport width, pushing the page would leave it too narrow to use: the panel floats on a free side instead. */
export const MIN_ROOM_VIEWPORT_PX = 900;
/** The collapsed tab: a narrow handle at the edge. */
export const TAB_WIDTH_PX = 28;
export const TAB_HEIGHT_PX = 120;
/** Where the tab sits by default, as a share of the viewport's height (chat inputs and send buttons are at the bottom). */
const TAB_TOP_SHARE = 0.3;
/** Steps the tab moves by when its default spot would cover the chat. */
const TAB_STEP_PX = 20;

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
export interface Viewport {
  width: number;
  height: number;
}

/**
 * How the panel is shown: `room` docked with the page pushed aside by the panel's width, `float` docked over the page
 * (only where the chat is not), `tab` collapsed to the handle at the edge.
 */
export interface Placement {
  mode: 'room' | 'float' | 'tab';
  side: Side;
}

export const otherSide = (side: Side): Side => (side === 'left' ? 'right' : 'left');

export function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The strip of the viewport the open panel takes on `side`. */
export function panelColumn(side: Side, viewport: Viewport, width = PANEL_WIDTH_PX): Rect {
  const left = side === 'left' ? 0 : viewport.width - width;
  return { left, top: 0, right: left + width, bottom: viewport.height };
}

/** The box the panel takes in a placement (the tab's box for `tab`, at `top`). */
export function panelRect(p: Placement, viewport: Viewport, top = 0): Rect {
  if (p.mode === 'tab') return tabRect(p.side, top, viewport);
  if (p.mode === 'room') return panelColumn(p.side, viewport);
  const left = p.side === 'left' ? FLOAT_INSET_PX : viewport.width - FLOAT_INSET_PX - PANEL_WIDTH_PX;
  return { left, top: FLOAT_INSET_PX, right: left + PANEL_WIDTH_PX, bottom: viewport.height - FLOAT_INSET_PX };
}

/** What is left for the page beside the panel on `side`. */
export function pageBand(side: Side, viewport: Viewport, width = PANEL_WIDTH_PX): { left: number; right: number } {
  return side === 'left' ? { left: width, right: viewport.width } : { left: 0, right: viewport.width - width };
}

/**
 * The placements to try, best first, for the participant's place on this site: the tab when they collapsed it; else
 * making room on their side, then on the other, then floating on their side, then on the other (each taken only if the chat's input and
 * send button stay clear, which the page decides by measuring), and the tab when nothing leaves the chat clear. A
 * narrow window gets no room made: it would leave the page too little.
 */
export function placementsToTry(place: OverlayPlace, viewport: Viewport): Placement[] {
  const tab: Placement = { mode: 'tab', side: place.side };
  if (place.collapsed) return [tab];
  const floats: Placement[] = [
    { mode: 'float', side: place.side },
    { mode: 'float', side: otherSide(place.side) },
  ];
  const room: Placement[] =
    viewport.width >= MIN_ROOM_VIEWPORT_PX
      ? [
          { mode: 'room', side: place.side },
          { mode: 'room', side: otherSide(place.side) },
        ]
      : [];
  return [...room, ...floats, tab];
}

/** The first placement whose panel covers none of the chat's parts; `covers` measures one (for `room`, with the page pushed). */
export function choosePlacement(candidates: readonly Placement[], covers: (p: Placement) => boolean): Placement {
  const found = candidates.find((p) => p.mode === 'tab' || !covers(p));
  return found ?? { mode: 'tab', side: candidates[0]?.side ?? 'right' };
}

/** The tab's box on `side` at `top`. */
export function tabRect(side: Side, top: number, viewport: Viewport): Rect {
  const left = side === 'left' ? 0 : viewport.width - TAB_WIDTH_PX;
  return { left, top, right: left + TAB_WIDTH_PX, bottom: top + TAB_HEIGHT_PX };
}

/**
 * Where the tab goes on its edge: its usual height unless that would cover a part of the chat (an input or send button
 * at the edge), then the nearest spot, up or down, that covers none; the usual height when none is clear.
 */
export function tabTop(side: Side, viewport: Viewport, avoid: readonly Rect[]): number {
  const maxTop = Math.max(0, viewport.height - TAB_HEIGHT_PX);
  const preferred = Math.min(maxTop, Math.round(viewport.height * TAB_TOP_SHARE));
  const clear = (top: number) => !avoid.some((r) => intersects(tabRect(side, top, viewport), r));
  for (let d = 0; d <= viewport.height; d += TAB_STEP_PX) {
    for (const top of [preferred - d, preferred + d]) if (top >= 0 && top <= maxTop && clear(top)) return top;
  }
  return preferred;
}
