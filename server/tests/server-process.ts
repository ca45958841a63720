import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Every line it wrote to stdout so far (JSON log lines). */
  lines: string[];
  stderr(): string;
  exited: Promise<number | null>;
  /** Waits for the first log line with this `msg` (or times out, with what it wrote). */
  logged(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** `npm run server` as a child process (so a test can SIGKILL it), its stdout split into lines as they come. */
export function runServer(env: Record<string, string>): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let partial = '';
  child.stdout?.on('data', (d: Buffer) => {
    const parts = (partial + d.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const logged = async (msg: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === msg);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no "${msg}" line; stdout: ${lines.join('\n')}; stderr: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, lines, stderr: () => stderr, exited, logged };
}
