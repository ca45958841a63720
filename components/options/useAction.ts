import { useState } from 'preact/hooks';

export interface ActionMessage {
  kind: 'ok' | 'error';
  text: string;
}

/**
 * A panel's button actions: one at a time (`busy`), each ending in a message — what it did, or its error in plain
 * words — and then `after` (refresh what the panel shows), whether it worked or not.
 */
export function useAction(after: () => void, onSuccess: () => void = () => undefined) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ActionMessage | null>(null);

  async function act(fn: () => Promise<string>) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ kind: 'ok', text: await fn() });
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
