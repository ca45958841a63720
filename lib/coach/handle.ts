import type { Observable } from '../observable';
import type { ProfileOp } from '../profile/memory';
import type { CoachView } from './controller';

/**
 * What the overlay needs of a coach: its view and the Seller's commands. The CoachController implements it where the
 * chat is in the overlay's own page; a RemoteCoach (remote-coach.ts) stands in for a controller that runs in a chat
 * frame of another origin, relayed through the background.
 */
export interface CoachHandle {
  readonly view: Observable<CoachView>;
  clickAct(actId: string): void;
  cancel(): void;
  changeProfile(op: ProfileOp): Promise<void>;
  useSuggestion(id: string): void;
}

/** A command the overlay gives a coach, as plain data: what a RemoteCoach sends, and what the chat frame applies. */
export type CoachCommand =
  { op: 'clickAct'; act: string } | { op: 'cancel' } | { op: 'useSuggestion'; id: string } | { op: 'changeProfile'; change: ProfileOp };

/** Runs a command on a coach (the chat frame's controller). */
export function applyCoachCommand(coach: CoachHandle, command: CoachCommand): void {
  switch (command.op) {
    case 'clickAct':
      return coach.clickAct(command.act);
    case 'cancel':
      return coach.cancel();
    case 'useSuggestion':
      return coach.useSuggestion(command.id);
    case 'changeProfile':
      void coach.changeProfile(command.change);
  }
}
