import type { ContentUiApi } from '../rpc/types';
import { UI_SCRIPT_FILE } from '../sites/ui-script';

/**
 * The UI script WXT builds from entrypoints/content-ui, injected into a frame when its content script asks (where it
 * was not registered to come with the content script: see lib/sites/ui-script.ts).
 */
export const CONTENT_UI_FILE = `/${UI_SCRIPT_FILE}` as const;

/** The part of browser.scripting the service uses (so tests can run it without a browser). */
export interface UiScriptingLike {
  executeScript(injection: { target: { tabId: number; frameIds: number[] }; files: (typeof CONTENT_UI_FILE)[] }): Promise<unknown>;
}

/**
 * Loads the content script's UI into the frame that asks, and only there: the port says which tab and frame is
 * calling, so a page cannot have the script put anywhere else. The script runs in the extension's isolated world,
 * beside the content script that asked, and hands itself to it (entrypoints/content-ui/contract.ts).
 */
export function createContentUiService(scripting: UiScriptingLike) {
  return {
    forFrame(tabId: number | undefined, frameId = 0): ContentUiApi {
      return {
        async loadContentUi() {
          if (tabId === undefined) throw new Error('Only a page in a browser tab can show the overlay.');
          await scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [CONTENT_UI_FILE] });
        },
      };
    },
  };
}
