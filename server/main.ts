import { loadEnvOrExit } from './env';
import { startServer } from './start';

// `npm run server`: the collection endpoint alone, configured by the environment.
const env = loadEnvOrExit();
const server = await startServer(env).catch((e: unknown) => {
  console.error(`Could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
console.info(`Floorwalker endpoint on ${server.url} (${server.sql.kind}). Admin token: ${server.adminToken}`);
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.log.info('shutting down', { signal });
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
