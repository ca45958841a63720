import { parseArgs } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateCatalog } from '../lib/catalog/catalog-schema';
import { DEFAULT_COACHING_SCHEMA } from '../lib/coach/default-schema';
import { BUYER_ACTS } from '../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG } from '../lib/simulator/buyer';
import { evaluatePolicies } from '../lib/simulator/evaluate';
import { ACCEPT_MODES } from '../lib/simulator/preferences';
import { POLICY_DESCRIPTIONS, SELLER_POLICIES, type SellerPolicyName } from '../lib/simulator/seller-policies';

// `npm run simulate -- [options]`: simulated Buyers against scripted Seller policies, measured as in the paper.
const HELP = `Usage: npm run simulate -- [options]

Runs N simulated conversations per scripted Seller policy (the same Buyers for each policy) and reports
AvgTurns, success rate (Guess confirmed), reward (20 points for success, 1 per turn) and the Buyer's acts.

Options:
  --n N               conversations per policy (default 100)
  --seed S            seed; the same seed gives the same conversations (default 1)
  --policy NAME       ${SELLER_POLICIES.join(' | ')} (repeat for several; default all)
  --category ID       only personas of this category (repeatable; default all)
  --uncoached         Seller messages carry no act labels (the Buyer reads the text)
  --mind-change P     chance a Buyer raises its budget mid-way (default 0.2)
  --accept MODE       ${ACCEPT_MODES.join(' | ')}: what the Buyer accepts (default target)
  --typos P           chance a Buyer message has a typo (default ${DEFAULT_SIMULATOR_CONFIG.typoRate})
  --min-turns N       turns before a Guess or an end (default ${DEFAULT_SIMULATOR_CONFIG.minTurns})
  --show K            print the first K conversations of each policy
  --out FILE          write every conversation as JSON
  --catalog FILE      catalog JSON (default public/catalog/default.json)`;

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    policy: { type: 'string', multiple: true },
    category: { type: 'string', multiple: true },
    uncoached: { type: 'boolean', default: false },
    'mind-change': { type: 'string', default: '0.2' },
    accept: { type: 'string', default: 'target' },
    typos: { type: 'string' },
    'min-turns': { type: 'string' },
    show: { type: 'string', default: '0' },
    out: { type: 'string' },
    catalog: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function fail(message: string): never {
  console.error(`simulate: ${message}\n\n${HELP}`);
  process.exit(2);
}
const num = (name: string, raw: string | undefined, min: number, max: number, int = false): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n)))
    fail(`--${name} must be ${int ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${raw}")`);
  return n;
};

const policies = (values.policy ?? [...SELLER_POLICIES]) as SellerPolicyName[];
for (const p of policies) if (!SELLER_POLICIES.includes(p)) fail(`unknown policy "${p}"; choose from ${SELLER_POLICIES.join(', ')}`);
const accept = values.accept as (typeof ACCEPT_MODES)[number];
if (!ACCEPT_MODES.includes(accept)) fail(`--accept must be one of ${ACCEPT_MODES.join(', ')}`);
const n = num('n', values.n, 1, 100_000, true) as number;
const seed = num('seed', values.seed, 0, 2 ** 31, true) as number;

const catalogPath = resolve(values.catalog ?? resolve(import.meta.dirname, '../public/catalog/default.json'));
const checked = validateCatalog(JSON.parse(await readFile(catalogPath, 'utf8')));
if (!checked.ok) fail(`${catalogPath} is not a valid catalog: ${checked.errors.slice(0, 3).join('; ')}`);

const t0 = performance.now();
let results;
try {
  results = evaluatePolicies({
    catalog: checked.catalog,
    schema: DEFAULT_COACHING_SCHEMA,
    policies,
    n,
    seed,
    categories: values.category ?? [],
    coached: !values.uncoached,
    buyer: {
      ...DEFAULT_SIMULATOR_CONFIG,
      accept: { ...DEFAULT_SIMULATOR_CONFIG.accept, accept },
      mindChange: num('mind-change', values['mind-change'], 0, 1) ?? 0,
      typoRate: num('typos', values.typos, 0, 1) ?? DEFAULT_SIMULATOR_CONFIG.typoRate,
      minTurns: num('min-turns', values['min-turns'], 0, 100, true) ?? DEFAULT_SIMULATOR_CONFIG.minTurns,
    },
  });
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}

const show = num('show', values.show, 0, 1000, true) ?? 0;
for (const r of results) {
  for (const c of r.conversations.slice(0, show)) {
    console.log(
      `\n— ${r.policy} · ${c.persona} · ${c.turnCount} turns · ${c.outcome ? (c.outcome.accepted ? 'Guess confirmed' : 'Guess rejected') : 'no Guess'}`,
    );
    for (const t of c.turns)
      console.log(
        `  ${t.speaker.padEnd(6)} ${`[${(t.buyerActs ?? t.acts ?? []).join(',')}]`.padEnd(18)} ${t.text}${t.share ? ` ⟨shares ${t.share.join(', ')}⟩` : ''}`,
      );
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `\n${n} simulated conversations per policy · seed ${seed} · ${values.uncoached ? 'uncoached (Buyer reads text)' : 'coached (act labels)'} · accept ${accept} · mind change ${values['mind-change']}`,
);
console.table(
  Object.fromEntries(
    results.map((r) => [
      r.policy,
      {
        AvgTurns: +r.summary.avgTurns.toFixed(2),
        'success rate': pct(r.summary.successRate),
        reward: +r.summary.avgReward.toFixed(2),
        'Buyer words/msg': +r.summary.buyerWordsPerMessage.toFixed(1),
      },
    ]),
  ),
);
console.log('Buyer actions (share of Buyer act labels):');
console.table(Object.fromEntries(results.map((r) => [r.policy, Object.fromEntries(BUYER_ACTS.map((a) => [a, pct(r.summary.acts[a])]))])));
for (const r of results) console.log(`  ${r.policy}: ${POLICY_DESCRIPTIONS[r.policy]}`);
if (results.length > 1) {
  const best = [...results].sort((a, b) => b.summary.avgReward - a.summary.avgReward || b.summary.successRate - a.summary.successRate);
  const [first, second] = best;
  if (first && second)
    console.log(
      `\nBetter by reward: ${first.policy} (${first.summary.avgReward.toFixed(2)} vs ${second.summary.avgReward.toFixed(2)} for ${second.policy}; success ${pct(first.summary.successRate)} vs ${pct(second.summary.successRate)}).`,
    );
}
if (values.out) {
  await writeFile(
    values.out,
    JSON.stringify(
      results.map((r) => ({ policy: r.policy, summary: r.summary, conversations: r.conversations })),
      null,
      1,
    ),
  );
  console.log(`Wrote ${values.out}`);
}
console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
