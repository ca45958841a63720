import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { within } from './bounded';
import type { SessionWatch } from './session';

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

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; scriptName?: string; stackTrace?: { url?: string }[] } };
}

/** A long task of the page's main thread, and how much of it the extension's scripts ran. */
export interface LongTask {
  ms: number;
  extensionMs: number;
}

/** A long task the extension made long: without its scripts' part it would not have been one. */
export const byExtension = (t: LongTask) => t.extensionMs > 0 && t.ms - t.extensionMs <= LONG_TASK_MS;

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
  return tasks.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    let extensionUs = 0;
    let coveredTo = -Infinity; // nested entries (a function calling a timer's…) are counted once
    for (const s of scripts) {
      if (s.pid !== t.pid || s.tid !== t.tid || s.ts < t.ts || s.ts >= end) continue;
      const sEnd = s.ts + (s.dur ?? 0);
      if (sEnd <= coveredTo) continue;
      extensionUs += sEnd - Math.max(s.ts, coveredTo);
      coveredTo = sEnd;
    }
    return { ms: (t.dur ?? 0) / 1000, extensionMs: extensionUs / 1000 };
  });
}
