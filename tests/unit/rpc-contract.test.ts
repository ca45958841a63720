import { describe, expect, it } from 'vitest';
import { createRpcClient, type RpcClient, type RpcClientOptions } from '../../lib/rpc/client';
import { CHANNEL_OPTIONS, connect } from '../../lib/rpc/connect';
import { serve } from '../../lib/rpc/serve';
import { PORTS, type AdminApi, type ContentApi } from '../../lib/rpc/api';
import type { ContentUiApi, RelayApi } from '../../lib/rpc/types';
import type { PortLike } from '../../lib/rpc/port-calls';
import { portPair } from './helpers/ports';

// One contract per channel: ChannelApis says which API a port carries, and connect(), serve() and the per-method
// options all take it from there. The runtime cases run here; the type cases are checked by `npm run typecheck`
// (tsc), where each @ts-expect-error fails the build if the mistake below it ever compiles.

describe('the RPC contract', () => {
  it("serves a channel on its own port and answers through a client with that channel's options", async () => {
    const [client, server] = portPair(PORTS.admin);
    const admin = { getStatus: async () => ({ total: 3, pending: 1 }) } as Partial<AdminApi> as AdminApi;
    serve(server, PORTS.admin, admin);
    const rpc = createRpcClient<AdminApi>(() => client, CHANNEL_OPTIONS[PORTS.admin]);
    await expect(rpc.getStatus()).resolves.toEqual({ total: 3, pending: 1 });
    rpc.close();
  });

  it('refuses to serve an API on a port of another channel', () => {
    const [, server] = portPair(PORTS.content);
    expect(() => serve(server, PORTS.admin, {} as AdminApi)).toThrow('Port "fw:content" is not the "fw:admin" channel');
  });
});

/** Never called: only compiled. */
export function typeChecks(
  port: PortLike,
  content: ContentApi,
  admin: AdminApi,
  contentWithoutRelay: Omit<ContentApi, keyof RelayApi>,
  contentWithoutUi: Omit<ContentApi, keyof ContentUiApi>,
): void {
  const _content: RpcClient<ContentApi> = connect(PORTS.content);
  const _admin: RpcClient<AdminApi> = connect(PORTS.admin);
  // @ts-expect-error -- a content script's client is not an admin client
  const _wrong: RpcClient<AdminApi> = connect(PORTS.content);
  // @ts-expect-error -- there is no such channel
  connect('fw:nope');

  serve(port, PORTS.content, content);
  serve(port, PORTS.admin, admin);
  // @ts-expect-error -- the admin API on the content port
  serve(port, PORTS.content, admin);
  // @ts-expect-error -- the background's merged content API must include the caller's relay
  serve(port, PORTS.content, { ...contentWithoutRelay });
  // @ts-expect-error -- and the caller's injection of its UI script
  serve(port, PORTS.content, { ...contentWithoutUi });

  const _ok: RpcClientOptions<ContentApi> = { methodTimeoutMs: { search: 1 } };
  // @ts-expect-error -- per-method limits name methods the channel has
  const _typo: RpcClientOptions<ContentApi> = { methodTimeoutMs: { serach: 1 } };
  // @ts-expect-error -- startPractice is an admin method, not a content one
  const _once: RpcClientOptions<ContentApi> = { once: ['startPractice'] };
}
