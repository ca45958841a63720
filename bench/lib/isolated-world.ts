import type { CDPSession, Page } from 'playwright-core';
import { within } from './bounded';

/** An isolated world's script that does not answer in this long is stuck (bench/lib/bounded). */
const EVALUATE_TIMEOUT_MS = 60_000;

/**
 * A page's isolated world (what a content script sees), with `scripts` run in it; returns how to evaluate more there.
 * Its scripts see the page's DOM, not the page's globals, and reach a same-origin frame's document through the frame.
 */
export async function isolatedWorld(
  page: Page,
  scripts: string[],
  worldName = 'fw-bench',
): Promise<(expression: string) => Promise<unknown>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName });
  const evaluate = async (expression: string) => {
    const r = await within(
      EVALUATE_TIMEOUT_MS,
      `a script in the isolated world ${worldName}`,
      cdp.send('Runtime.evaluate', { expression, contextId: executionContextId, returnByValue: true }),
    );
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as unknown;
  };
  for (const s of scripts) await evaluate(s);
  return evaluate;
}
