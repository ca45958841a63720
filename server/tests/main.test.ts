import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer } from './server-process';

describe('npm run server', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('logs a token it made once, never one it was given, writes only JSON lines, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fw-main-'));
    dirs.push(dataDir);

    // No ADMIN_TOKEN: one is made, kept in DATA_DIR and shown once.
    const first = runServer({ DATA_DIR: dataDir });
    const created = await first.logged('created admin token');
    const kept = (await readFile(join(dataDir, 'admin-token'), 'utf8')).trim();
    expect(created).toMatchObject({ level: 'info', file: join(dataDir, 'admin-token'), adminToken: kept });
    await first.logged('listening');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // ADMIN_TOKEN from the environment: it appears nowhere in the output.
    const given = 'given-admin-token-0123456789';
    const second = runServer({ DATA_DIR: dataDir, ADMIN_TOKEN: given });
    const listening = await second.logged('listening');
    expect(listening).toMatchObject({ adminToken: 'environment', database: 'pglite' });
    const health = await fetch(`${String(listening.url)}/healthz`);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await second.logged('stopped');
    const out = second.lines.join('\n') + second.stderr();
    expect(out).not.toContain(given);
    expect(out).not.toContain(kept);
    for (const line of [...first.lines, ...second.lines]) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(second.lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(
      expect.arrayContaining(['listening', 'shutting down', 'stopped']),
    );
  });
});
