import { describe, expect, it } from 'vitest';
import { createRpcClient, RpcDisconnectedError, RpcTimeoutError } from '../../lib/rpc/client';
import { answerCalls } from '../../lib/rpc/port-calls';
import { portPair, type FakePort } from './helpers/ports';

interface Api {
  add(a: number, b: number): Promise<number>;
  slow(ms: number): Promise<string>;
  fail(): Promise<never>;
}

const api: Api = {
  add: async (a, b) => a + b,
  slow: (ms) => new Promise((r) => setTimeout(() => r(`slept ${ms}`), ms)),
  fail: async () => {
    throw new Error('boom in background');
  },
};

/** A fake background: every connect() gets a fresh port pair with the API exposed on the far end. */
function background() {
  const serverPorts: FakePort[] = [];
  const clientPorts: FakePort[] = [];
  const connect = () => {
    const [client, server] = portPair('fw:test');
    answerCalls(server, api);
    serverPorts.push(server);
    clientPorts.push(client);
    return client;
  };
  return { connect, serverPorts, clientPorts };
}

const fast = { backoffMs: () => 1 };

describe('RPC client over ports', () => {
  it('calls the background with typed arguments and results', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, fast);
    expect(await rpc.add(2, 3)).toBe(5);
    expect(await rpc.add(10, 5)).toBe(15);
    expect(bg.clientPorts).toHaveLength(1); // one port reused
  });

  it('passes background errors through without retrying', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, fast);
    await expect(rpc.fail()).rejects.toThrow('boom in background');
    expect(bg.clientPorts).toHaveLength(1);
  });

  it("keeps the name of the background's error, so callers can tell its kind", async () => {
    const named = createRpcClient<{ check(): Promise<void> }>(() => {
      const [client, server] = portPair('fw:test');
      answerCalls(server, {
        check: async () => {
          throw Object.assign(new Error('row 3: price is not a number'), { name: 'ValidationError' });
        },
      });
      return client;
    }, fast);
    const e = await named.check().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toBe('ValidationError');
    expect((e as Error).message).toBe('row 3: price is not a number');
  });

  it('passes a left-out argument as undefined, not null (a port sends JSON, which makes undefined in an array null)', async () => {
    const seen: unknown[][] = [];
    const rpc = createRpcClient<{ share(id: string, message?: string, at?: number): Promise<string> }>(() => {
      const [client, server] = portPair('fw:test');
      answerCalls(server, {
        share: async (...args: unknown[]) => {
          seen.push(args);
          return 'ok';
        },
      });
      return client;
    }, fast);
    await rpc.share('MUG-1', undefined, 3);
    await rpc.share('MUG-2');
    expect(seen).toEqual([['MUG-1', undefined, 3], ['MUG-2']]);
    expect(seen[0]).toHaveLength(3);
    expect(seen[0]![1]).toBeUndefined();
  });

  it('answers a call to no method of the API, or to one every object has, with an error and runs nothing', async () => {
    const bg = background();
    const rpc = createRpcClient<Api & { nope(): Promise<void>; toString(): Promise<string> }>(bg.connect, fast);
    await expect(rpc.nope()).rejects.toThrow('Unknown RPC method nope');
    await expect(rpc.toString()).rejects.toThrow('Unknown RPC method toString');
    expect(await rpc.add(1, 1)).toBe(2); // the port still serves
  });

  it('runs a method named in `once` a single time: a dropped port fails it loudly instead of running it again', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, { ...fast, once: ['slow'] });
    const call = rpc.slow(50);
    await new Promise((r) => setTimeout(r, 5));
    bg.serverPorts[0]!.disconnect();
    await expect(call).rejects.toBeInstanceOf(RpcDisconnectedError);
    expect(bg.clientPorts).toHaveLength(1); // no second run on a new port
    expect(await rpc.slow(1)).toBe('slept 1'); // the next call connects again
  });

  it('fails a call in flight when the worker goes away, then retries it on a new port', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, fast);
    const call = rpc.slow(50);
    await new Promise((r) => setTimeout(r, 5));
    bg.serverPorts[0]!.disconnect(); // the worker stopped mid-call
    expect(await call).toBe('slept 50');
    expect(bg.clientPorts).toHaveLength(2);
  });

  it('reconnects by itself for later calls after a disconnect', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, fast);
    await rpc.add(1, 1);
    bg.serverPorts[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 5));
    expect(await rpc.add(1, 2)).toBe(3);
    expect(bg.clientPorts).toHaveLength(2);
  });

  it('fails loudly when the background never comes back', async () => {
    let attempts = 0;
    const rpc = createRpcClient<Api>(
      () => {
        attempts++;
        const [client, server] = portPair('fw:test');
        setTimeout(() => server.disconnect(), 1);
        return client;
      },
      { ...fast, maxAttempts: 3 },
    );
    await expect(rpc.add(1, 2)).rejects.toBeInstanceOf(RpcDisconnectedError);
    expect(attempts).toBe(3);
  });

  it('times out an unanswered call and retries on a fresh port', async () => {
    let n = 0;
    const rpc = createRpcClient<Api>(
      () => {
        const [client, server] = portPair('fw:test');
        answerCalls(server, api);
        if (n++ === 0) client.mute = true; // first port swallows the call
        return client;
      },
      { ...fast, timeoutMs: 30 },
    );
    expect(await rpc.add(4, 4)).toBe(8);
    expect(n).toBe(2);
    const dead = createRpcClient<Api>(
      () => {
        const [client] = portPair('fw:test');
        client.mute = true;
        return client;
      },
      { ...fast, timeoutMs: 10, maxAttempts: 2 },
    );
    await expect(dead.add(1, 1)).rejects.toBeInstanceOf(RpcTimeoutError);
  });

  it('a call timing out on a shared port sends the other calls in flight on it to a fresh port at once', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, { ...fast, timeoutMs: 30, maxAttempts: 2, methodTimeoutMs: { slow: 5_000 } });
    const t0 = Date.now();
    // The long call shares its port with a short one that times out (its answer comes too late for it).
    const long = rpc.slow(200);
    const short = rpc.add(1, 2);
    bg.serverPorts[0]!.mute = true; // this port answers nothing from now on
    await expect(short).resolves.toBe(3); // retried on a fresh port
    // Not after its own 5 s limit: it was retried on the fresh port when the shared one was closed.
    expect(await long).toBe('slept 200');
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(bg.clientPorts).toHaveLength(2);
  });

  it('gives slow methods their own time limit', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, { ...fast, timeoutMs: 10, maxAttempts: 1, methodTimeoutMs: { slow: 200 } });
    expect(await rpc.slow(50)).toBe('slept 50');
    const strict = createRpcClient<Api>(bg.connect, { ...fast, timeoutMs: 10, maxAttempts: 1 });
    await expect(strict.slow(50)).rejects.toBeInstanceOf(RpcTimeoutError);
  });

  it('refuses calls after close()', async () => {
    const bg = background();
    const rpc = createRpcClient<Api>(bg.connect, fast);
    rpc.close();
    await expect(rpc.add(1, 1)).rejects.toBeInstanceOf(RpcDisconnectedError);
  });
});
