/** More arguments than any method of an API takes: a call claiming more is cut to this. */
const MAX_ARGS = 16;

/** The part of a runtime.Port that RPC needs; kept structural so tests can pass a fake port. */
export interface PortLike {
  name: string;
  postMessage(message: unknown): void;
  onMessage: { addListener(fn: (message: unknown) => void): void; removeListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  disconnect(): void;
}

/**
 * The wire of an RPC channel: a call names a method of the channel's API and carries its arguments; its answer,
 * matched by `seq`, carries the value or the error the method threw. Ports carry JSON only, so the APIs take and
 * return plain data. (The page scripts carry this instead of an RPC library: it is all an extension port needs.)
 */
export interface CallMessage {
  seq: number;
  method: string;
  /**
   * The arguments by position, and how many there are: an extension port serializes as JSON, which turns an
   * `undefined` in an array into `null` (a left-out optional argument would then arrive as null and fail the
   * method's checks), while a missing key stays missing.
   */
  args: Record<number, unknown>;
  argc: number;
}
export type AnswerMessage = { seq: number; value: unknown } | { seq: number; error: { name: string; message: string } };

/** The caller's side of one port: `call` resolves or rejects with the method's answer; a dropped port is the client's. */
export function portCaller(port: PortLike): (method: string, args: unknown[]) => Promise<unknown> {
  let seq = 0;
  const waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  port.onMessage.addListener((message) => {
    const answer = message as Partial<AnswerMessage> | null;
    const w = typeof answer?.seq === 'number' ? waiting.get(answer.seq) : undefined;
    if (!w || !answer) return;
    waiting.delete(answer.seq as number);
    if ('error' in answer && answer.error) w.fail(remoteError(answer.error));
    else w.ok((answer as { value?: unknown }).value);
  });
  return (method, args) =>
    new Promise((ok, fail) => {
      const n = ++seq;
      waiting.set(n, { ok, fail });
      try {
        port.postMessage({ seq: n, method, args: { ...args }, argc: args.length } satisfies CallMessage);
      } catch (e) {
        // Posting throws when the port has just closed: the client retries on a fresh one.
        waiting.delete(n);
        fail(e instanceof Error ? e : new Error(String(e)));
      }
    });
}

/** An error thrown by the background's method, as the caller sees it: the same name and message. */
function remoteError(e: { name?: unknown; message?: unknown }): Error {
  const error = new Error(typeof e.message === 'string' ? e.message : 'The background failed the call');
  if (typeof e.name === 'string') error.name = e.name;
  return error;
}

/**
 * Sends replies on `port` while it is open: a reply to a caller whose port has gone is dropped, and that caller fails
 * its call and tries again on a new port.
 */
export function replier<R>(port: PortLike): (reply: R) => void {
  let gone = false;
  port.onDisconnect.addListener(() => {
    gone = true;
  });
  return (reply) => {
    if (gone) return;
    try {
      port.postMessage(reply);
    } catch {
      gone = true;
    }
  };
}

/**
 * The answering side: runs each call on `port` with `api`'s method of that name. A call that names no method of the
 * API (or one every object has) is answered with an error; a message that is not a call is ignored.
 */
export function answerCalls(port: PortLike, api: object): void {
  const answer = replier<AnswerMessage>(port);
  port.onMessage.addListener((message) => {
    const m = message as Partial<CallMessage> | null;
    const seq = m?.seq;
    if (typeof seq !== 'number') return;
    const method = typeof m?.method === 'string' ? m.method : '';
    const fn = method in Object.prototype ? undefined : (api as Record<string, unknown>)[method];
    if (typeof fn !== 'function') return answer({ seq, error: { name: 'Error', message: `Unknown RPC method ${method}` } });
    const argc = typeof m?.argc === 'number' && Number.isInteger(m.argc) && m.argc >= 0 && m.argc <= MAX_ARGS ? m.argc : 0;
    const byPosition = typeof m?.args === 'object' && m.args !== null ? m.args : {};
    const args = Array.from({ length: argc }, (_, i) => byPosition[i]);
    new Promise<unknown>((resolve) => resolve((fn as (...a: unknown[]) => unknown).apply(api, args))).then(
      (value) => answer({ seq, value }),
      (e: unknown) =>
        answer({ seq, error: e instanceof Error ? { name: e.name, message: e.message } : { name: 'Error', message: String(e) } }),
    );
  });
}
