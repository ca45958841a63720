import type { Settings } from './settings';

/**
 * Whether pages should log right now, and where, mirrored into browser.storage.local so open content scripts hear
 * about a pause, a resume, consent or its withdrawal, or a site allowed or removed, at once (IndexedDB has no change
 * events across contexts). Pages only watch for the key changing and then ask the background again.
 */
export const LOGGING_SWITCH_KEY = 'fw:logging';

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

/**
 * The mirrored value: it changes whenever the answer to "may this page log?" may change, and whenever what its events
 * carry does (joining or leaving a study), so an open page does not go on logging under the study it has left.
 */
export function loggingSwitch(
  s: Pick<Settings, 'consentedAt' | 'loggingEnabled' | 'allowedHosts' | 'study' | 'participant' | 'role' | 'condition' | 'keepUrlQuery'>,
): {
  on: boolean;
  sites: string[];
  context: string;
} {
  return {
    on: loggingOn(s),
    sites: [...s.allowedHosts].sort(),
    context: [s.study, s.participant, s.role, s.condition, s.keepUrlQuery].join('\n'),
  };
}
