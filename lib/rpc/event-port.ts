import type { LogResult } from './api';
import { replier, type PortLike } from './port-calls';
import { RpcDisconnectedError, RpcTimeoutError } from './client';
import { RPC_CALL_TIMEOUT_MS } from '../limits';

/**
 * The page's events to the background on a port of their own: one plain message per batch and one answer, instead of
 * a call through the RPC library (whose wire step, per-call listener and id cost more than the port message itself,
 * at one batch per flush). The background checks every event with the event schema as it stores it, as before.
 */
export const EVENT_PORT = 'fw:events';

/** A batch of events, numbered so its answer finds it; `events` are validated on arrival, never trusted. */
export interface EventBatchMessage {
  seq: number;
  events: unknown[];
}
/** The background's answer to a batch: what it stored and refused, or why it could not store it. */
export type EventReplyMessage = { seq: number; result: LogResult } | { seq: number; error: string };

export interface EventChannel {
  send(events: unknown[]): Promise<LogResult>;
  close(): void;
}

/**
 * The page's side: connects lazily, and fails every batch in flight when the port drops (the worker stopped) or an
 * answer does not come in `timeoutMs`, so the sender keeps those events and sends them again on a fresh port. The
 * background stores by id, so a batch stored but not answered is harmless to send again.
 */
export function eventChannel(connect: () => PortLike, timeoutMs: number = RPC_CALL_TIMEOUT_MS): EventChannel {
  let port: PortLike | null = null;
  let seq = 0;
  let closed = false;
  const waiting = new Map<
    number,
    { on: PortLike; ok: (r: LogResult) => void; fail: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();
  /** Fails the batches out on `on` (all of them for none): those on a newer port still have their answer to come. */
  const failAll = (e: Error, on?: PortLike) => {
    for (const [n, w] of waiting) {
      if (on && w.on !== on) continue;
      clearTimeout(w.timer);
      waiting.delete(n);
      w.fail(e);
    }
  };
  const open = (): PortLike => {
    if (port) return port;
    const p = connect();
    p.onMessage.addListener((message) => {
      const reply = message as Partial<EventReplyMessage> | null;
      const w = typeof reply?.seq === 'number' ? waiting.get(reply.seq) : undefined;
      if (!w || !reply) return;
      waiting.delete(reply.seq as number);
      clearTimeout(w.timer);
      if ('result' in reply && reply.result) w.ok(reply.result);
      else w.fail(new Error('error' in reply ? String(reply.error) : 'malformed answer to an event batch'));
    });
    p.onDisconnect.addListener(() => {
      if (port === p) port = null;
      failAll(new RpcDisconnectedError(`Port "${p.name}" disconnected`), p);
    });
    port = p;
    return p;
  };
  return {
    send(events) {
      return new Promise<LogResult>((ok, fail) => {
        if (closed) return fail(new RpcDisconnectedError('event channel closed'));
        const n = ++seq;
        try {
          const p = open();
          const timer = setTimeout(() => {
            waiting.delete(n);
            // A port that does not answer is as good as lost: the next batch goes out on a fresh one, and the batches
            // still out on this one fail now (a port closed from this side never hears its own disconnect).
            if (port === p) port = null;
            p.disconnect();
            failAll(new RpcTimeoutError(`event batch timed out after ${timeoutMs} ms`), p);
            fail(new RpcTimeoutError(`event batch timed out after ${timeoutMs} ms`));
          }, timeoutMs);
          waiting.set(n, { on: p, ok, fail, timer });
          p.postMessage({ seq: n, events } satisfies EventBatchMessage);
        } catch (e) {
          // Connecting or posting throws when the extension context is gone (reloaded) or the port just closed.
          const w = waiting.get(n);
          if (w) clearTimeout(w.timer);
          waiting.delete(n);
          port = null;
          fail(e instanceof Error ? e : new RpcDisconnectedError(String(e)));
        }
      });
    },
    close() {
      closed = true;
      port?.disconnect();
      port = null;
      failAll(new RpcDisconnectedError('event channel closed'));
    },
  };
}

/**
 * The background's side: answers each batch on `port` with what `store` made of it. A message that is not a batch is
 * answered with an error when it has a number to answer to, and otherwise ignored; the events themselves are checked
 * by `store` (the event schema).
 */
export function serveEvents(port: PortLike, store: (events: unknown[]) => Promise<LogResult>): void {
  const answer = replier<EventReplyMessage>(port);
  port.onMessage.addListener((message) => {
    const m = message as Partial<EventBatchMessage> | null;
    const seq = m?.seq;
    if (typeof seq !== 'number') return;
    if (!Array.isArray(m?.events)) return answer({ seq, error: 'an event batch must hold an array of events' });
    store(m.events).then(
      (result) => answer({ seq, result }),
      (e: unknown) => answer({ seq, error: e instanceof Error ? e.message : String(e) }),
    );
  });
}
