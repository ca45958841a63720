import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** How often the byte count is redrawn on a terminal while an export streams. */
const PROGRESS_EVERY_MS = 500;

/**
 * Streams a response body to a file or to stdout as it arrives (an export of millions of events never sits in
 * memory), counting bytes: progress on stderr when it is a terminal, the total at the end either way. A file is
 * written under a temporary name and renamed when complete, so an interrupted export leaves no partial file
 * that looks finished.
 */
export async function download(body: ReadableStream<Uint8Array>, out: string | null, stderr: NodeJS.WriteStream = process.stderr): Promise<number> {
  let bytes = 0;
  let shown = 0;
  const progress = stderr.isTTY;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (progress && Date.now() - shown >= PROGRESS_EVERY_MS) {
        shown = Date.now();
        stderr.write(`\r${bytes.toLocaleString('en-US')} bytes…`);
      }
      done(null, chunk);
    },
  });
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  if (out === null) {
    await pipeline(source, counter, process.stdout as Writable, { end: false });
  } else {
    const partial = `${out}.part`;
    try {
      await pipeline(source, counter, createWriteStream(partial));
      await rename(partial, out);
    } catch (e) {
      await rm(partial, { force: true });
      throw e;
    }
  }
  if (progress) stderr.write('\r');
  stderr.write(`${out === null ? 'Exported' : `Wrote ${out}:`} ${bytes.toLocaleString('en-US')} bytes\n`);
  return bytes;
}
