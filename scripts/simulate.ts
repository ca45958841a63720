import { parseArgs } from 'node:util';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateCatalog } from '../lib/catalog/catalog-schema';
import { DEFAULT_COACHING_SCHEMA } from '../lib/coach/default-schema';
import { BUYER_ACTS } from '../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG } from '../lib/simulator/buyer';
import { evaluatePolicies } from '../lib/simulator/evaluate';
import { comparisonRows, dsKlRows, round, summaries, turnsRows, wordsRows, type MeasureRow } from '../lib/simulator/measures';
import { actCounts } from '../lib/simulator/metrics';
import { ACCEPT_MODES } from '../lib/simulator/preferences';
import { parseRecordings, recordedAsConversation } from '../lib/simulator/recorded';
import { POLICY_DESCRIPTIONS, SELLER_POLICIES, type SellerPolicyName } from '../lib/simulator/seller-policies';
import { installLexiconFile } from './lexicon/install';

// `npm run simulate -- [options]`: simulated Buyers against scripted Seller policies, measured as in the papers.
const HELP = `Usage: npm run simulate -- [options]

Runs N simulated conversations per scripted Seller policy in each category (the same Buyers for every policy)
and prints AvgTurns, success rate (Guess confirmed), reward (paper 004: 20 for success less 1 per turn),
per-turn success and UserActRatio (paper 004), Buyer words per message (paper 000), coached AvgTurns per category
against paper 000's Table 1, coached against the other policies with 95 % paired-bootstrap intervals, and DS-KL
of the Buyer's acts against the pilot-chat fixtures under several smoothings.

Options:
  --n N               conversations per policy per category (default 50)
  --seed S            seed; the same seed gives the same conversations (default 1)
  --policy NAME       ${SELLER_POLICIES.join(' | ')} (repeat for several; default all)
  --uncoached         only the uncoached Seller policy (same as --policy uncoached)
  --category ID       only personas of this category (repeatable; default all)
  --voice             Buyers use voice input (a transcript: no typos, a little shorter)
  --volunteer P       chance a Buyer says unasked why a product is wrong (default ${DEFAULT_SIMULATOR_CONFIG.volunteerRate})
  --mind-change P     chance a Buyer raises its budget mid-way (default ${DEFAULT_SIMULATOR_CONFIG.mindChange})
  --accept MODE       ${ACCEPT_MODES.join(' | ')}: what the Buyer accepts (default target)
  --typos P           chance a typed Buyer message has a typo (default ${DEFAULT_SIMULATOR_CONFIG.typoRate})
  --min-turns N       turns before a Guess or an end (default ${DEFAULT_SIMULATOR_CONFIG.minTurns})
  --show K            print the first K conversations of each policy
  --out FILE          write every conversation as JSON
  --catalog FILE      catalog JSON (default public/catalog/default.json)`;

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    policy: { type: 'string', multiple: true },
    uncoached: { type: 'boolean', default: false },
    category: { type: 'string', multiple: true },
    voice: { type: 'boolean', default: false },
    volunteer: { type: 'string' },
    'mind-change': { type: 'string' },
    accept: { type: 'string', default: 'target' },
    typos: { type: 'string' },
    'min-turns': { type: 'string' },
    show: { type: 'string' },
    out: { type: 'string' },
    catalog: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
function fail(msg: string): never {
  console.error(`${msg}\n\n${HELP}`);
  process.exit(2);
}
const num = (name: string, raw: string | undefined, min: number, max: number, int = false): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n)))
    fail(`--${name} must be ${int ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${raw}")`);
  return n;
};

if (values.uncoached && values.policy?.length) fail('--uncoached runs the uncoached policy; give --policy or --uncoached, not both');
const policies = (values.uncoached ? ['uncoached'] : (values.policy ?? [...SELLER_POLICIES])) as SellerPolicyName[];
for (const p of policies) if (!SELLER_POLICIES.includes(p)) fail(`unknown policy "${p}"; choose from ${SELLER_POLICIES.join(', ')}`);
const accept = values.accept as (typeof ACCEPT_MODES)[number];
if (!ACCEPT_MODES.includes(accept)) fail(`--accept must be one of ${ACCEPT_MODES.join(', ')}`);
const n = num('n', values.n, 1, 100_000, true) as number;
const seed = num('seed', values.seed, 0, 2 ** 31, true) as number;
const input = values.voice ? 'voice' : 'typed';

const ROOT = resolve(import.meta.dirname, '..');
installLexiconFile(); // the scripted Sellers read Buyers' messages as the extension does
const catalogPath = resolve(values.catalog ?? resolve(ROOT, 'public/catalog/default.json'));
const checked = validateCatalog(JSON.parse(await readFile(catalogPath, 'utf8')));
if (!checked.ok) fail(`${catalogPath} is not a valid catalog: ${checked.errors.slice(0, 3).join('; ')}`);

const t0 = performance.now();
let ev;
try {
  ev = evaluatePolicies({
    catalog: checked.catalog,
    schema: DEFAULT_COACHING_SCHEMA,
    policies,
    n,
    seed,
    categories: values.category ?? [],
    buyer: {
      ...DEFAULT_SIMULATOR_CONFIG,
      accept: { ...DEFAULT_SIMULATOR_CONFIG.accept, accept },
      input,
      volunteerRate: num('volunteer', values.volunteer, 0, 1) ?? DEFAULT_SIMULATOR_CONFIG.volunteerRate,
      mindChange: num('mind-change', values['mind-change'], 0, 1) ?? DEFAULT_SIMULATOR_CONFIG.mindChange,
      typoRate: num('typos', values.typos, 0, 1) ?? DEFAULT_SIMULATOR_CONFIG.typoRate,
      minTurns: num('min-turns', values['min-turns'], 0, 100, true) ?? DEFAULT_SIMULATOR_CONFIG.minTurns,
    },
  });
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const results = ev as NonNullable<typeof ev>;

const show = num('show', values.show, 0, 1000, true) ?? 0;
for (const policy of policies) {
  for (const c of results[policy].slice(0, show)) {
    console.log(
      `\n— ${policy} · ${c.persona} · ${c.turnCount} turns · ${c.outcome ? (c.outcome.accepted ? 'Guess confirmed' : 'Guess rejected') : 'no Guess'}`,
    );
    for (const t of c.turns)
      console.log(
        `  ${t.speaker.padEnd(6)} ${`[${(t.buyerActs ?? t.acts ?? []).join(',')}]`.padEnd(18)} ${t.text}${t.share ? ` ⟨shares ${t.share.join(', ')}⟩` : ''}`,
      );
  }
}

/** Rows keyed by their metric, the unit beside the value, and the target's verdict where there is one. */
const table = (title: string, rows: readonly MeasureRow[]) => {
  if (!rows.length) return;
  console.log(`\n${title}`);
  const verdict = (r: MeasureRow) => (r.ok === undefined ? {} : { target: r.target ?? '', met: r.ok ? 'yes' : 'NO' });
  console.table(Object.fromEntries(rows.map((r) => [r.metric, { value: `${r.value}${r.unit ? ` ${r.unit}` : ''}`, ...verdict(r) }])));
};

const count = Object.values(results).reduce((s, c) => s + c.length, 0);
console.log(`\n${n} simulated conversations per policy per category (${count} in all) · seed ${seed} · ${input} Buyers · accept ${accept}`);
const sums = summaries(results);
console.table(
  Object.fromEntries(
    [...sums].map(([policy, s]) => [
      policy,
      {
        AvgTurns: round(s.all.avgTurns),
        'success rate': round(s.all.successRate, 3),
        reward: round(s.all.avgReward),
        'per-turn success': round(s.all.perTurnSuccess, 3),
        UserActRatio: round(s.all.userActRatio, 3),
        'Buyer words/msg': round(s.all.buyerWordsPerMessage, 1),
      },
    ]),
  ),
);
for (const policy of policies) console.log(`  ${policy}: ${POLICY_DESCRIPTIONS[policy]}`);

if (results.coached) table('Coached AvgTurns per category against paper 000, Table 1 (B.IIc):', turnsRows(results.coached));
table('Coached against the other policies (mean paired difference [95 % paired-bootstrap interval]):', comparisonRows(results, seed));
table('Buyer words per message against paper 000 (section 5.5):', wordsRows({ [input]: Object.values(results).flat() }));

// DS-KL's reference: the pilot-chat fixtures, conversations the team wrote (not real Buyers); see docs/research.md.
const FIXTURES = resolve(ROOT, 'tests/fixtures/pilot-conversations');
const files = (await readdir(FIXTURES)).filter((f) => f.endsWith('.json')).sort();
const recordings = parseRecordings(await Promise.all(files.map((f) => readFile(resolve(FIXTURES, f), 'utf8'))));
const reference = actCounts(recordings.map((r) => recordedAsConversation(r, DEFAULT_COACHING_SCHEMA)));
table(
  `DS-KL of the Buyer's acts against the ${recordings.length} pilot-chat fixtures (team-written, not real Buyers), by smoothing:`,
  dsKlRows(Object.fromEntries([...sums].map(([policy, s]) => [policy, s.all.actCounts])), reference, 'fixtures'),
);
console.log("Buyer acts (share of the Buyer's act labels):");
console.table(
  Object.fromEntries(
    [['fixtures', reference] as const, ...[...sums].map(([p, s]) => [p, s.all.actCounts] as const)].map(([name, counts]) => {
      const total = BUYER_ACTS.reduce((sum, a) => sum + counts[a], 0) || 1;
      return [name, Object.fromEntries(BUYER_ACTS.map((a) => [a, `${round((counts[a] / total) * 100, 1)}%`]))];
    }),
  ),
);

if (values.out) {
  await writeFile(values.out, JSON.stringify(results, null, 1));
  console.log(`Wrote ${values.out}`);
}
console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
