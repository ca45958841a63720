import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_PORT, eventChannel, serveEvents } from '../../lib/rpc/event-port';
import { RpcDisconnectedError, RpcTimeoutError } from '../../lib/rpc/client';
import { EventSender } from '../../lib/logger/sender';
import { validateEvent, type FwEvent } from '../../lib/events/event-schema';
import type { LogResult } from '../../lib/rpc/api';
import { portPair, type FakePort } from './helpers/ports';
import { clickEvent } from './helpers/events';

/** A background that stores by id, as IndexedDB does, checking each event with the schema as the real one does. */
function background() {
  const stored = new Map<string, FwEvent>();
  const store = async (events: unknown[]): Promise<LogResult> => {
    const result: LogResult = { stored: [], rejected: [] };
    for (const input of events) {
      const v = validateEvent(input);
      if (!v.ok) {
        result.rejected.push({ id: null, error: v.error });
        continue;
      }
      stored.set(v.event.id, v.event);
      result.stored.push(v.event.id);
    }
    return result;
  };
  return { stored, store };
}

/** A connect() for the page: each call opens a new port pair whose far end the background serves. */
function connector(serve: (far: FakePort) => void) {
  const near: FakePort[] = [];
  const far: FakePort[] = [];
  return {
    near,
    far,
    connect: () => {
      const [a, b] = portPair(EVENT_PORT);
      near.push(a);
      far.push(b);
      serve(b);
      return a;
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('the event port', () => {
  it('sends a batch as one message and answers it with what the background stored and refused', async () => {
    const bg = background();
    const ports = connector((p) => serveEvents(p, bg.store));
    const posted: unknown[] = [];
    const channel = eventChannel(() => {
      const p = ports.connect();
      const post = p.postMessage.bind(p);
      p.postMessage = (m: unknown) => (posted.push(m), post(m));
      return p;
    });
    const good = [clickEvent(1), clickEvent(2)];
    const bad = { ...clickEvent(3), action: 'teleport' };
    const result = await channel.send([...good, bad]);
    expect(result.stored).toEqual(good.map((e) => e.id));
    expect(result.rejected).toHaveLength(1);
    expect(posted).toHaveLength(1); // one message for the whole batch
    expect([...bg.stored.keys()]).toEqual(good.map((e) => e.id));
    // The next batch reuses the port.
    await channel.send([clickEvent(4)]);
    expect(ports.near).toHaveLength(1);
    channel.close();
  });

  it('answers a message that is not a batch with an error instead of storing anything', async () => {
    const bg = background();
    const [page, worker] = portPair(EVENT_PORT);
    serveEvents(worker, bg.store);
    const replies: unknown[] = [];
    page.onMessage.addListener((m) => replies.push(m));
    page.postMessage({ seq: 7, events: 'not a list' });
    page.postMessage({ events: [clickEvent(1)] }); // nothing to answer to: ignored
    await vi.waitFor(() => expect(replies).toEqual([{ seq: 7, error: expect.stringMatching(/array/) }]));
    expect(bg.stored.size).toBe(0);
  });

  it('fails a batch in flight when the port drops, and sends the next on a fresh port', async () => {
    const bg = background();
    let answering = false;
    const ports = connector((p) => serveEvents(p, (events) => (answering ? bg.store(events) : new Promise<LogResult>(() => undefined))));
    const channel = eventChannel(ports.connect);
    const inFlight = channel.send([clickEvent(1)]);
    await new Promise((r) => setTimeout(r, 5));
    ports.far[0]?.disconnect(); // the worker stopped
    await expect(inFlight).rejects.toBeInstanceOf(RpcDisconnectedError);
    answering = true;
    const e = clickEvent(2);
    await expect(channel.send([e])).resolves.toEqual({ stored: [e.id], rejected: [] });
    expect(ports.near).toHaveLength(2);
    channel.close();
    await expect(channel.send([clickEvent(3)])).rejects.toBeInstanceOf(RpcDisconnectedError);
  });

  it('fails a batch nobody answers after its limit, and closes that port so the next batch opens another', async () => {
    vi.useFakeTimers();
    const ports = connector((p) => serveEvents(p, () => new Promise<LogResult>(() => undefined)));
    const channel = eventChannel(ports.connect, 1_000);
    const unanswered = channel.send([clickEvent(1)]);
    const failed = expect(unanswered).rejects.toBeInstanceOf(RpcTimeoutError);
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    let second: string | null = null;
    void channel.send([clickEvent(2)]).then(
      () => (second = 'answered'),
      (e: Error) => (second = e.name),
    );
    expect(ports.near).toHaveLength(2);
    // The old port's disconnect, heard late, fails nothing out on the new one.
    for (const fn of ports.near[0]?.onDisconnect.listeners ?? []) fn();
    await vi.advanceTimersByTimeAsync(10);
    expect(second).toBeNull();
    channel.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toBe('RpcDisconnectedError');
  });

  it('with the sender: every event stored exactly once across a worker stopped mid-stream', async () => {
    const bg = background();
    const ports = connector((p) => serveEvents(p, bg.store));
    const channel = eventChannel(ports.connect);
    const sender = new EventSender((batch) => channel.send(batch), { flushMs: 2, retryBaseMs: 2, retryMaxMs: 10, batchMax: 7 });
    const sent: FwEvent[] = [];
    for (let i = 0; i < 60; i++) {
      const e = clickEvent(i + 1);
      sent.push(e);
      sender.enqueue(e);
      // The worker stops now and then, with batches stored but not yet answered: they are sent again, stored once.
      if (i % 17 === 16) for (const p of ports.far) p.disconnect();
      if (i % 5 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    await sender.drain(2);
    expect(ports.near.length).toBeGreaterThan(1);
    expect([...bg.stored.keys()].sort()).toEqual(sent.map((e) => e.id).sort());
    sender.stop();
    channel.close();
  });
});
