import { createServer, type AddressInfo } from 'node:net';

/** A loopback port nothing listens on now: a server is started on it, so the bench knows where to find it. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}
