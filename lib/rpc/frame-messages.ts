import type { CoachView } from '../coach/controller';
import type { CoachCommand } from '../coach/handle';

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
} as const;

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

/** Every message on the channel, by its type: the one typed map both ends and the relay check against. */
export interface FrameMessageMap {
  up: CoachViewUp | CoachCommandUp | FrameHello;
  down: CoachViewDown | CoachCommandDown | FrameHello;
}

const isObject = (m: unknown): m is Record<string, unknown> => typeof m === 'object' && m !== null;

/** Shape checks, cheap enough for the content script (messages come from the extension's own scripts only). */
export function isCoachViewUp(m: unknown): m is CoachViewUp {
  return (
    isObject(m) && m.type === FRAME_MESSAGES.coachView && typeof m.session === 'string' && typeof m.seq === 'number' && isObject(m.view)
  );
}

export function isCoachViewDown(m: unknown): m is CoachViewDown {
  return isCoachViewUp(m) && typeof (m as Partial<CoachViewDown>).frameId === 'number';
}

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

export function isCoachCommandUp(m: unknown): m is CoachCommandUp {
  return isObject(m) && m.type === FRAME_MESSAGES.coachCommand && typeof m.frameId === 'number' && isCoachCommand(m.command);
}

export function isCoachCommandDown(m: unknown): m is CoachCommandDown {
  return isObject(m) && m.type === FRAME_MESSAGES.coachCommand && isCoachCommand(m.command);
}

export function isFrameHello(m: unknown): m is FrameHello {
  return isObject(m) && m.type === FRAME_MESSAGES.hello;
}
