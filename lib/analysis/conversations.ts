import { ascending, groups } from 'd3-array';
import type { EventOf, FwEvent } from '../events/event-schema';
import { groupConversations } from '../export/formats';
import { CONDITION_CODE_PATTERN, parseCondition, type Condition } from '../study/condition';

/**
 * A study's conversations as the report's measures read them: each with its condition taken apart, its category
 * and every event numbered with the turn it falls in. Turns are the paper's (Table 1: "one turn is an exchange
 * between the two users"), counted as the exports count them: a Seller message answering a Buyer message closes one.
 */
export interface StudyConversation {
  id: string;
  /** The condition code the conversation ran under (its first event's), e.g. "B.IIc+v". */
  condition: string;
  /** The condition without voice ("B.IIc"); voice is its own factor in the measures that split by it. */
  baseCondition: string;
  parts: Condition;
  /** The catalog category (the Buyer's pick, else what the coach read from the chat page), or null when unknown. */
  category: string | null;
  /** Exchanges: Buyer messages answered by the Seller. */
  turnCount: number;
  /**
   * Turns the conversation reached: every exchange, and the stretch after the last one when the Buyer wrote in it
   * (a question the Seller answered with a Guess, say). A stretch with no Buyer message is no turn.
   */
  turnsReached: number;
  /** The events in time order, each with its turn (1-based; events after the last turn have turnsReached + 1). */
  events: readonly TurnedEvent[];
}

export interface TurnedEvent {
  event: FwEvent;
  turn: number;
}

/** What a conversation is filed under when its category is not in its events. */
export const UNKNOWN_CATEGORY = 'unknown';

const CATEGORY_IN_INSTRUCT = /(?:^|;\s*)category=([^;]+)/;

/** The category a conversation is about: the Buyer's pick (System.instruct), else the coach's reading of the page. */
function categoryOf(events: readonly FwEvent[]): string | null {
  let fromCoach: string | null = null;
  for (const e of events) {
    if (e.action === 'instruct') {
      const m = CATEGORY_IN_INSTRUCT.exec(e.payload.text);
      const picked = m?.[1]?.trim();
      if (picked) return picked;
    } else if (e.action === 'profile_extract' && e.payload.category) fromCoach ??= e.payload.category;
  }
  return fromCoach;
}

type Message = EventOf<'utter'> & { agent: 'Buyer' | 'Seller' };
const isMessage = (e: FwEvent): e is Message => e.action === 'utter' && (e.agent === 'Buyer' || e.agent === 'Seller');

/** One conversation's events (time order) with their turns. */
function numberTurns(events: readonly FwEvent[]): { turned: TurnedEvent[]; turnCount: number; turnsReached: number } {
  let closed = 0;
  let lastSpeaker: 'Buyer' | 'Seller' | null = null;
  let buyerSinceClose = false;
  const turned = events.map((event) => {
    if (!isMessage(event)) return { event, turn: closed + 1 };
    const closes = event.agent === 'Seller' && lastSpeaker === 'Buyer';
    lastSpeaker = event.agent;
    const turn = closed + 1;
    if (closes) {
      closed++;
      buyerSinceClose = false;
    } else if (event.agent === 'Buyer') buyerSinceClose = true;
    return { event, turn };
  });
  return { turned, turnCount: closed, turnsReached: closed + (buyerSinceClose ? 1 : 0) };
}

/**
 * The conversations among `events` (any order; an event given twice, as when a browser's and the server's exports
 * are read together, counts once). Events outside a conversation, and conversations whose condition is not a
 * condition code, are left out.
 */
export function studyConversations(events: readonly FwEvent[]): StudyConversation[] {
  const seen = new Set<string>();
  const unique = events.filter((e) => !seen.has(e.id) && seen.add(e.id));
  return groupConversations(unique).flatMap((evs) => {
    const first = evs[0];
    if (!first?.conversation || !CONDITION_CODE_PATTERN.test(first.condition)) return [];
    const parts = parseCondition(first.condition);
    const { turned, turnCount, turnsReached } = numberTurns(evs);
    return [
      {
        id: first.conversation,
        condition: first.condition,
        baseCondition: first.condition.replace(/\+v$/, ''),
        parts,
        category: categoryOf(evs),
        turnCount,
        turnsReached,
        events: turned,
      },
    ];
  });
}

/** Groups by a key, keys in sorted order (so every table lists its rows the same way each time). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  return groups(items, key).sort((a, b) => ascending(a[0], b[0]));
}

/** A share that is 0 when there is nothing to divide by (a condition with no Seller messages, say). */
export const ratio = (part: number, whole: number): number => (whole ? part / whole : 0);
