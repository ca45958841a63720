import { browser } from 'wxt/browser';
import { createRpcClient, type RpcClient } from './client';
import { PORTS, type AdminApi, type ContentApi } from './api';

/** Clients for extension pages (popup, options): one per channel, each reconnecting on its own. */
export function connectAdmin(): RpcClient<AdminApi> {
  return createRpcClient<AdminApi>(() => browser.runtime.connect({ name: PORTS.admin }));
}

export function connectContent(): RpcClient<ContentApi> {
  return createRpcClient<ContentApi>(() => browser.runtime.connect({ name: PORTS.content }));
}
