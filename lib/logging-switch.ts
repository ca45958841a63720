import type { Settings } from './settings';

export function loggingOn(s: Pick<Settings, 'consentedAt' | 'loggingEnabled'>): boolean {
  return loggingState(s) === 'on';
}

/**
 * Whether Floorwalker records, the one answer every place asks for (the popup, the options page, the background
 * before it stores anything): without consent nothing is, whatever else is set.
 */
export type LoggingState = 'no-consent' | 'on' | 'paused';

export function loggingState(s: Pick<Settings, 'consentedAt' | 'loggingEnabled'>): LoggingState {
  if (s.consentedAt === null) return 'no-consent';
  return s.loggingEnabled ? 'on' : 'paused';
}

/** The state in the participant's words, the same in the popup and on the options page. */
export const LOGGING_STATE_TEXT: Record<LoggingState, string> = {
  'no-consent': 'off until you agree (Data and settings…)',
  on: 'on',
  paused: 'paused',
};
