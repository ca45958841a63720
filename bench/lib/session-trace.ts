import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { within } from './bounded';
import type { TraceEvent } from './trace-event';

/** Something watching the session's page from before it loads to the end (a CPU profile of it, say). */
export interface SessionWatch {
  start(page: Page): Promise<void>;
  stop(page: Page): Promise<void>;
}

/**
 * Which long tasks an extension's scripts ran in, from a DevTools trace of the session's page. The Long Animation
 * Frames API cannot say: it gives no script attribution for extension code ("extension code will not have script
 * attribution in long animation frames", MDN), so a check built on it passes whatever the extension does. A trace
 * has every task of the renderer's main thread (RunTask) and the script calls inside it (FunctionCall, EvaluateScript,
 * timers, idle callbacks, events), each with its script's URL: a content script's is chrome-extension://….
 */
/** Tasks (RunTask) and script calls with their URLs; nothing else (a two-minute trace is tens of MB as it is). */
const CATEGORIES = ['-*', 'devtools.timeline', 'disabled-by-default-devtools.timeline'].join(',');
const TRACE_WAIT_MS = 120_000;
/** Long tasks, as the browser defines them. */
export const LONG_TASK_MS = 50;

/** A long task of the page's main thread, and how much of it the extension's scripts ran. */
export interface LongTask {
  /** Wall clock, as the browser times a long task: on a busy machine it includes time the thread was descheduled. */
  ms: number;
  /** The task's thread (CPU) time: what it would take on a core of its own. */
  cpuMs: number;
  extensionMs: number;
  extensionCpuMs: number;
  /** The extension's longest call in it (event name, function, script:line:column), to find it in the source. */
  extensionTop?: string;
  /** When it started, in ms from the trace's first event (the page load is at the start). */
  atMs?: number;
}

/**
 * A long task the extension made long: over LONG_TASK_MS of CPU time, and not without its scripts' part. CPU time, not
 * wall clock: on a machine shared with other work a 20 ms task can last 150 ms, whoever's it is.
 */
export const byExtension = (t: LongTask) => t.extensionCpuMs > 0 && t.cpuMs > LONG_TASK_MS && t.cpuMs - t.extensionCpuMs <= LONG_TASK_MS;

/** A trace of the page's renderer from before it loads to the end of the session; `longTasks` is read after `stop`. */
export function traceWatch(context: BrowserContext): SessionWatch & { longTasks: () => LongTask[] } {
  let cdp: CDPSession;
  let found: LongTask[] = [];
  return {
    async start(page: Page) {
      cdp = await context.newCDPSession(page);
      await within(TRACE_WAIT_MS, 'Tracing.start', cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' }));
    },
    async stop() {
      const complete = new Promise<string>((ok) => cdp.once('Tracing.tracingComplete', (e) => ok(e.stream ?? '')));
      await cdp.send('Tracing.end');
      const stream = await within(TRACE_WAIT_MS, 'the trace', complete);
      let text = '';
      for (;;) {
        const chunk = await within(TRACE_WAIT_MS, 'a chunk of the trace', cdp.send('IO.read', { handle: stream, size: 1 << 20 }));
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
      found = longTasksOf(Array.isArray(parsed) ? parsed : parsed.traceEvents);
    },
    longTasks: () => found,
  };
}

/** Script entries whose URL says whose code ran. */
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'TimerFire',
  'FireIdleCallback',
  'v8.callFunction',
]);
const urlOf = (e: TraceEvent) => e.args?.data?.url ?? e.args?.data?.scriptName ?? '';

/** Long tasks on the main threads of renderers (CrRendererMain), with the time extension scripts took in each. */
export function longTasksOf(events: readonly TraceEvent[]): LongTask[] {
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`));
  const scripts = onMain.filter((e) => SCRIPT_EVENTS.has(e.name) && urlOf(e).startsWith('chrome-extension://')).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 > LONG_TASK_MS);
  const first = Math.min(...onMain.map((e) => e.ts));
  return tasks.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    let extensionUs = 0;
    let extensionCpuUs = 0;
    let coveredTo = -Infinity; // nested entries (a function calling a timer's…) are counted once
    let top: TraceEvent | null = null;
    for (const s of scripts) {
      if (s.pid !== t.pid || s.tid !== t.tid || s.ts < t.ts || s.ts >= end) continue;
      if ((s.dur ?? 0) > (top?.dur ?? -1)) top = s;
      const sEnd = s.ts + (s.dur ?? 0);
      if (sEnd <= coveredTo) continue;
      if (s.ts >= coveredTo) extensionCpuUs += s.tdur ?? s.dur ?? 0; // an overlapping tail's CPU time is not split
      extensionUs += sEnd - Math.max(s.ts, coveredTo);
      coveredTo = sEnd;
    }
    return {
      ms: (t.dur ?? 0) / 1000,
      cpuMs: (t.tdur ?? t.dur ?? 0) / 1000,
      extensionMs: extensionUs / 1000,
      extensionCpuMs: extensionCpuUs / 1000,
      atMs: Math.round((t.ts - first) / 1000),
      ...(top ? { extensionTop: describe(top) } : {}),
    };
  });
}

function describe(e: TraceEvent): string {
  const d = e.args?.data;
  const where = `${(d?.url ?? d?.scriptName ?? '').replace(/^chrome-extension:\/\/[^/]+\//, '')}:${d?.lineNumber ?? '?'}:${d?.columnNumber ?? '?'}`;
  return `${e.name} ${d?.functionName || d?.type || '(anonymous)'} ${where} ${Math.round((e.dur ?? 0) / 100) / 10} ms`;
}
