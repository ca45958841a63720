import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { PANEL_WIDTH_PX, TAB_HEIGHT_PX, TAB_WIDTH_PX, type Placement } from '@/lib/overlay/placement';
import type { Side } from '@/lib/overlay/site-prefs';

export type { Side };

export interface OverlayShellProps {
  /** Shown as the tab (collapsed by the participant, or because no side leaves the chat clear). */
  collapsed: boolean;
  side: Side;
  /** How the open panel sits: beside the page (room made) or over it. */
  mode: Placement['mode'];
  /** The tab's distance from the top, CSS px. */
  tabTop: number;
  onCollapsedChange(collapsed: boolean): void;
  onSideChange(side: Side): void;
  children?: ComponentChildren;
}

/**
 * The overlay's frame: a panel docked to one edge that the coaching, search and share features live in, collapsing
 * to a narrow tab at that edge.
 */
export function OverlayShell({ collapsed, side, mode, tabTop, onCollapsedChange, onSideChange, children }: OverlayShellProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Alt+Shift+F from anywhere on the page opens or closes the panel and moves focus to it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && e.code === 'KeyF') {
        e.preventDefault();
        onCollapsedChange(!collapsed);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [collapsed, onCollapsedChange]);

  return (
    <aside
      class="fw-panel"
      data-side={side}
      data-collapsed={String(collapsed)}
      data-mode={mode}
      style={
        collapsed ? { top: `${tabTop}px`, width: `${TAB_WIDTH_PX}px`, height: `${TAB_HEIGHT_PX}px` } : { width: `${PANEL_WIDTH_PX}px` }
      }
      aria-label="Floorwalker seller assistant"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !collapsed) {
          onCollapsedChange(true);
          toggleRef.current?.focus();
        }
      }}
    >
      <div class="fw-header">
        {!collapsed && <h2 class="fw-title">Floorwalker</h2>}
        {!collapsed && (
          <button
            type="button"
            class="fw-btn"
            data-testid="fw-dock"
            aria-label={`Dock to the ${side === 'right' ? 'left' : 'right'}`}
            title={`Dock to the ${side === 'right' ? 'left' : 'right'}`}
            onClick={() => onSideChange(side === 'right' ? 'left' : 'right')}
          >
            {side === 'right' ? '⇤' : '⇥'}
          </button>
        )}
        <button
          ref={toggleRef}
          type="button"
          class="fw-btn"
          data-testid="fw-toggle"
          aria-expanded={!collapsed}
          aria-controls="fw-body"
          aria-label={collapsed ? 'Open Floorwalker' : 'Hide Floorwalker'}
          title="Show or hide (Alt+Shift+F)"
          onClick={() => onCollapsedChange(!collapsed)}
        >
          {collapsed ? <span class="fw-tab-label">Floorwalker</span> : 'Hide'}
        </button>
      </div>
      {!collapsed && (
        <div class="fw-body" id="fw-body">
          {children}
        </div>
      )}
    </aside>
  );
}
