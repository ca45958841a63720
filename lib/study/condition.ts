import * as v from 'valibot';

/**
 * Study conditions as in the paper: Buyer priming A-D, Seller sharing I-III, coaching on/off, voice on/off.
 * The compact code (e.g. "B.IIc", "C.IIIu+v") is what every event carries.
 */
export const PRIMINGS = ['A', 'B', 'C', 'D'] as const;
export const SHARINGS = ['I', 'II', 'III'] as const;

export const ConditionSchema = v.object({
  priming: v.picklist(PRIMINGS),
  sharing: v.picklist(SHARINGS),
  coaching: v.boolean(),
  voice: v.boolean(),
});
export type Condition = v.InferOutput<typeof ConditionSchema>;

export const CONDITION_CODE_PATTERN = /^([ABCD])\.(III|II|I)([cu])(\+v)?$/;
export const ConditionCodeSchema = v.pipe(
  v.string(),
  v.regex(CONDITION_CODE_PATTERN, 'must be a condition code such as "B.IIc" (priming.sharing, c=coached/u=uncoached, +v=voice)'),
);

export function formatCondition(c: Condition): string {
  return `${c.priming}.${c.sharing}${c.coaching ? 'c' : 'u'}${c.voice ? '+v' : ''}`;
}

export function parseCondition(code: string): Condition {
  const m = CONDITION_CODE_PATTERN.exec(code);
  if (!m) throw new Error(`Invalid condition code "${code}"`);
  // The pattern admits only PRIMINGS and SHARINGS in its groups, so no schema parse is needed: that would put the
  // validator in the content script (which reads the condition of every chat page) for nothing.
  return { priming: m[1] as Condition['priming'], sharing: m[2] as Condition['sharing'], coaching: m[3] === 'c', voice: m[4] === '+v' };
}

/** The paper's best condition: priming B, sharing II, coached. */
export const DEFAULT_CONDITION: Condition = { priming: 'B', sharing: 'II', coaching: true, voice: false };
export const DEFAULT_CONDITION_CODE = formatCondition(DEFAULT_CONDITION);
