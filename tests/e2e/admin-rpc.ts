import type { Page } from 'playwright-core';
import { PORTS, type PortName } from '../../lib/rpc/api';

interface ExtensionPort {
  onMessage: { addListener(fn: (m: { id?: string; type?: string; value?: unknown }) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  postMessage(message: unknown): void;
  disconnect(): void;
}

/**
 * Calls the background's admin API from an extension page (`page` must be one), as the options page's client does:
 * comlink's wire messages over a `runtime.Port`. For changes a test makes without going through a page's UI, so the
 * test does not depend on how that page asks for them.
 */
export async function adminCall<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  return rpcCall<T>(page, PORTS.admin, method, ...args);
}

/** Calls a method of any channel of the background from an extension page (the content channel's `search`, say). */
export async function rpcCall<T>(page: Page, portName: PortName, method: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    async ({ method, args, portName }) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { connect(o: { name: string }): ExtensionPort } } }).chrome.runtime;
      const port = runtime.connect({ name: portName });
      try {
        return await new Promise<T>((resolve, reject) => {
          const id = crypto.randomUUID();
          port.onMessage.addListener((m) => {
            if (m.id !== id) return;
            if (m.type === 'HANDLER') reject(new Error(`${method} failed: ${JSON.stringify(m.value)}`));
            else resolve(m.value as T);
          });
          port.onDisconnect.addListener(() => reject(new Error(`${method}: the port closed`)));
          port.postMessage({ id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) });
        });
      } finally {
        port.disconnect();
      }
    },
    { method, args, portName },
  );
}
