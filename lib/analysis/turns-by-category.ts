import { mean } from 'd3-array';
import { groupBy, UNKNOWN_CATEGORY, type StudyConversation } from './conversations';

/**
 * Paper 000, Table 1: per category ("Topic"), how many conversations ("Count") and their mean length in turns
 * ("Mean Turns"; one turn is a Buyer message answered by the Seller). The paper's table is of condition B.IIc
 * alone; here each condition has its rows, so B.IIc's compare with it directly.
 */
export interface TurnsByCategoryRow {
  condition: string;
  category: string;
  conversations: number;
  meanTurns: number;
}

export function turnsByCategory(conversations: readonly StudyConversation[]): TurnsByCategoryRow[] {
  return groupBy(conversations, (c) => c.condition).flatMap(([condition, convs]) =>
    groupBy(convs, (c) => c.category ?? UNKNOWN_CATEGORY).map(([category, inCategory]) => ({
      condition,
      category,
      conversations: inCategory.length,
      meanTurns: mean(inCategory, (c) => c.turnCount) ?? 0,
    })),
  );
}
