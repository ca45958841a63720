import type { SiteChatConfigInput } from '../chat';
import type { ChatPreview } from '../chat-preview';
import type { PickContext, PickField, PickOutcome } from './infer';

/**
 * How the options page talks to the picker script it injects into the chat's tab (every frame of it): it injects
 * the bundled script (`PICKER_SCRIPT`, which installs `PICKER_GLOBAL` once per frame), then calls `callPicker` in
 * the same frames with a request; each frame answers.
 */
export const PICKER_SCRIPT = '/picker.js' as const;
export const PICKER_GLOBAL = '__floorwalkerPicker';
/** The port the previewing options page holds to the chat's tab: the tab's outlines go when it closes. */
export const PREVIEW_PORT = 'floorwalker-picker-preview';

export type PickerRequest =
  | { op: 'pick'; field: PickField; prompt: string; context: PickContext; token: string }
  | { op: 'preview'; config: Partial<SiteChatConfigInput>; highlight: boolean }
  | { op: 'clear' };

export type PickerAnswer =
  /** `outcome` null: nothing was picked in this frame (picked elsewhere, cancelled, timed out). */
  { op: 'pick'; outcome: PickOutcome | null; top: boolean } | { op: 'preview'; preview: ChatPreview; top: boolean } | { op: 'clear' };

export interface PickerApi {
  run(req: PickerRequest): Promise<PickerAnswer>;
}

/** Runs in the page (serialized by scripting.executeScript): hands the request to the installed picker. */
export function callPicker(req: PickerRequest): Promise<PickerAnswer> | null {
  // The name is written out: a serialized function cannot see this module's constants.
  const api = (globalThis as unknown as { __floorwalkerPicker?: PickerApi }).__floorwalkerPicker;
  return api ? api.run(req) : null;
}
