import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { SECTIONS, type SectionId } from './sections';

const tabId = (id: SectionId) => `tab-${id}`;
const panelId = (id: SectionId) => `panel-${id}`;

/**
 * The section tabs (WAI-ARIA tabs with a roving tabindex: Tab reaches the selected tab only, the arrow keys, Home
 * and End move between tabs and select, as the pattern's automatic activation does).
 */
export function SectionTabs({ selected, onSelect }: { selected: SectionId; onSelect(id: SectionId): void }) {
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent) => {
    const at = SECTIONS.findIndex((s) => s.id === selected);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % SECTIONS.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + SECTIONS.length) % SECTIONS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? SECTIONS.length - 1
              : -1;
    const next = SECTIONS[to];
    if (!next) return;
    e.preventDefault();
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`#${tabId(next.id)}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Sections" class="tabs" ref={list} onKeyDown={move}>
      {SECTIONS.map((s) => (
        <button
          key={s.id}
          type="button"
          role="tab"
          id={tabId(s.id)}
          aria-selected={s.id === selected}
          aria-controls={panelId(s.id)}
          tabIndex={s.id === selected ? 0 : -1}
          data-testid={`tab-${s.id}`}
          onClick={() => onSelect(s.id)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}

/** One section's panel; every panel stays mounted (a loaded export or a half-made import survives a tab switch). */
export function SectionPanel({ id, selected, children }: { id: SectionId; selected: SectionId; children: ComponentChildren }) {
  return (
    <div
      role="tabpanel"
      id={panelId(id)}
      aria-labelledby={tabId(id)}
      hidden={id !== selected}
      class="section-panel"
      data-testid={panelId(id)}
    >
      {children}
    </div>
  );
}

/** A section with nothing in it yet: what to do next, with a way to get there. */
export function EmptyState({ testId, children }: { testId: string; children: ComponentChildren }) {
  return (
    <p class="empty-state" data-testid={testId}>
      {children}
    </p>
  );
}
