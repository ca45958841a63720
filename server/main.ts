import { loadEnvOrExit } from './env';
import { createLogger } from './log';
import { startServer } from './start';

// `npm run server`: the collection endpoint alone, configured by the environment. Everything it says is a
// structured log line on stdout; the admin token appears only in the line that records making one.
const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);

/** Past the shutdown timeout, the database gets this long to close before the process gives up and exits. */
const EXIT_GRACE_MS = 5_000;

// The signal handlers go on before the server starts: it says "listening" before startServer resolves, and a
// SIGTERM in between would otherwise kill the process with no clean shutdown.
const starting = startServer(env, { log }).catch((e: unknown) => {
  log.error('could not start', { error: e instanceof Error ? e.message : String(e) });
  process.exit(1);
});
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  const server = await starting;
  log.info('shutting down', { signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS, inFlight: server.inFlight() });
  const guard = setTimeout(() => {
    log.error('shutdown did not finish in time; exiting', { timeoutMs: env.SHUTDOWN_TIMEOUT_MS + EXIT_GRACE_MS });
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS + EXIT_GRACE_MS);
  guard.unref();
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
await starting;
