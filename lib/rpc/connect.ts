import { browser } from 'wxt/browser';
import { createRpcClient, type RpcClient, type RpcClientOptions } from './client';
import { PORTS, type ChannelApis, type PortName } from './api';
import { RPC_INDEX_TIMEOUT_MS } from '../limits';

/**
 * How each channel's client calls: the one table of per-method options, keyed by port and typed by that port's
 * API, so a renamed or misspelt method fails to compile here instead of silently getting the default.
 */
export const CHANNEL_OPTIONS: { [P in PortName]: RpcClientOptions<ChannelApis[P]> } = {
  [PORTS.content]: {
    methodTimeoutMs: { search: RPC_INDEX_TIMEOUT_MS, catalogInfo: RPC_INDEX_TIMEOUT_MS, facets: RPC_INDEX_TIMEOUT_MS },
  },
  [PORTS.admin]: {
    methodTimeoutMs: { catalogInfo: RPC_INDEX_TIMEOUT_MS, commitImport: RPC_INDEX_TIMEOUT_MS, restoreDefaultCatalog: RPC_INDEX_TIMEOUT_MS },
    once: ['startPractice'], // each run opens a room with a simulated Buyer on the server
  },
};

/** A client for one channel (content scripts: `fw:content`; popup and options: `fw:admin`), reconnecting on its own. */
export function connect<P extends PortName>(name: P): RpcClient<ChannelApis[P]> {
  return createRpcClient<ChannelApis[P]>(() => browser.runtime.connect({ name }), CHANNEL_OPTIONS[name]);
}
