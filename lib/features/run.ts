/**
 * Overlay and page features start independently: each gets the content script's AbortSignal to clean up,
 * and one feature's failure is reported without stopping the others.
 */
export interface Feature<Deps> {
  name: string;
  start(deps: Deps, signal: AbortSignal): void | Promise<void>;
}

export async function startFeatures<Deps>(
  features: readonly Feature<Deps>[],
  deps: Deps,
  signal: AbortSignal,
  report: (name: string, error: unknown) => void = (name, error) => console.error(`[floorwalker] ${name} failed`, error),
): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    features.map(async (f) => {
      try {
        await f.start(deps, signal);
      } catch (error) {
        failed.push(f.name);
        report(f.name, error);
      }
    }),
  );
  return failed;
}
