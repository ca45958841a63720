import type { Endpoint } from 'comlink';

/** The part of a runtime.Port that comlink needs; kept structural so tests can pass a fake port. */
export interface PortLike {
  name: string;
  postMessage(message: unknown): void;
  onMessage: { addListener(fn: (message: unknown) => void): void; removeListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  disconnect(): void;
}

/**
 * A comlink Endpoint over an extension port. Ports carry JSON only, so nothing is transferred and proxies
 * (which need MessageChannel) are not supported: the APIs take and return plain data.
 */
export function portEndpoint(port: PortLike): Endpoint {
  const wrapped = new Map<EventListenerOrEventListenerObject, (message: unknown) => void>();
  let disconnected = false;
  port.onDisconnect.addListener(() => {
    disconnected = true;
  });
  return {
    postMessage(message: unknown) {
      // A reply to a caller whose port has gone is dropped: that caller fails the call and retries it.
      if (disconnected) return;
      try {
        port.postMessage(message);
      } catch {
        disconnected = true;
      }
    },
    addEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
      const fn = (data: unknown) => {
        const event = { data } as MessageEvent;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      wrapped.set(listener, fn);
      port.onMessage.addListener(fn);
    },
    removeEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
      const fn = wrapped.get(listener);
      if (fn) port.onMessage.removeListener(fn);
      wrapped.delete(listener);
    },
  };
}
