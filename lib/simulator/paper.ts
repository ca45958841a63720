/**
 * The papers' own figures the simulator is held to (see docs/research.md, *Simulated Buyer*): paper 000
 * (seeds/000_…: Buyer/Seller crowd task) and paper 004 (seeds/004_…: Zhang & Balog, user simulation).
 */

/** Paper 000, Table 1: mean turns (one turn: an exchange between the two) per category, condition B.IIc. */
export const PAPER_MEAN_TURNS: Readonly<Record<string, number>> = {
  books: 6.5,
  headphones: 6.9,
  lego: 6.3,
  pet_food: 6.6,
  running_shoes: 6.8,
  smartwatches: 6.6,
  vitamins: 6.7,
};

/** Paper 000, section 5.5: Buyer words per message, typed and by voice transcription (10.0 vs 9.0, p ≈ 0). */
export const PAPER_BUYER_WORDS = { typed: 10.0, voice: 9.0 } as const;

/** How close a simulated figure must come to the paper's: ±15 %. */
export const PAPER_TOLERANCE = 0.15;

export const withinTolerance = (value: number, paper: number, tolerance = PAPER_TOLERANCE) => Math.abs(value - paper) <= tolerance * paper;

/** Paper 004, Table 4: UserActRatio of real users with its three agents (for reading ours, not a target). */
export const PAPER_USER_ACT_RATIO_REAL = [0.374, 0.501, 0.5] as const;
/** Paper 004, Table 5: per-turn success rate of real users with its three agents (for reading ours, not a target). */
export const PAPER_TURN_SUCCESS_REAL = [0.833, 0.864, 0.727] as const;
