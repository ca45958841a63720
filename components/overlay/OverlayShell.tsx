import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export type Side = 'left' | 'right';

export interface OverlayShellProps {
  collapsed: boolean;
  side: Side;
  onCollapsedChange(collapsed: boolean): void;
  onSideChange(side: Side): void;
  children?: ComponentChildren;
}

/** The overlay's frame: a docked, collapsible panel that the coaching, search and share features live in. */
export function OverlayShell({ collapsed, side, onCollapsedChange, onSideChange, children }: OverlayShellProps) {
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
      aria-label="Floorwalker seller assistant"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !collapsed) {
          onCollapsedChange(true);
          toggleRef.current?.focus();
        }
      }}
    >
      <div class="fw-header">
        <h2 class="fw-title">Floorwalker</h2>
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
          title="Show or hide (Alt+Shift+F)"
          onClick={() => onCollapsedChange(!collapsed)}
        >
          {collapsed ? 'Open' : 'Hide'}
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
