import { useRef, useState } from 'preact/hooks';

export interface DeleteDataProps {
  total: number;
  deleteAll(): Promise<{ deleted: number }>;
  onDeleted(): void;
}

/** Deletes everything collected in this browser, only after the participant confirms in a dialog that says how many events. */
export function DeleteData({ total, deleteAll, onDeleted }: DeleteDataProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { deleted } = await deleteAll();
      setMessage(`Deleted ${deleted} event${deleted === 1 ? '' : 's'}.`);
      onDeleted();
    } catch (e) {
      setMessage(`Nothing was deleted: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  }

  return (
    <section aria-labelledby="delete-h">
      <h2 id="delete-h">Delete data</h2>
      <p class="muted">
        Removes everything recorded in this browser: events, conversations, Buyer profiles and coaching progress. Your consent, study and
        site settings stay.
      </p>
      <button type="button" class="danger" data-testid="delete-all" disabled={total === 0} onClick={() => dialog.current?.showModal()}>
        Delete all data…
      </button>
      {message && (
        <p role="status" data-testid="delete-status">
          {message}
        </p>
      )}
      <dialog ref={dialog} aria-labelledby="delete-dialog-h">
        <h3 id="delete-dialog-h">Delete {total} stored events?</h3>
        <p>Conversations, Buyer profiles and coaching progress go too. This cannot be undone. Export first if you want to keep a copy.</p>
        <div class="dialog-actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="button" class="danger" data-testid="confirm-delete" disabled={busy} onClick={() => void confirm()}>
            Yes, delete {total} events
          </button>
        </div>
      </dialog>
    </section>
  );
}
