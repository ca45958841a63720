import type { Catalog } from '../catalog/catalog-schema';
import type { CoachingSchema } from '../coach/coaching-schema';
import type { SimulatorConfig } from './buyer';
import { runConversation, type SimConversation } from './run';
import type { SellerPolicyName } from './seller-policies';
import { SellerTools } from './seller-tools';

export interface EvaluationOptions {
  catalog: Catalog;
  schema: CoachingSchema;
  policies: readonly SellerPolicyName[];
  /** Conversations per policy per category. */
  n: number;
  seed: number;
  /** Only these categories (all of the catalog's when empty). */
  categories: readonly string[];
  buyer: Omit<SimulatorConfig, 'seed' | 'schema'>;
  /** Shared tools (built from the catalog when not given; building them takes a moment). */
  tools?: SellerTools;
}

/** Conversations by policy; the k-th conversation of every policy meets the same Buyer. */
export type Evaluation = Record<SellerPolicyName, SimConversation[]>;

/** The seed of conversation `i` of category number `c`: distinct for every conversation of a run, the same for every policy. */
export const conversationSeed = (seed: number, c: number, i: number) => (seed * 1_000_003 + c * 100_003 + i) >>> 0;

/**
 * Runs `n` simulated conversations per policy in each category, its personas in turn. Conversation k meets the same
 * persona and the same Buyer seed under every policy, so policies are compared on the same Buyers (paired).
 */
export function evaluatePolicies(o: EvaluationOptions): Evaluation {
  const ids = o.catalog.categories.map((c) => c.id);
  const unknown = o.categories.filter((c) => !ids.includes(c));
  if (unknown.length) throw new Error(`No category ${unknown.join(', ')}; the catalog has ${ids.join(', ')}`);
  const products = new Map(o.catalog.products.map((p) => [p.id, p]));
  const tools = o.tools ?? new SellerTools(o.catalog);
  const out = {} as Evaluation;
  for (const policy of o.policies) {
    const conversations: SimConversation[] = [];
    ids.forEach((category, c) => {
      if (o.categories.length && !o.categories.includes(category)) return;
      const personas = o.catalog.personas.filter((p) => p.category === category);
      for (let i = 0; i < o.n && personas.length; i++) {
        const persona = personas[i % personas.length];
        if (!persona) continue;
        conversations.push(
          runConversation({
            catalog: o.catalog,
            products,
            persona,
            policy,
            tools,
            schema: o.schema,
            config: { ...o.buyer, seed: conversationSeed(o.seed, c, i), schema: o.schema },
          }),
        );
      }
    });
    out[policy] = conversations;
  }
  return out;
}
