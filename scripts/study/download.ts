import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** How often the byte count is redrawn on a terminal while an export streams. */
const PROGRESS_EVERY_MS = 500;

/**
 * The server stopped sending before the end of the body (the connection was cut: an export that fails on the
 * server is ended that way, never cleanly). `bytes` had come and gone to the output by then.
 */
export class CutShort extends Error {
  constructor(
    readonly bytes: number,
    cause: unknown,
  ) {
    super(`the server stopped sending after ${bytes} bytes`, { cause });
  }
}

/**
 * Streams a response body to a file or to stdout as it arrives (an export of millions of events never sits in
 * memory), counting bytes: progress on stderr when it is a terminal, the total at the end either way. A file is
 * written under a temporary name and renamed when complete, so an interrupted export leaves no partial file
 * that looks finished. A body cut short rejects with CutShort; a failure to write, with its own error.
 */
export async function download(
  body: ReadableStream<Uint8Array>,
  out: string | null,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<number> {
  let bytes = 0;
  let shown = 0;
  const progress = stderr.isTTY;
  const counted = (n: number) => {
    bytes += n;
    if (progress && Date.now() - shown >= PROGRESS_EVERY_MS) {
      shown = Date.now();
      stderr.write(`\r${bytes.toLocaleString('en-US')} bytes…`);
    }
  };
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  const partial = out === null ? null : `${out}.part`;
  const sink = partial === null ? countingSink(process.stdout, false, counted) : countingSink(createWriteStream(partial), true, counted);
  // Which end failed first: the other one only hears the same error when the pipeline tears it down.
  let failed: 'server' | 'output' | null = null;
  source.once('error', () => (failed ??= 'server'));
  sink.once('error', () => (failed ??= 'output'));
  try {
    await pipeline(source, sink);
    if (partial !== null && out !== null) await rename(partial, out);
  } catch (e) {
    if (partial !== null) await rm(partial, { force: true });
    if (progress) stderr.write('\n');
    throw failed === 'server' ? new CutShort(bytes, e) : e;
  }
  if (progress) stderr.write('\r');
  stderr.write(`${out === null ? 'Exported' : `Wrote ${out}:`} ${bytes.toLocaleString('en-US')} bytes\n`);
  return bytes;
}

/**
 * The end of the pipeline: hands each chunk to `target` at its pace and counts it there, so the count is what
 * the output got. A failed pipeline destroys this stream but not stdout, which is not ours: stdout keeps, and
 * flushes, what it was given (destroying it would drop the part of an export written but not yet flushed).
 */
function countingSink(target: Writable, owned: boolean, counted: (bytes: number) => void): Writable {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      counted(chunk.length);
      if (target.write(chunk)) done();
      else target.once('drain', () => done());
    },
    final(done) {
      if (!owned) return done();
      target.end();
      finished(target).then(() => done(), done);
    },
    destroy(error, done) {
      // Closed without the error: the pipeline reports it once, and the target would re-emit it to no listener.
      if (owned) target.destroy();
      done(error);
    },
  });
  const fail = (e: Error) => sink.destroy(e);
  target.on('error', fail);
  // A file of ours keeps the listener: destroyed with a write still under way, it reports that write afterwards
  // (ERR_STREAM_DESTROYED), and an error with no listener would crash the CLI instead of letting it say what failed.
  if (!owned) sink.once('close', () => target.off('error', fail));
  return sink;
}
