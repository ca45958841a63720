import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_UI_SLOT, contentUiSlot, type ContentUi } from '../../entrypoints/content-ui/contract';
import { offerContentUi } from '../../entrypoints/content-ui/offer';
import { contentUiLoader } from '../../entrypoints/page.content/content-ui';
import { CONTENT_UI_FILE, createContentUiService } from '../../lib/background/content-ui-service';

// The content script's UI is a script of its own (entrypoints/content-ui). On chat sites it is registered to run with
// the content script; elsewhere the background injects it into the frame that asks. Here the hand-over between the
// two in one frame's isolated world, with each copy of the UI script played by what the script does when it runs.

const UI = { mountOverlay: vi.fn(), mountShareButton: vi.fn() } as unknown as ContentUi;
const scope = globalThis as Record<string, unknown>;

/** A copy of the UI script running in this frame: what the browser does when it injects it, either way. */
function runUiScript(ui: ContentUi = UI): void {
  offerContentUi(contentUiSlot(), ui);
}

afterEach(() => {
  delete scope[CONTENT_UI_SLOT];
});

describe('the content script loading its UI', () => {
  it('finds the UI a registered copy brought before it started, and asks the background for nothing', async () => {
    runUiScript();
    const inject = vi.fn(async () => undefined);
    await expect(contentUiLoader(inject)()).resolves.toBe(UI);
    expect(inject).not.toHaveBeenCalled();
  });

  it('has an injected UI as soon as the script hands it over, before the background has answered', async () => {
    let answer!: () => void;
    const inject = vi.fn(() => {
      runUiScript();
      return new Promise<void>((resolve) => (answer = resolve)); // the background's answer, a round trip later
    });
    const ui = contentUiLoader(inject);
    await expect(ui()).resolves.toBe(UI);
    answer();
    expect(contentUiSlot().waiting).toEqual([]);
  });

  it('takes the first copy when a registered one runs while its request is under way, and keeps it when the injected one runs', async () => {
    let injectedCopy!: () => void;
    const inject = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          injectedCopy = () => {
            runUiScript({ ...UI }); // the second copy: a UI of its own, which must not replace the first
            resolve();
          };
        }),
    );
    const ui = contentUiLoader(inject);
    const loading = ui();
    runUiScript(); // the registered copy, which came after the content script asked
    await expect(loading).resolves.toBe(UI);
    injectedCopy();
    await new Promise((r) => setTimeout(r));
    expect(contentUiSlot().ui).toBe(UI);
    await expect(ui()).resolves.toBe(UI);
    expect(inject).toHaveBeenCalledTimes(1);
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
    expect(contentUiSlot().waiting).toEqual([]); // failed requests wait for nothing
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
