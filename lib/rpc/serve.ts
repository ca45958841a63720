import type { ChannelApis, PortName } from './api';
import { answerCalls, type PortLike } from './port-calls';

/**
 * The background's side of connect(): answers calls on `port` with `api`, which must be the whole API of the
 * channel named `name` (so a merged object, such as the content API with the caller's relay, is checked against
 * ContentApi). A port of another name is refused rather than served the wrong API.
 */
export function serve<P extends PortName>(port: PortLike, name: P, api: ChannelApis[P]): void {
  if (port.name !== name) throw new Error(`Port "${port.name}" is not the "${name}" channel`);
  answerCalls(port, api);
}
