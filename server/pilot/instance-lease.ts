import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';

export interface LeaseHooks {
  /**
   * Other instances took this one for gone (its heartbeat was late past the lease) and cleaned up after it: its
   * sockets' presence is gone and its seats may be run elsewhere. Called before the instance registers again.
   */
  fenced(): Promise<void>;
  /** Rooms that had sockets on instances now gone: their presence changed. */
  left(roomIds: string[]): void;
  /** After each heartbeat that kept the lease (claiming orphaned seats, say). */
  beat(): Promise<void>;
}

/**
 * This server instance's row in server_instances, kept alive by a heartbeat: every `leaseMs / 3` the instance
 * renews its lease and sweeps the instances whose lease ran out (a crash or a SIGKILL leaves no word), removing
 * their sockets from presence. Times are the database's, so instances' clocks need not agree.
 */
export class InstanceLease {
  /** Unique per start: a restarted process is a new instance, and what the old one held is taken over. */
  readonly id = `i-${process.pid}-${randomBytes(6).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly sql: Sql,
    private readonly leaseMs: number,
    private readonly log: Logger,
    private readonly hooks: LeaseHooks,
  ) {}

  /**
   * Registers the instance. With PGlite the database belongs to this one process: rows left by an earlier run
   * (stopped without a word) are cleared at once, so a restart takes its seats over without waiting for a lease.
   */
  async register(): Promise<void> {
    if (this.sql.kind === 'pglite') {
      await this.sql.query('DELETE FROM room_sockets');
      await this.sql.query('DELETE FROM server_instances');
    }
    await this.insert();
  }

  /** Starts the heartbeat, with a first beat now (which takes over the seats of instances already gone). */
  start(): void {
    if (this.timer || this.stopped) return;
    void this.beatOnce();
    this.timer = setInterval(() => void this.beatOnce(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  /** Stops the heartbeat and removes the instance and its sockets; returns the rooms whose presence changed. */
  async stop(): Promise<string[]> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    const rows = await this.sql.query<{ room_id: string }>('DELETE FROM room_sockets WHERE instance_id = $1 RETURNING room_id', [this.id]);
    await this.sql.query('DELETE FROM server_instances WHERE id = $1', [this.id]);
    return [...new Set(rows.map((r) => r.room_id))];
  }

  private async insert(): Promise<void> {
    await this.sql.query(
      "INSERT INTO server_instances (id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond') ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at",
      [this.id, this.leaseMs],
    );
  }

  /** One heartbeat at a time: a slow one is not overtaken by the next. */
  private beatOnce(): Promise<void> {
    this.beating ??= this.beat()
      .catch((e: unknown) =>
        this.log.warn('instance heartbeat failed', { instance: this.id, error: e instanceof Error ? e.message : String(e) }),
      )
      .finally(() => (this.beating = null));
    return this.beating;
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const kept = await this.sql.query(
      "UPDATE server_instances SET expires_at = now() + $2 * interval '1 millisecond' WHERE id = $1 RETURNING id",
      [this.id, this.leaseMs],
    );
    if (!kept.length) {
      this.log.warn('instance lease lost: taken for gone by another instance; starting over', { instance: this.id });
      await this.hooks.fenced();
      if (this.stopped) return;
      await this.insert();
    }
    const gone = await this.sql.query<{ id: string }>('DELETE FROM server_instances WHERE expires_at < now() RETURNING id');
    if (gone.length) this.log.info('instances gone', { instances: gone.map((g) => g.id) });
    // Also catches a socket registered by an instance in the moment it was being swept.
    const left = await this.sql.query<{ room_id: string }>(
      'DELETE FROM room_sockets s WHERE NOT EXISTS (SELECT 1 FROM server_instances i WHERE i.id = s.instance_id) RETURNING room_id',
    );
    if (left.length) this.hooks.left([...new Set(left.map((r) => r.room_id))]);
    if (!this.stopped) await this.hooks.beat();
  }
}
