import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateCatalog } from '../lib/catalog/catalog-schema';
import { DEFAULT_COACHING_SCHEMA } from '../lib/coach/default-schema';
import { BUYER_ACTS } from '../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG, type SimulatorConfig } from '../lib/simulator/buyer';
import { evaluatePolicies } from '../lib/simulator/evaluate';
import {
  BASELINE,
  comparisonRows,
  dsKlRows,
  policyRows,
  round,
  summaries,
  turnsRows,
  wordsRows,
  type MeasureRow,
} from '../lib/simulator/measures';
import {
  actCounts,
  smoothingLabel,
  SMOOTHING_SWEEP,
  DEFAULT_SMOOTHING,
  reward,
  userActRatio,
  type ActCounts,
} from '../lib/simulator/metrics';
import { PAPER_BUYER_WORDS, PAPER_MEAN_TURNS, PAPER_TURN_SUCCESS_REAL, PAPER_USER_ACT_RATIO_REAL } from '../lib/simulator/paper';
import { parseRecordings, recordedAsConversation, replaySellerTo } from '../lib/simulator/recorded';
import { simulatedBuyerFor } from '../lib/simulator/run';
import { POLICY_DESCRIPTIONS, SELLER_POLICIES } from '../lib/simulator/seller-policies';
import { SellerTools } from '../lib/simulator/seller-tools';
import { pairedBootstrap } from '../lib/simulator/stats';
import { report, type Row } from './lib/report';
import { installLexiconFile } from '../scripts/lexicon/install';

installLexiconFile(); // the scripted Sellers read Buyers' messages as the extension does

// The simulator against its targets (issue 19): coached beats uncoached and recommend-first on success and reward
// with 95 % confidence (paired bootstrap over the same Buyers), coached AvgTurns per category within ±15 % of paper
// 000's Table 1, Buyer words per message within ±15 % of paper 000's 10.0 typed and 9.0 by voice; and, reported
// without targets, per-turn success and UserActRatio (paper 004), DS-KL against the pilot-chat fixtures under
// several smoothings, and how the comparison moves with the one assumption it rests on most (volunteerRate).
const ROOT = resolve(import.meta.dirname, '..');
/** Conversations per policy per category (the issue asks for at least 500). */
const N = Number(process.env.SIM_BENCH_N ?? 500);
const N_VOICE = Math.max(50, Math.round(N / 2));
const N_SENSITIVITY = Math.max(30, Math.round(N / 5));
const VOLUNTEER_RATES = [0.1, 0.3, 0.5, 0.7, 1] as const;
/** Times each fixture's Seller side is replayed to a simulated Buyer (different seeds). */
const REPLAYS = 20;
const SEED = 1;

const checked = validateCatalog(JSON.parse(await readFile(resolve(ROOT, 'public/catalog/default.json'), 'utf8')));
if (!checked.ok) throw new Error(checked.errors.join('; '));
const catalog = checked.catalog;
const schema = DEFAULT_COACHING_SCHEMA;
const tools = new SellerTools(catalog);
const buyer: Omit<SimulatorConfig, 'seed' | 'schema'> = DEFAULT_SIMULATOR_CONFIG;
const run = (policies: readonly (typeof SELLER_POLICIES)[number][], n: number, over: Partial<typeof buyer> = {}) =>
  evaluatePolicies({ catalog, schema, policies, n, seed: SEED, categories: [], buyer: { ...buyer, ...over }, tools });

const t0 = performance.now();
const typed = run(SELLER_POLICIES, N);
const ms = performance.now() - t0;
const voice = run(['coached'], N_VOICE, { input: 'voice' });

// DS-KL's reference: the 16 pilot-chat fixtures, written by the team (not recordings of participants).
const FIXTURES = resolve(ROOT, 'tests/fixtures/pilot-conversations');
const files = (await readdir(FIXTURES)).filter((f) => f.endsWith('.json')).sort();
const recordings = parseRecordings(await Promise.all(files.map((f) => readFile(resolve(FIXTURES, f), 'utf8'))));
const recorded = recordings.map((r) => recordedAsConversation(r, schema));
const reference = actCounts(recorded);
const products = new Map(catalog.products.map((p) => [p.id, p]));
const replayed = recordings.flatMap((r, i) =>
  Array.from({ length: REPLAYS }, (_, k) => {
    const persona = catalog.personas.find((p) => p.id === r.persona);
    if (!persona) throw new Error(`fixture persona ${r.persona} is not in the catalog`);
    return replaySellerTo(r, simulatedBuyerFor(catalog, products, persona, { ...buyer, seed: 1000 * k + i, schema }), schema);
  }),
);

const targetRows = (rows: MeasureRow[], pooledOnly: boolean): Row[] =>
  rows.map((r) =>
    pooledOnly && !r.metric.includes(', all (')
      ? { ...r, target: `${r.target} (per category: reported, not a target)`, ok: undefined }
      : { ...r },
  ) as Row[];

const rows: Row[] = [
  { metric: 'conversations per policy per category', value: N, unit: '' },
  ...(policyRows(typed) as Row[]),
  ...targetRows(comparisonRows(typed, SEED), true),
  ...(turnsRows(typed.coached) as Row[]),
  ...(wordsRows({ typed: typed.coached, voice: voice.coached }) as Row[]),
  ...(dsKlRows(
    {
      ...Object.fromEntries([...summaries(typed)].map(([p, s]) => [p, s.all.actCounts])),
      'simulated Buyer answering the fixtures’ Seller side': actCounts(replayed),
    } as Record<string, ActCounts>,
    reference,
    'fixtures',
  ) as Row[]),
  { metric: 'fixtures (team-written, for reading): UserActRatio', value: round(userActRatio(recorded), 3), unit: '' },
  {
    metric: 'simulated conversations per second',
    value: Math.round((SELLER_POLICIES.length * catalog.categories.length * N) / (ms / 1000)),
    unit: '/s',
  },
];

// How the comparison depends on how often a Buyer says unasked why a product is wrong.
const sensitivity: Record<string, Record<string, number | string>> = {};
for (const rate of VOLUNTEER_RATES) {
  const ev = run(SELLER_POLICIES, N_SENSITIVITY, { volunteerRate: rate });
  const s = summaries(ev);
  const entry: Record<string, number | string> = {};
  for (const p of SELLER_POLICIES) {
    entry[`${p} success`] = round(s.get(p)?.all.successRate ?? 0, 3);
    entry[`${p} reward`] = round(s.get(p)?.all.avgReward ?? 0);
  }
  for (const other of SELLER_POLICIES.filter((p) => p !== BASELINE)) {
    const ci = pairedBootstrap(
      ev[BASELINE].map((c) => reward(c)),
      ev[other].map((c) => reward(c)),
      SEED,
    );
    entry[`reward ${BASELINE} − ${other} [95 % CI]`] = `${round(ci.diff)} [${round(ci.lo)}, ${round(ci.hi)}]`;
  }
  sensitivity[`volunteerRate ${rate}`] = entry;
  rows.push({
    metric: `volunteerRate ${rate}${rate === buyer.volunteerRate ? ' (default)' : ''}: reward coached / uncoached / recommend-first (n=${N_SENSITIVITY}/category)`,
    value: SELLER_POLICIES.map((p) => round(s.get(p)?.all.avgReward ?? 0)).join(' / '),
    unit: 'points',
  });
}
console.log('\nSensitivity to volunteerRate (chance an unasked Buyer says why a product is wrong):');
console.table(sensitivity);

const dist = (c: ActCounts) => {
  const total = BUYER_ACTS.reduce((s, a) => s + c[a], 0) || 1;
  return Object.fromEntries(BUYER_ACTS.map((a) => [a, round(c[a] / total, 3)]));
};
await report('simulator', rows, {
  n: N,
  seed: SEED,
  test: 'paired percentile bootstrap (2,000 resamples) of the mean difference coached − other over the same Buyers (persona and seed); a target is met when the 95 % interval lies above 0. The target rows are over all categories; per-category rows are reported for reading.',
  policies: POLICY_DESCRIPTIONS,
  buyer: { ...buyer, accept: buyer.accept },
  paper: {
    meanTurnsTable1: PAPER_MEAN_TURNS,
    buyerWordsPerMessage: PAPER_BUYER_WORDS,
    userActRatioRealUsers: PAPER_USER_ACT_RATIO_REAL,
    perTurnSuccessRealUsers: PAPER_TURN_SUCCESS_REAL,
  },
  dsKl: {
    reference: `${recordings.length} pilot-chat fixtures (tests/fixtures/pilot-conversations), written by the team in the pilot chat's format, not recordings of participants: DS-KL here measures closeness to those, not to real Buyers`,
    smoothings: SMOOTHING_SWEEP.map(smoothingLabel),
    default: smoothingLabel(DEFAULT_SMOOTHING),
    replays: REPLAYS,
  },
  acts: {
    fixtures: dist(reference),
    ...Object.fromEntries([...summaries(typed)].map(([p, s]) => [p, dist(s.all.actCounts)])),
    replayed: dist(actCounts(replayed)),
  },
  volunteerSensitivity: sensitivity,
});
