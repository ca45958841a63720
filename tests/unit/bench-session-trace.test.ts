import { describe, expect, it } from 'vitest';
import { byExtension, longTasksOf } from '../../bench/lib/session-trace';

const EXT = 'chrome-extension://abc/content-scripts/page.js';
const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (ts: number, ms: number, tid = 1) => ({ name: 'RunTask', ph: 'X', pid: 7, tid, ts, dur: ms * 1000 });
const call = (ts: number, ms: number, url: string, tid = 1) => ({ name: 'FunctionCall', ph: 'X', pid: 7, tid, ts, dur: ms * 1000, args: { data: { url } } });

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
      task(0, 500, 2), // another thread
    ]);
    expect(tasks).toEqual([
      { ms: 120, extensionMs: 6 },
      { ms: 70, extensionMs: 60 },
    ]);
    expect(tasks.map(byExtension)).toEqual([false, true]);
  });
});
