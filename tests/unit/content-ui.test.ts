import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_UI_GLOBAL, type ContentUi, type ContentUiReceiver } from '../../entrypoints/content-ui/contract';
import { contentUiLoader } from '../../entrypoints/page.content/content-ui';
import { CONTENT_UI_FILE, createContentUiService } from '../../lib/background/content-ui-service';

// The content script's UI is a script of its own (entrypoints/content-ui), which the background injects into the
// frame that asks: here the hand-over between the two, with the injection played by a function that runs the UI
// script's side (calls the receiver the content script left on the global) the way the browser would.

const UI = { mountOverlay: vi.fn(), mountShareButton: vi.fn() } as unknown as ContentUi;
const scope = globalThis as Record<string, unknown>;

/** What the UI script does when it runs: hands the UI to whoever is waiting on the global. */
function runUiScript(): void {
  const receive = scope[CONTENT_UI_GLOBAL];
  if (typeof receive === 'function') (receive as ContentUiReceiver)(UI);
}

afterEach(() => {
  delete scope[CONTENT_UI_GLOBAL];
});

describe('the content script loading its UI', () => {
  it('has the UI as soon as the script hands it over, before the background has answered', async () => {
    let answer!: () => void;
    const inject = vi.fn(() => {
      runUiScript();
      return new Promise<void>((resolve) => (answer = resolve)); // the background's answer, a round trip later
    });
    const ui = contentUiLoader(inject);
    await expect(ui()).resolves.toBe(UI);
    answer();
    // Nothing is left on the global: a second injection (a retried call) finds no one waiting.
    expect(scope[CONTENT_UI_GLOBAL]).toBeUndefined();
  });

  it('loads it once per frame, however many features ask', async () => {
    const inject = vi.fn(async () => runUiScript());
    const ui = contentUiLoader(inject);
    const [a, b] = await Promise.all([ui(), ui()]);
    expect(await ui()).toBe(UI);
    expect([a, b]).toEqual([UI, UI]);
    expect(inject).toHaveBeenCalledTimes(1);
  });

  it('fails when the injection fails or the script hands nothing over, and tries again at the next use', async () => {
    const inject = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('Cannot access contents of the page'))
      .mockResolvedValueOnce(undefined) // ran, but handed nothing over (an old build of the script)
      .mockImplementation(async () => runUiScript());
    const ui = contentUiLoader(inject);
    await expect(ui()).rejects.toThrow('Cannot access contents of the page');
    await expect(ui()).rejects.toThrow('without handing over the UI');
    await expect(ui()).resolves.toBe(UI);
    expect(inject).toHaveBeenCalledTimes(3);
  });
});

describe("the background's side: the UI script into the calling frame", () => {
  it('injects the UI script into the frame the port says is calling, and nowhere else', async () => {
    const executeScript = vi.fn(async () => [{ result: undefined }]);
    const service = createContentUiService({ executeScript });
    await service.forFrame(7, 3).loadContentUi();
    await service.forFrame(8).loadContentUi(); // a top page
    expect(executeScript.mock.calls).toEqual([
      [{ target: { tabId: 7, frameIds: [3] }, files: [CONTENT_UI_FILE] }],
      [{ target: { tabId: 8, frameIds: [0] }, files: [CONTENT_UI_FILE] }],
    ]);
  });

  it('refuses a caller that is not in a tab', async () => {
    const executeScript = vi.fn(async () => []);
    await expect(createContentUiService({ executeScript }).forFrame(undefined, 0).loadContentUi()).rejects.toThrow('browser tab');
    expect(executeScript).not.toHaveBeenCalled();
  });
});
