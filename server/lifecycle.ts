import { createMiddleware } from 'hono/factory';

/** How long a client refused during shutdown is asked to wait before retrying (another instance, or this one restarted). */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/** Methods that only read: still answered while shutting down (health checks, exports already asked for). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The server's state for a graceful shutdown: whether it has begun, and how many requests are being handled.
 * A write that arrives once shutdown has begun is refused with 503 and Retry-After before anything of it is
 * read; one that arrived earlier is counted and runs to the end (the server waits for it).
 */
export class Lifecycle {
  private stopping = false;
  private active = 0;

  get shuttingDown(): boolean {
    return this.stopping;
  }

  /** Requests past the shutdown check and not yet answered. */
  get inFlight(): number {
    return this.active;
  }

  beginShutdown(): void {
    this.stopping = true;
  }

  readonly middleware = createMiddleware(async (c, next) => {
    if (this.stopping && !READ_METHODS.has(c.req.method)) {
      c.header('Retry-After', String(SHUTDOWN_RETRY_AFTER_SECONDS));
      return c.json({ error: 'Server is restarting; retry shortly' }, 503);
    }
    this.active++;
    try {
      await next();
    } finally {
      this.active--;
    }
  });
}
