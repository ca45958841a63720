import { useState } from 'preact/hooks';

export interface ActionMessage {
  /** `pending`: what a long action is doing now. */
  kind: 'ok' | 'error' | 'pending';
  text: string;
}

/**
 * A panel's button actions: one at a time (`busy`), each ending in a message — what it did, or its error in plain
 * words — and then `after` (refresh what the panel shows), whether it worked or not. A long action says what it is
 * doing from its start (`pending`) and as it goes (`progress`), so the last action's message never stands for it.
 */
export function useAction(after: () => void, onSuccess: () => void = () => undefined) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ActionMessage | null>(null);

  async function act(fn: (progress: (text: string) => void) => Promise<string>, pending?: string) {
    setBusy(true);
    setMessage(pending ? { kind: 'pending', text: pending } : null);
    try {
      const text = await fn((now) => setMessage({ kind: 'pending', text: now }));
      setMessage({ kind: 'ok', text });
      onSuccess();
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
      after();
    }
  }
  return { busy, message, setMessage, act };
}
