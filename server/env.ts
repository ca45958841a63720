import * as v from 'valibot';
import { parseOrThrow } from '../lib/validation';

/** A PostgreSQL connection string, for the database and its read replica. */
const PostgresUrl = v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'));

/** Server configuration from the environment, validated once at start with messages that say what to fix. */
const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535)), '8787'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data'),
  DATABASE_URL: v.optional(PostgresUrl),
  /**
   * A read replica of DATABASE_URL's database, for the study exports (the heaviest reads): they then take nothing from
   * the primary, which ingests and runs the rooms. A replica lags by its replication delay, so an export made just
   * after an upload may miss its last seconds.
   */
  DATABASE_READ_URL: v.optional(PostgresUrl),
  ADMIN_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** Extension origins allowed to call the API from the browser, comma-separated (chrome-extension://id). */
  EXTENSION_ORIGINS: v.optional(v.string(), ''),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** Ingest requests per token per minute. */
  INGEST_RATE_PER_MINUTE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '600'),
  /** The simulated Buyer's pause before it starts typing, ms (0: answers at once, as in tests). */
  SIM_BUYER_THINK_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of milliseconds'), v.transform(Number)),
    '1200',
  ),
  /**
   * Where simulated Buyers connect, ws(s)://host[:port] (default: this instance on loopback). Any instance will do:
   * rooms are relayed between instances (server/pilot/room-hub.ts).
   */
  SIM_BUYER_WS_BASE: v.optional(
    v.pipe(v.string(), v.regex(/^wss?:\/\/[^/?#\s]+$/, 'must be ws://host:port or wss://host, without a path')),
  ),
  /** On SIGTERM: how long to wait for requests in flight before closing the connections still open, ms. */
  SHUTDOWN_TIMEOUT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of milliseconds'), v.transform(Number)),
    '10000',
  ),
  /** How long a pilot WebSocket may stay open without saying hello before it is closed, ms (a page says it at once). */
  PILOT_HELLO_TIMEOUT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds'), v.transform(Number)),
    '10000',
  ),
  /**
   * How long an instance that stops renewing its lease (every third of it) is still taken as running, ms. Past it,
   * the others take its sockets out of presence and rebuild the simulated Buyers it ran.
   */
  INSTANCE_LEASE_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds'), v.transform(Number), v.minValue(300)),
    '15000',
  ),
  /** The simulated Buyer's typing speed, ms per character (about 40 words a minute by default; 0 in tests). */
  SIM_BUYER_MS_PER_CHAR: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of milliseconds'), v.transform(Number)),
    '150',
  ),
});
export type Env = v.InferOutput<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const picked = Object.fromEntries(Object.keys(EnvSchema.entries).map((k) => [k, source[k] === '' ? undefined : source[k]]));
  const env = parseOrThrow(EnvSchema, picked, 'Invalid server configuration');
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    throw new Error('Invalid server configuration: DATABASE_READ_URL is a replica of DATABASE_URL, which is not set');
  return env;
}

/** For command-line entry points: the validated environment, or the reason printed and exit code 2. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  }
}
