import { describe, expect, it } from 'vitest';
import { byExtension, longTasksOf } from '../../bench/lib/session-trace';

const EXT = 'chrome-extension://abc/content-scripts/page.js';
const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
/** A task of `ms` wall clock, `cpu` of it on the CPU. */
const task = (ts: number, ms: number, cpu = ms, tid = 1) => ({
  name: 'RunTask',
  ph: 'X',
  pid: 7,
  tid,
  ts,
  dur: ms * 1000,
  tdur: cpu * 1000,
});
const call = (ts: number, ms: number, url: string, cpu = ms) => ({
  name: 'FunctionCall',
  ph: 'X',
  pid: 7,
  tid: 1,
  ts,
  dur: ms * 1000,
  tdur: cpu * 1000,
  args: { data: { url } },
});

describe("bench/logger session's long tasks from a trace", () => {
  it("finds the renderer main thread's long tasks and the extension's script time in each, nested calls once", () => {
    const tasks = longTasksOf([
      meta(7, 1, 'CrRendererMain'),
      meta(7, 2, 'Compositor'),
      task(0, 120), // the page's own work with a little of the extension's
      call(1_000, 10, 'http://shop.test/theme.js'),
      call(20_000, 6, EXT),
      call(21_000, 2, EXT), // inside the one before
      task(200_000, 70), // made long by the extension: 60 of its 70 ms
      call(201_000, 60, EXT),
      task(400_000, 30), // short
      call(401_000, 25, EXT),
      task(600_000, 160, 30), // long only by the wall clock (the thread was descheduled): 20 of its 30 ms CPU the extension's
      call(601_000, 100, EXT, 20),
      task(0, 500, 500, 2), // another thread
    ]);
    const page = 'content-scripts/page.js:?:?';
    expect(tasks).toEqual([
      { ms: 120, cpuMs: 120, extensionMs: 6, extensionCpuMs: 6, atMs: 0, extensionTop: `FunctionCall (anonymous) ${page} 6 ms` },
      { ms: 70, cpuMs: 70, extensionMs: 60, extensionCpuMs: 60, atMs: 200, extensionTop: `FunctionCall (anonymous) ${page} 60 ms` },
      { ms: 160, cpuMs: 30, extensionMs: 100, extensionCpuMs: 20, atMs: 600, extensionTop: `FunctionCall (anonymous) ${page} 100 ms` },
    ]);
    expect(tasks.map(byExtension)).toEqual([false, true, false]);
  });
});
