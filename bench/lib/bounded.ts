/**
 * Bounds for a benchmark's waits. Playwright's `page.evaluate` and a CDP session's `send` wait without end for a page
 * whose main thread never comes back (a script looping, a renderer running out of memory): a bench must fail with a
 * message that says what it waited for, not hang.
 */

/** Resolves as `work` does, or rejects after `ms` with an error naming `what`. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: gave up after ${Math.round(ms / 1000)} s waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The step a benchmark is at, and a watchdog over the whole run: past `totalMs` it prints the step it was stuck in and
 * ends the process with a failure, whatever it was waiting for.
 */
export function watchdog(area: string, totalMs: number): { step: (name: string) => void; stop: () => void } {
  let current = 'start';
  let since = Date.now();
  const timer = setTimeout(() => {
    console.error(
      `bench/${area}: over its ${Math.round(totalMs / 60_000)} min bound, stuck for ${Math.round((Date.now() - since) / 1000)} s in: ${current}`,
    );
    process.exit(1);
  }, totalMs);
  return {
    step: (name) => {
      current = name;
      since = Date.now();
      console.log(`bench/${area}: ${name}`);
    },
    stop: () => clearTimeout(timer),
  };
}
