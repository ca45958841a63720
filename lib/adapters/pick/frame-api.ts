import { browser, type Browser } from 'wxt/browser';
import { elementsByField, previewChat } from '../chat-preview';
import { clearHighlights, showHighlights } from './highlight';
import { PICKER_GLOBAL, PREVIEW_PORT, type PickerApi, type PickerAnswer, type PickerRequest } from './protocol';
import { runPick } from './session';

/** The picker's entry in a frame of the chat's tab: picks, previews (with outlines) and clears them. */
const api: PickerApi = {
  async run(req: PickerRequest): Promise<PickerAnswer> {
    const top = window === window.top;
    switch (req.op) {
      case 'pick':
        clearHighlights();
        return { op: 'pick', outcome: await runPick(req.field, req.prompt, req.context, req.token), top };
      case 'preview': {
        const preview = previewChat(document, req.config);
        if (req.highlight) showHighlights(elementsByField(document, req.config));
        else clearHighlights();
        return { op: 'preview', preview, top };
      }
      case 'clear':
        clearHighlights();
        return { op: 'clear' };
    }
  },
};

/** Installs the picker once per frame (the options page injects the script before each use). */
export function installPicker(): void {
  const g = globalThis as unknown as Record<string, PickerApi | undefined>;
  if (g[PICKER_GLOBAL]) return;
  g[PICKER_GLOBAL] = api;
  // Outlines stay only while the options page previewing them holds its port to this tab: it closes with that page.
  browser.runtime.onConnect.addListener((port: Browser.runtime.Port) => {
    if (port.name === PREVIEW_PORT) port.onDisconnect.addListener(() => clearHighlights());
  });
}
