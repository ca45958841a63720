import { useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { Settings } from '@/lib/settings';
import { DEFAULT_CATEGORIES } from '@/lib/catalog/catalog-schema';

/**
 * Practice: a Seller opens a pilot room with a simulated Buyer in a category they choose, and chats there with the
 * overlay as in a study (the conversation is logged and marked as simulated).
 */
export function Practice({
  api,
  settings,
  openTab,
}: {
  api: Pick<AdminApi, 'startPractice'>;
  settings: Settings;
  openTab(url: string): void;
}) {
  const [category, setCategory] = useState<string>(DEFAULT_CATEGORIES[0].id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!settings.endpoint || settings.role !== 'seller') {
    return (
      <p class="hint" data-testid="practice-unavailable">
        Practice with a simulated Buyer: join a study as a Seller first.
      </p>
    );
  }
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const room = await api.startPractice(category);
      openTab(room.sellerUrl);
    } catch (e) {
      setError(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="practice" aria-labelledby="practice-title">
      <h2 id="practice-title">Practice</h2>
      <label>
        Category{' '}
        <select data-testid="practice-category" value={category} onChange={(e) => setCategory(e.currentTarget.value)} disabled={busy}>
          {DEFAULT_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" data-testid="practice-start" disabled={busy} onClick={() => void start()}>
        {busy ? 'Opening…' : 'Chat with a simulated Buyer'}
      </button>
      {error && (
        <p class="error" role="alert" data-testid="practice-error">
          {error}
        </p>
      )}
    </section>
  );
}
