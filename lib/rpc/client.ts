import { RPC_CALL_TIMEOUT_MS, RPC_MAX_ATTEMPTS } from '../limits';
import { portCaller, type PortLike } from './port-calls';

/** The port closed while a call was in flight (the service worker stopped, or the extension reloaded). */
export class RpcDisconnectedError extends Error {
  override name = 'RpcDisconnectedError';
}
export class RpcTimeoutError extends Error {
  override name = 'RpcTimeoutError';
}

type Method = (...args: never[]) => Promise<unknown>;
export type RpcClient<T> = { [K in keyof T]: T[K] extends Method ? T[K] : never } & { close(): void };
/** The names of T's remote methods, so per-method options name methods the channel has (a typo does not compile). */
export type MethodName<T> = Extract<{ [K in keyof T]: T[K] extends Method ? K : never }[keyof T], string>;

export interface RpcClientOptions<T> {
  timeoutMs?: number;
  /** Longer limits for calls that do real work, e.g. rebuilding a 100,000-product index. */
  methodTimeoutMs?: Partial<Record<MethodName<T>, number>>;
  maxAttempts?: number;
  /**
   * Methods a second run would repeat (opening a practice room on the server): they get one attempt, and a dropped
   * port or a timeout fails the call loudly for the caller to show, instead of running it again unseen.
   */
  once?: readonly MethodName<T>[];
  /** Wait before attempt n (n ≥ 1); the default backs off 100 ms, 200 ms, 400 ms. */
  backoffMs?: (attempt: number) => number;
}

interface Connection {
  port: PortLike;
  call: (method: string, args: unknown[]) => Promise<unknown>;
  lost: Promise<never>;
  /** Fails every call in flight on this port (they retry on a fresh one). */
  drop(e: Error): void;
}

/**
 * A typed client for one channel. It connects lazily, reconnects after the port drops, and fails every call
 * that was in flight on a dropped port instead of leaving it hanging. Calls are retried on a new port, so
 * background methods must be idempotent (events carry client ids; settings patches are absolute), or be named
 * in `once`.
 */
export function createRpcClient<T extends object>(connect: () => PortLike, opts: RpcClientOptions<T> = {}): RpcClient<T> {
  const timeoutMs = opts.timeoutMs ?? RPC_CALL_TIMEOUT_MS;
  const maxAttempts = opts.maxAttempts ?? RPC_MAX_ATTEMPTS;
  const backoff = opts.backoffMs ?? ((n: number) => 100 * 2 ** (n - 1));
  let conn: Connection | null = null;
  let closed = false;

  function current(): Connection {
    if (conn) return conn;
    const port = connect();
    let reject!: (e: Error) => void;
    const lost = new Promise<never>((_, r) => (reject = r));
    lost.catch(() => undefined); // observed by whichever calls race it
    const c: Connection = { port, call: portCaller(port), lost, drop: (e) => reject(e) };
    port.onDisconnect.addListener(() => {
      if (conn === c) conn = null;
      reject(new RpcDisconnectedError(`Port "${port.name}" disconnected`));
    });
    conn = c;
    return c;
  }

  async function call(method: string, args: unknown[]): Promise<unknown> {
    let lastError: unknown;
    // The proxy hands over any property name; the options are keyed by T's method names, so look up by string.
    const attempts = (opts.once as readonly string[] | undefined)?.includes(method) ? 1 : maxAttempts;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (closed) throw new RpcDisconnectedError('RPC client closed');
      if (attempt > 0) await sleep(backoff(attempt));
      let c: Connection;
      try {
        c = current();
      } catch (e) {
        // Connecting throws when the extension context is gone (e.g. the extension was reloaded).
        lastError = e;
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = (opts.methodTimeoutMs as Partial<Record<string, number>> | undefined)?.[method] ?? timeoutMs;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RpcTimeoutError(`${method} timed out after ${limit} ms`)), limit);
      });
      try {
        return await Promise.race([c.call(method, args), c.lost, timeout]);
      } catch (e) {
        if (!(e instanceof RpcDisconnectedError || e instanceof RpcTimeoutError)) throw e;
        lastError = e;
        if (e instanceof RpcTimeoutError && conn === c) {
          // A port that does not answer is as good as lost: start over on a fresh one. The calls still in flight
          // on it retry too: a port closed from this side never fires its own onDisconnect, so without this a
          // long call (committing an import) sharing the port would wait out its whole limit for an answer
          // that can no longer come.
          conn = null;
          c.port.disconnect();
          c.drop(new RpcDisconnectedError(`Port "${c.port.name}" closed after ${method} timed out`));
        }
      } finally {
        clearTimeout(timer);
      }
    }
    throw lastError instanceof Error ? lastError : new RpcDisconnectedError(String(lastError));
  }

  return new Proxy({} as RpcClient<T>, {
    get(_target, prop) {
      if (prop === 'close') {
        return () => {
          closed = true;
          conn?.port.disconnect();
          conn = null;
        };
      }
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      return (...args: unknown[]) => call(prop, args);
    },
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
