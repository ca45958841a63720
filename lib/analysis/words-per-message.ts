import { mean } from 'd3-array';
import { groupBy, type StudyConversation } from './conversations';

/**
 * Paper 000, section 5.5: words per message by role, with and without the Buyer's voice input ("Buyer voice
 * utterances are on average a word shorter than typed utterances (10.0 vs. 9.0)"; Sellers 10.3 vs 8.7). Voice is a
 * factor of the condition (`+v`), so a Seller's messages in a voice conversation count under voice too, as in the
 * paper. A word is a run of non-space characters of the message as sent (for voice, the edited transcript).
 */
export interface WordsPerMessageRow {
  role: 'Buyer' | 'Seller';
  /** The condition without voice ("B.IIc"). */
  condition: string;
  voice: boolean;
  messages: number;
  words: number;
  meanWords: number;
}

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

export function wordsPerMessage(conversations: readonly StudyConversation[]): WordsPerMessageRow[] {
  const messages = conversations.flatMap((c) =>
    c.events.flatMap(({ event: e }) =>
      e.action === 'utter' && (e.agent === 'Buyer' || e.agent === 'Seller')
        ? [{ role: e.agent, condition: c.baseCondition, voice: c.parts.voice, words: wordCount(e.payload.text) }]
        : [],
    ),
  );
  return groupBy(messages, (m) => `${m.role}|${m.condition}|${m.voice ? 1 : 0}`).map(([, ms]) => {
    const { role, condition, voice } = ms[0] as (typeof ms)[number];
    const words = ms.reduce((s, m) => s + m.words, 0);
    return { role, condition, voice, messages: ms.length, words, meanWords: mean(ms, (m) => m.words) ?? 0 };
  });
}
