import { useState } from 'preact/hooks';
import type { CoachHandle } from '@/lib/coach/handle';
import { useObservable } from '@/components/useObservable';
import { describeItem, SLOT_LABELS } from '@/lib/profile/describe';
import type { ProfileEntry, ProfileItem } from '@/lib/profile/profile-schema';

/**
 * The Buyer profile: what the coach read from the Buyer's messages (suggested) and what the Seller confirmed,
 * each editable or removable; the Buyer's name, so confirmed items follow them to later conversations; and the
 * items confirmed in those earlier conversations, to take or dismiss.
 */
export function ProfilePanel({ coach }: { coach: CoachHandle }) {
  const view = useObservable(coach.view);
  const [editing, setEditing] = useState<string | null>(null);
  if (!view.coaching) return null;
  const { profile } = view;
  return (
    <section class="fw-section fw-profile" aria-labelledby="fw-profile-h" data-testid="fw-profile">
      <h3 id="fw-profile-h">Buyer profile</h3>
      <BuyerName name={profile.buyer} onSave={(buyer) => void coach.changeProfile({ op: 'set_buyer', buyer })} />
      {profile.entries.length === 0 && <p class="fw-hint">Nothing yet: what the Buyer says they want appears here for you to confirm.</p>}
      <ul class="fw-profile-items">
        {profile.entries.map((e) => (
          <li key={e.key} class={`fw-profile-item fw-${e.status}`} data-testid={`fw-profile-${e.key}`} data-status={e.status}>
            {editing === e.key ? (
              <ItemEditor
                item={e.item}
                onCancel={() => setEditing(null)}
                onSave={(item) => {
                  setEditing(null);
                  void coach.changeProfile({ op: 'edit', key: e.key, item });
                }}
              />
            ) : (
              <EntryRow
                entry={e}
                onConfirm={() => void coach.changeProfile({ op: 'confirm', key: e.key })}
                onEdit={() => setEditing(e.key)}
                onRemove={() => void coach.changeProfile({ op: 'remove', key: e.key })}
              />
            )}
          </li>
        ))}
      </ul>
      {profile.earlier.length > 0 && (
        <div class="fw-earlier" data-testid="fw-profile-earlier">
          <p class="fw-muted">From earlier conversations with {profile.buyer}:</p>
          <ul class="fw-profile-items">
            {profile.earlier.map((e) => (
              <li key={e.key} class="fw-profile-item" data-testid={`fw-earlier-${e.key}`}>
                <span class="fw-profile-slot">{SLOT_LABELS[e.item.slot]}</span> <span class="fw-profile-value">{describeItem(e.item)}</span>
                <span class="fw-profile-actions">
                  <button
                    type="button"
                    class="fw-link"
                    onClick={() => void coach.changeProfile({ op: 'reuse', key: e.key })}
                    data-testid={`fw-reuse-${e.key}`}
                  >
                    Use
                  </button>
                  <button type="button" class="fw-link" onClick={() => void coach.changeProfile({ op: 'dismiss', key: e.key })}>
                    Dismiss
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function EntryRow({ entry, onConfirm, onEdit, onRemove }: { entry: ProfileEntry; onConfirm(): void; onEdit(): void; onRemove(): void }) {
  const what = describeItem(entry.item);
  return (
    <>
      <span class="fw-profile-slot">{SLOT_LABELS[entry.item.slot]}</span> <span class="fw-profile-value">{what}</span>
      {entry.status === 'suggested' && <span class="fw-badge">from chat</span>}
      <span class="fw-profile-actions">
        {entry.status === 'suggested' && (
          <button
            type="button"
            class="fw-icon-btn"
            title="Confirm"
            aria-label={`Confirm ${what}`}
            onClick={onConfirm}
            data-testid="fw-profile-confirm"
          >
            ✓
          </button>
        )}
        <button type="button" class="fw-icon-btn" title="Edit" aria-label={`Edit ${what}`} onClick={onEdit} data-testid="fw-profile-edit">
          ✎
        </button>
        <button
          type="button"
          class="fw-icon-btn"
          title="Remove"
          aria-label={`Remove ${what}`}
          onClick={onRemove}
          data-testid="fw-profile-remove"
        >
          ✕
        </button>
      </span>
    </>
  );
}

function BuyerName({ name, onSave }: { name: string | null; onSave(name: string | null): void }) {
  const [draft, setDraft] = useState(name ?? '');
  return (
    <form
      class="fw-buyer-name"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft.trim() || null);
      }}
    >
      <label>
        Buyer{' '}
        <input
          class="fw-input"
          value={draft}
          maxLength={100}
          placeholder="name, to remember them"
          onInput={(e) => setDraft(e.currentTarget.value)}
          data-testid="fw-buyer-name"
        />
      </label>
      <button type="submit" class="fw-btn" disabled={(draft.trim() || null) === name} data-testid="fw-buyer-save">
        Save
      </button>
    </form>
  );
}

const num = (s: string) => (s.trim() === '' ? undefined : Math.max(0, Number(s)));

/** A small form per kind of item; it checks what it can and says what is wrong. */
function ItemEditor({ item, onSave, onCancel }: { item: ProfileItem; onSave(item: ProfileItem): void; onCancel(): void }) {
  const [a, setA] = useState(() => first(item));
  const [b, setB] = useState(() => second(item));
  const [error, setError] = useState<string | null>(null);
  const save = (e: Event) => {
    e.preventDefault();
    const next = build(item, a, b);
    if (typeof next === 'string') setError(next);
    else onSave(next);
  };
  const labels = EDIT_LABELS[item.slot];
  return (
    <form class="fw-item-editor" onSubmit={save} data-testid="fw-profile-editor">
      <label>
        {labels[0]} <input class="fw-input" value={a} onInput={(e) => setA(e.currentTarget.value)} data-testid="fw-edit-a" />
      </label>
      {labels[1] && (
        <label>
          {labels[1]}{' '}
          {item.slot === 'brand' || item.slot === 'feature' ? (
            <select class="fw-select" value={b} onChange={(e) => setB(e.currentTarget.value)} data-testid="fw-edit-b">
              <option value="yes">{item.slot === 'brand' ? 'likes' : 'wants'}</option>
              <option value="no">{item.slot === 'brand' ? 'avoids' : 'does not want'}</option>
            </select>
          ) : (
            <input class="fw-input" value={b} onInput={(e) => setB(e.currentTarget.value)} data-testid="fw-edit-b" />
          )}
        </label>
      )}
      {error && (
        <span class="fw-error" role="alert">
          {error}
        </span>
      )}
      <button type="submit" class="fw-btn" data-testid="fw-edit-save">
        Save
      </button>
      <button type="button" class="fw-link" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

const EDIT_LABELS: Record<ProfileItem['slot'], [string, string?]> = {
  budget: ['From $', 'to $'],
  brand: ['Brand', 'They'],
  recipient: ['For', 'Age'],
  use: ['Use'],
  feature: ['Feature', 'They'],
  owned: ['Had before'],
};

function first(item: ProfileItem): string {
  switch (item.slot) {
    case 'budget':
      return item.min === undefined ? '' : String(item.min);
    case 'brand':
      return item.brand;
    case 'recipient':
      return item.who;
    case 'use':
      return item.use;
    case 'feature':
      return item.feature;
    case 'owned':
      return item.product;
  }
}

function second(item: ProfileItem): string {
  if (item.slot === 'budget') return item.max === undefined ? '' : String(item.max);
  if (item.slot === 'recipient') return item.age === undefined ? '' : String(item.age);
  if (item.slot === 'brand') return item.like ? 'yes' : 'no';
  if (item.slot === 'feature') return item.want ? 'yes' : 'no';
  return '';
}

function build(item: ProfileItem, a: string, b: string): ProfileItem | string {
  const text = a.trim();
  switch (item.slot) {
    case 'budget': {
      const min = num(a);
      const max = num(b);
      if ((min !== undefined && !Number.isFinite(min)) || (max !== undefined && !Number.isFinite(max))) return 'Amounts must be numbers.';
      if (min === undefined && max === undefined) return 'Give a lowest or a highest price.';
      if (min !== undefined && max !== undefined && min > max) return 'The lowest price is above the highest.';
      return { slot: 'budget', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'brand':
      return text ? { slot: 'brand', brand: text, like: b === 'yes' } : 'Name the brand.';
    case 'recipient': {
      const age = num(b);
      if (age !== undefined && !Number.isFinite(age)) return 'The age must be a number.';
      return text ? { slot: 'recipient', who: text, ...(age !== undefined ? { age } : {}) } : 'Say who it is for.';
    }
    case 'use':
      return text ? { slot: 'use', use: text } : 'Say what it is for.';
    case 'feature':
      return /^[A-Za-z]\w*=.+$/.test(text)
        ? { slot: 'feature', feature: text, want: b === 'yes' }
        : 'A feature looks like attribute=value, e.g. wireless=true.';
    case 'owned':
      return text ? { slot: 'owned', product: text } : 'Name the product.';
  }
}
