import type { PortLike } from '../../../lib/rpc/port-calls';

type Listener = (m: unknown) => void;

class Hub<T> {
  private fns = new Set<T>();
  addListener = (fn: T) => void this.fns.add(fn);
  removeListener = (fn: T) => void this.fns.delete(fn);
  get listeners() {
    return [...this.fns];
  }
}

export interface FakePort extends PortLike {
  onMessage: Hub<Listener>;
  onDisconnect: Hub<() => void>;
  /** Drops messages instead of delivering them (an unanswered port). */
  mute: boolean;
}

/**
 * Two connected in-memory ports that behave like runtime.Port: JSON-cloned messages delivered asynchronously,
 * and disconnect() firing onDisconnect on the other end only.
 */
export function portPair(name: string): [FakePort, FakePort] {
  let open = true;
  const make = (): FakePort => ({
    name,
    mute: false,
    onMessage: new Hub<Listener>(),
    onDisconnect: new Hub<() => void>(),
    postMessage(message: unknown) {
      if (!open) throw new Error('Attempting to use a disconnected port object');
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      const target = this === a ? b : a;
      if (this.mute) return;
      setTimeout(() => open && target.onMessage.listeners.forEach((fn) => fn(copy)), 0);
    },
    disconnect() {
      if (!open) return;
      open = false;
      const target = this === a ? b : a;
      setTimeout(() => target.onDisconnect.listeners.forEach((fn) => fn()), 0);
    },
  });
  const a = make();
  const b = make();
  return [a, b];
}
