import type { Page } from 'playwright-core';
import { PORTS, type PortName } from '../../lib/rpc/api';
import type { AnswerMessage, CallMessage } from '../../lib/rpc/port-calls';

interface ExtensionPort {
  onMessage: { addListener(fn: (m: Partial<AnswerMessage>) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  postMessage(message: unknown): void;
  disconnect(): void;
}

/**
 * Calls the background's admin API from an extension page (`page` must be one), as the options page's client does:
 * the RPC wire's call and answer (lib/rpc/port-calls) over a `runtime.Port`. For changes a test makes without going
 * through a page's UI, so the test does not depend on how that page asks for them.
 */
export async function adminCall<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  return rpcCall<T>(page, PORTS.admin, method, ...args);
}

/** Calls a method of any channel of the background from an extension page (the content channel's `search`, say). */
export async function rpcCall<T>(page: Page, portName: PortName, method: string, ...args: unknown[]): Promise<T> {
  const call: CallMessage = { seq: 1, method, args: { ...args }, argc: args.length };
  return page.evaluate(
    async ({ call, portName }) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { connect(o: { name: string }): ExtensionPort } } }).chrome.runtime;
      const port = runtime.connect({ name: portName });
      try {
        return await new Promise<T>((resolve, reject) => {
          port.onMessage.addListener((m) => {
            if (m.seq !== call.seq) return;
            if ('error' in m && m.error) reject(new Error(`${call.method} failed: ${JSON.stringify(m.error)}`));
            else resolve((m as { value?: unknown }).value as T);
          });
          port.onDisconnect.addListener(() => reject(new Error(`${call.method}: the port closed`)));
          port.postMessage(call);
        });
      } finally {
        port.disconnect();
      }
    },
    { call, portName },
  );
}
