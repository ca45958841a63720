import { browser } from 'wxt/browser';
import { createRpcClient, type RpcClient } from './client';
import { PORTS, type AdminApi, type ContentApi } from './api';
import { RPC_INDEX_TIMEOUT_MS } from '../limits';

/** Clients for extension pages (popup, options): one per channel, each reconnecting on its own. */
export function connectAdmin(): RpcClient<AdminApi> {
  return createRpcClient<AdminApi>(() => browser.runtime.connect({ name: PORTS.admin }), {
    methodTimeoutMs: { catalogInfo: RPC_INDEX_TIMEOUT_MS, commitImport: RPC_INDEX_TIMEOUT_MS, restoreDefaultCatalog: RPC_INDEX_TIMEOUT_MS },
    once: ['startPractice'], // each run opens a room with a simulated Buyer on the server
  });
}

export function connectContent(): RpcClient<ContentApi> {
  return createRpcClient<ContentApi>(() => browser.runtime.connect({ name: PORTS.content }), {
    methodTimeoutMs: { search: RPC_INDEX_TIMEOUT_MS, catalogInfo: RPC_INDEX_TIMEOUT_MS, facets: RPC_INDEX_TIMEOUT_MS },
  });
}
