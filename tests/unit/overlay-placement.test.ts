import { describe, expect, it } from 'vitest';
import {
  MIN_ROOM_VIEWPORT_PX,
  PANEL_WIDTH_PX,
  TAB_HEIGHT_PX,
  choosePlacement,
  intersects,
  pageBand,
  panelRect,
  placementsToTry,
  tabRect,
  tabTop,
  type Placement,
} from '../../lib/overlay/placement';

const LAPTOP = { width: 1280, height: 800 };

describe('where the overlay goes', () => {
  it('makes room on the chosen side first, then the other, then floats, then the tab; a collapsed panel is only the tab', () => {
    expect(placementsToTry({ collapsed: false, side: 'right' }, LAPTOP)).toEqual([
      { mode: 'room', side: 'right' },
      { mode: 'room', side: 'left' },
      { mode: 'float', side: 'right' },
      { mode: 'float', side: 'left' },
      { mode: 'tab', side: 'right' },
    ]);
    expect(placementsToTry({ collapsed: true, side: 'left' }, LAPTOP)).toEqual([{ mode: 'tab', side: 'left' }]);
  });

  it('makes no room in a window too narrow for it: floats on a side, else the tab', () => {
    const narrow = { width: MIN_ROOM_VIEWPORT_PX - 1, height: 700 };
    expect(placementsToTry({ collapsed: false, side: 'left' }, narrow).map((p) => `${p.mode}:${p.side}`)).toEqual([
      'float:left',
      'float:right',
      'tab:left',
    ]);
  });

  it('takes the first placement that leaves the chat clear, and the tab when none does', () => {
    const tried: string[] = [];
    const candidates = placementsToTry({ collapsed: false, side: 'right' }, LAPTOP);
    const coversUnlessFloatLeft = (p: Placement) => (tried.push(`${p.mode}:${p.side}`), !(p.mode === 'float' && p.side === 'left'));
    expect(choosePlacement(candidates, coversUnlessFloatLeft)).toEqual({ mode: 'float', side: 'left' });
    expect(tried).toEqual(['room:right', 'room:left', 'float:right', 'float:left']);
    expect(choosePlacement(candidates, () => true)).toEqual({ mode: 'tab', side: 'right' });
    expect(choosePlacement(candidates, () => false)).toEqual({ mode: 'room', side: 'right' });
  });

  it('measures the panel and the page band the same way on both sides', () => {
    expect(panelRect({ mode: 'room', side: 'right' }, LAPTOP)).toEqual({ left: 940, top: 0, right: 1280, bottom: 800 });
    expect(panelRect({ mode: 'room', side: 'left' }, LAPTOP)).toEqual({ left: 0, top: 0, right: PANEL_WIDTH_PX, bottom: 800 });
    expect(pageBand('right', LAPTOP)).toEqual({ left: 0, right: 940 });
    expect(pageBand('left', LAPTOP)).toEqual({ left: 340, right: 1280 });
    // A send button in the page's band is clear of the room-made panel; one at the old right edge is not.
    const send = { left: 1200, top: 740, right: 1260, bottom: 776 };
    expect(intersects(send, panelRect({ mode: 'room', side: 'right' }, LAPTOP))).toBe(true);
    expect(intersects({ ...send, left: 860, right: 920 }, panelRect({ mode: 'room', side: 'right' }, LAPTOP))).toBe(false);
    expect(intersects(send, panelRect({ mode: 'float', side: 'left' }, LAPTOP))).toBe(false);
  });

  it('puts the tab off the chat input and send button at its edge', () => {
    const top = tabTop('right', LAPTOP, []);
    expect(top).toBe(240);
    // A widget's send button right where the tab would go: the tab moves to the nearest clear spot.
    const send = { left: 1220, top: 200, right: 1280, bottom: 300 };
    const moved = tabTop('right', LAPTOP, [send]);
    expect(intersects(tabRect('right', moved, LAPTOP), send)).toBe(false);
    expect(Math.abs(moved - top)).toBeLessThanOrEqual(TAB_HEIGHT_PX + 100);
    // The same button is no obstacle for a tab on the left edge.
    expect(tabTop('left', LAPTOP, [send])).toBe(top);
    // Nothing clear anywhere: the usual spot.
    expect(tabTop('right', LAPTOP, [{ left: 0, top: 0, right: 1280, bottom: 800 }])).toBe(top);
  });
});
