import type { FwEvent } from '../events/event-schema';
import { actFrequency, type ActFrequencyRow } from './act-frequency';
import { DEFAULT_SEED } from './bootstrap';
import { studyConversations } from './conversations';
import { guessOutcomes, type GuessOutcomeRow } from './guess-outcomes';
import { hoverRateFigure, type HoverRateFigure } from './hover-rate';
import { preferenceConfirmation, type PreferenceConfirmationRow } from './preference-confirmation';
import { shareModes, type ShareModeRow } from './share-modes';
import { suggestionUse, type SuggestionUseRow } from './suggestion-use';
import { turnsByCategory, type TurnsByCategoryRow } from './turns-by-category';
import { turnsHistogram, type TurnsHistogram } from './turns-histogram';
import { wordsPerMessage, type WordsPerMessageRow } from './words-per-message';

/** Every measure of the report, computed from a study's events (an export, or this browser's store). */
export interface StudyReport {
  /** Distinct events read (an event given twice counts once). */
  events: number;
  conversations: number;
  seed: number;
  sellerHover: HoverRateFigure;
  buyerHover: HoverRateFigure;
  actFrequency: ActFrequencyRow[];
  turnsByCategory: TurnsByCategoryRow[];
  turnsHistogram: TurnsHistogram;
  wordsPerMessage: WordsPerMessageRow[];
  shareModes: ShareModeRow[];
  guessOutcomes: GuessOutcomeRow[];
  suggestionUse: SuggestionUseRow[];
  preferenceConfirmation: PreferenceConfirmationRow[];
}

export function studyReport(events: readonly FwEvent[], seed = DEFAULT_SEED): StudyReport {
  const conversations = studyConversations(events);
  return {
    events: new Set(events.map((e) => e.id)).size,
    conversations: conversations.length,
    seed,
    sellerHover: hoverRateFigure(conversations, 'seller', seed),
    buyerHover: hoverRateFigure(conversations, 'buyer', seed),
    actFrequency: actFrequency(conversations),
    turnsByCategory: turnsByCategory(conversations),
    turnsHistogram: turnsHistogram(conversations),
    wordsPerMessage: wordsPerMessage(conversations),
    shareModes: shareModes(conversations),
    guessOutcomes: guessOutcomes(conversations),
    suggestionUse: suggestionUse(conversations),
    preferenceConfirmation: preferenceConfirmation(conversations),
  };
}
