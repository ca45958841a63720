import type { Catalog } from '../catalog/catalog-schema';
import type { CoachingSchema } from '../coach/coaching-schema';
import type { SimulatorConfig } from './buyer';
import { summarize, type Summary } from './metrics';
import { runConversation, type SimConversation } from './run';
import { SellerTools, type SellerPolicyName } from './seller-policies';

export interface EvaluationOptions {
  catalog: Catalog;
  schema: CoachingSchema;
  policies: readonly SellerPolicyName[];
  /** Conversations per policy. */
  n: number;
  seed: number;
  /** Only personas of these categories (all when empty). */
  categories: readonly string[];
  coached: boolean;
  buyer: Omit<SimulatorConfig, 'seed' | 'schema'>;
}

export interface PolicyResult {
  policy: SellerPolicyName;
  summary: Summary;
  conversations: SimConversation[];
}

/**
 * Runs `n` simulated conversations per Seller policy. Conversation i meets the same persona and the same Buyer
 * seed under every policy, so policies are compared on the same Buyers (a paired comparison).
 */
export function evaluatePolicies(o: EvaluationOptions): PolicyResult[] {
  const personas = o.catalog.personas.filter((p) => o.categories.length === 0 || o.categories.includes(p.category));
  if (!personas.length)
    throw new Error(
      `No personas in ${o.categories.join(', ')}; the catalog has ${[...new Set(o.catalog.personas.map((p) => p.category))].join(', ')}`,
    );
  const products = new Map(o.catalog.products.map((p) => [p.id, p]));
  const tools = new SellerTools(o.catalog);
  return o.policies.map((policy) => {
    const conversations: SimConversation[] = [];
    for (let i = 0; i < o.n; i++) {
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
          coached: o.coached,
          config: { ...o.buyer, seed: o.seed * 1_000_003 + i, schema: o.schema },
        }),
      );
    }
    return { policy, summary: summarize(conversations), conversations };
  });
}
