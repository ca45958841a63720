import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

/**
 * Debian's Firefox ESR driven over WebDriver BiDi, which Firefox serves itself (`--remote-debugging-port`): no
 * geckodriver, no puppeteer, nothing downloaded. BiDi's `webExtension.install` loads an unpacked build as a temporary
 * add-on (unsigned is fine), and a fixed internal UUID (the `extensions.webextensions.uuids` pref) gives its pages
 * known moz-extension:// addresses. BiDi may not navigate to extension pages, but it can find and script the tabs the
 * extension opens itself.
 */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface BidiNode {
  type: 'node';
  sharedId: string;
}

interface RemoteValue {
  type: string;
  value?: unknown;
  sharedId?: string;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: RemoteValue;
  exceptionDetails?: { text: string };
}

interface BrowsingContextInfo {
  context: string;
  url: string;
  children: BrowsingContextInfo[] | null;
}

export interface Firefox {
  /** Firefox's version, e.g. "153.7.0". */
  version: string;
  /** A BiDi command; resolves with its result, rejects with Firefox's error message. */
  send<T>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** The top-level tabs and their addresses. */
  tabs(): Promise<{ context: string; url: string }[]>;
  /** Runs `expression` (awaited) in a tab and returns its value; objects come back through JSON.stringify. */
  evaluate<T>(context: string, expression: string): Promise<T>;
  /** The first element `selector` matches, searched in open shadow roots too. */
  find(context: string, selector: string): Promise<BidiNode | null>;
  /** A real pointer click in the middle of an element: the page sees user input (permissions.request needs it). */
  click(context: string, node: BidiNode): Promise<void>;
  /** Types into the focused element, as keystrokes. */
  type(context: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/** Looks into open shadow roots too (the extension's UI lives in one). */
const DEEP_QUERY = `(sel) => {
  const walk = (root) => {
    const hit = root.querySelector(sel);
    if (hit) return hit;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const inner = walk(el.shadowRoot); if (inner) return inner; }
    return null;
  };
  return walk(document);
}`;

export async function launchFirefox(prefs: Record<string, string | number | boolean>): Promise<Firefox> {
  const profile = await mkdtemp(join(tmpdir(), 'fw-firefox-'));
  await writeFile(
    join(profile, 'user.js'),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('\n'),
  );
  const child: ChildProcess = spawn(
    FIREFOX,
    ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', 'about:blank'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
    },
  );
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Firefox gave no WebDriver BiDi address in 30 s:\n${log}`)), 30_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(log);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stderr?.on('data', read);
    child.stdout?.on('data', read);
    child.once('exit', (code) => reject(new Error(`Firefox exited (${code}) before BiDi was up:\n${log}`)));
    child.once('error', (e) =>
      reject(new Error(`${FIREFOX} did not start (${e.message}): apt-get install firefox-esr, or set FIREFOX_PATH`)),
    );
  });
  const ws = new WebSocket(`${url}/session`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  ws.on('message', (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as { id?: number; type: string; result?: unknown; error?: string; message?: string };
    const waiter = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!waiter || msg.id === undefined) return;
    pending.delete(msg.id);
    if (msg.type === 'success') waiter.resolve(msg.result);
    else waiter.reject(new Error(`${msg.error ?? 'error'}: ${msg.message ?? ''}`));
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const session = await send<{ capabilities: { browserVersion: string } }>('session.new', { capabilities: {} });

  const evaluateRaw = async (context: string, expression: string): Promise<RemoteValue | undefined> => {
    const r = await send<EvaluateResult>('script.evaluate', { target: { context }, expression, awaitPromise: true });
    if (r.type === 'exception') throw new Error(`${expression}: ${r.exceptionDetails?.text ?? 'exception'}`);
    return r.result;
  };

  return {
    version: session.capabilities.browserVersion,
    send,
    async tabs() {
      const tree = await send<{ contexts: BrowsingContextInfo[] }>('browsingContext.getTree', { maxDepth: 0 });
      return tree.contexts.map(({ context, url }) => ({ context, url }));
    },
    async evaluate<T>(context: string, expression: string) {
      const r = await evaluateRaw(context, `(async () => JSON.stringify(await (${expression})))()`);
      return (typeof r?.value === 'string' ? JSON.parse(r.value) : undefined) as T;
    },
    async find(context, selector) {
      const r = await evaluateRaw(context, `(${DEEP_QUERY})(${JSON.stringify(selector)})`);
      return r?.type === 'node' && r.sharedId ? { type: 'node', sharedId: r.sharedId } : null;
    },
    async click(context, node) {
      await send('input.performActions', {
        context,
        actions: [
          {
            type: 'pointer',
            id: 'mouse',
            actions: [
              { type: 'pointerMove', x: 0, y: 0, origin: { type: 'element', element: node } },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      });
    },
    async type(context, text) {
      const keys = [...text].flatMap((ch) => [
        { type: 'keyDown', value: ch },
        { type: 'keyUp', value: ch },
      ]);
      await send('input.performActions', { context, actions: [{ type: 'key', id: 'keyboard', actions: keys }] });
    },
    async close() {
      ws.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(profile, { recursive: true, force: true });
    },
  };
}
