import { expose } from 'comlink';
import type { ChannelApis, PortName } from './api';
import { portEndpoint, type PortLike } from './port-endpoint';

/**
 * The background's side of connect(): answers calls on `port` with `api`, which must be the whole API of the
 * channel named `name` (so a merged object, such as the content API with the caller's relay, is checked against
 * ContentApi). A port of another name is refused rather than served the wrong API.
 */
export function serve<P extends PortName>(port: PortLike, name: P, api: ChannelApis[P]): void {
  if (port.name !== name) throw new Error(`Port "${port.name}" is not the "${name}" channel`);
  expose(api, portEndpoint(port));
}
