import type { CoachView } from '../coach/controller';
import type { CoachCommand } from '../coach/handle';
import type { ShareCommand, ShareState } from '../share/handle';

/**
 * The channel between a chat running in a frame of another origin and the overlay in its tab's top page, relayed by
 * the background (lib/background/frame-relay.ts). One-shot messages (runtime.sendMessage up, tabs.sendMessage down),
 * not ports: the worker keeps nothing about them, so one stopped in between loses nothing, and the next message
 * starts a fresh one. Not window.postMessage, which the pages' own scripts can read and forge.
 */
export const FRAME_MESSAGES = {
  /** Chat frame → background → top frame: the coach's view, whenever it changes. */
  coachView: 'fw:frame-coach-view',
  /** Top frame → background → the chat frame: a Seller's command from the overlay. */
  coachCommand: 'fw:frame-coach-command',
  /** Top frame → background → every frame of its tab: the overlay is listening; chat frames publish their view again. */
  hello: 'fw:frame-hello',
  /** Chat frame → background → top frame: the share controller's state, whenever it changes. */
  shareView: 'fw:frame-share-view',
  /** Top frame → background → the chat frame: a share command; the frame's answer (ShareAnswer) comes back the same way. */
  shareCommand: 'fw:frame-share-command',
} as const;

/** Where a view came from: the frame the background saw, that frame's coach or share session, and its order there. */
export interface FrameViewStamp {
  frameId: number;
  session: string;
  seq: number;
}

/** What the chat frame sends. `session` names the frame's coach (a reloaded frame has a new one), `seq` orders its views. */
export interface CoachViewUp {
  type: typeof FRAME_MESSAGES.coachView;
  session: string;
  seq: number;
  view: CoachView;
}

/** What the top frame gets: the same, with the frame the background saw it come from and that frame's address. */
export interface CoachViewDown extends CoachViewUp {
  frameId: number;
  url: string;
}

export interface CoachCommandUp {
  type: typeof FRAME_MESSAGES.coachCommand;
  frameId: number;
  command: CoachCommand;
}

export interface CoachCommandDown {
  type: typeof FRAME_MESSAGES.coachCommand;
  command: CoachCommand;
}

export interface FrameHello {
  type: typeof FRAME_MESSAGES.hello;
}

export interface ShareViewUp {
  type: typeof FRAME_MESSAGES.shareView;
  session: string;
  seq: number;
  state: ShareState;
}

export interface ShareViewDown extends ShareViewUp {
  frameId: number;
  url: string;
}

export interface ShareCommandUp {
  type: typeof FRAME_MESSAGES.shareCommand;
  frameId: number;
  command: ShareCommand;
}

export interface ShareCommandDown {
  type: typeof FRAME_MESSAGES.shareCommand;
  command: ShareCommand;
}

/** Every message on the channel, by its type: the one typed map both ends and the relay check against. */
export interface FrameMessageMap {
  up: CoachViewUp | CoachCommandUp | FrameHello | ShareViewUp | ShareCommandUp;
  down: CoachViewDown | CoachCommandDown | FrameHello | ShareViewDown | ShareCommandDown;
}

const isObject = (m: unknown): m is Record<string, unknown> => typeof m === 'object' && m !== null;

/** Shape checks, cheap enough for the content script (messages come from the extension's own scripts only). */

/** A view message's check: its type, a session and order, and an object under `field`; `down` also needs the frame. */
const viewCheck =
  <T>(type: string, field: string, down: boolean) =>
  (m: unknown): m is T =>
    isObject(m) &&
    m.type === type &&
    typeof m.session === 'string' &&
    typeof m.seq === 'number' &&
    isObject(m[field]) &&
    (!down || typeof m.frameId === 'number');

/** A command message's check: its type and a well-formed command; `up` also names the frame it is for. */
const commandCheck =
  <T>(type: string, isCommand: (c: unknown) => boolean, up: boolean) =>
  (m: unknown): m is T =>
    isObject(m) && m.type === type && isCommand(m.command) && (!up || typeof m.frameId === 'number');

export function isCoachCommand(c: unknown): c is CoachCommand {
  if (!isObject(c)) return false;
  switch (c.op) {
    case 'clickAct':
      return typeof c.act === 'string';
    case 'useSuggestion':
      return typeof c.id === 'string';
    case 'cancel':
      return true;
    case 'changeProfile':
      // The background validates the operation itself (ProfileOpSchema) when the frame's coach sends it on.
      return isObject(c.change) && typeof c.change.op === 'string';
    default:
      return false;
  }
}

const isItem = (i: unknown) => isObject(i) && isObject(i.product) && typeof i.product.id === 'string';
const isOptionalText = (t: unknown) => t === undefined || typeof t === 'string';

export function isShareCommand(c: unknown): c is ShareCommand {
  if (!isObject(c)) return false;
  switch (c.op) {
    case 'setDraft':
      return c.draft === null || isItem(c.draft);
    case 'share':
      return Array.isArray(c.items) && c.items.every(isItem) && isOptionalText(c.message);
    case 'addToList':
      return isItem(c.item);
    case 'removeFromList':
      return typeof c.id === 'string';
    case 'shareList':
      return isOptionalText(c.message);
    case 'guess':
      return isObject(c.product) && typeof c.product.id === 'string';
    default:
      return false;
  }
}

export const isCoachViewUp = viewCheck<CoachViewUp>(FRAME_MESSAGES.coachView, 'view', false);
export const isCoachViewDown = viewCheck<CoachViewDown>(FRAME_MESSAGES.coachView, 'view', true);
export const isCoachCommandUp = commandCheck<CoachCommandUp>(FRAME_MESSAGES.coachCommand, isCoachCommand, true);
export const isCoachCommandDown = commandCheck<CoachCommandDown>(FRAME_MESSAGES.coachCommand, isCoachCommand, false);
export const isShareViewUp = viewCheck<ShareViewUp>(FRAME_MESSAGES.shareView, 'state', false);
export const isShareViewDown = viewCheck<ShareViewDown>(FRAME_MESSAGES.shareView, 'state', true);
export const isShareCommandUp = commandCheck<ShareCommandUp>(FRAME_MESSAGES.shareCommand, isShareCommand, true);
export const isShareCommandDown = commandCheck<ShareCommandDown>(FRAME_MESSAGES.shareCommand, isShareCommand, false);

export function isFrameHello(m: unknown): m is FrameHello {
  return isObject(m) && m.type === FRAME_MESSAGES.hello;
}
