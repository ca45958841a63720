import type { Settings } from './settings';

/**
 * Whether pages should log right now, mirrored into browser.storage.local so open content scripts hear about a
 * pause, a resume, consent or its withdrawal at once (IndexedDB has no change events across contexts).
 */
export const LOGGING_SWITCH_KEY = 'fw:logging';

export function loggingOn(s: Pick<Settings, 'consentedAt' | 'loggingEnabled'>): boolean {
  return s.consentedAt !== null && s.loggingEnabled;
}
