import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { validateCatalog, type Persona } from '../lib/catalog/catalog-schema';
import { DEFAULT_COACHING_SCHEMA } from '../lib/coach/default-schema';
import { BUYER_ACTS } from '../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG, type SimulatorConfig } from '../lib/simulator/buyer';
import { countTurns, dsKl, summarize as summarizeConvs, type Summary } from '../lib/simulator/metrics';
import { RecordedConversationSchema, replaySellerTo, type RecordedConversation } from '../lib/simulator/recorded';
import { runConversation, simulatedBuyerFor, type SimConversation } from '../lib/simulator/run';
import { SellerTools } from '../lib/simulator/seller-policies';
import { report, round, type Row } from './lib/report';

// Realism of the simulated Buyer (Zhang & Balog, Table 4): its conversations against the pilot-chat fixtures on
// AvgTurns, the Buyer act distribution (DS-KL) and message length. Two set-ups: the fixtures' own Seller messages
// replayed to the simulator (same Seller behaviour, the Buyer side simulated), and the scripted coached Seller
// talking live with the simulator on the fixtures' personas. The alternative is the same simulator without its
// agenda's initiative and without questions back (a merely reactive Buyer), as a ratio of DS-KL.
const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = resolve(ROOT, 'tests/fixtures/pilot-conversations');
const REPEATS = 20;

const checked = validateCatalog(JSON.parse(await readFile(resolve(ROOT, 'public/catalog/default.json'), 'utf8')));
if (!checked.ok) throw new Error(checked.errors.join('; '));
const catalog = checked.catalog;
const products = new Map(catalog.products.map((p) => [p.id, p]));
const recorded: RecordedConversation[] = [];
for (const f of (await readdir(FIXTURES)).filter((x) => x.endsWith('.json')).sort()) {
  recorded.push(v.parse(RecordedConversationSchema, JSON.parse(await readFile(resolve(FIXTURES, f), 'utf8'))));
}
const personaOf = (id: string) => {
  const p = catalog.personas.find((x) => x.id === id);
  if (!p) throw new Error(`fixture persona ${id} is not in the catalog`);
  return p;
};
const real = summarizeConvs(recorded.map((r) => ({ ...r, turnCount: countTurns(r.turns) })));

const agenda: Omit<SimulatorConfig, 'seed' | 'schema'> = { ...DEFAULT_SIMULATOR_CONFIG, mindChange: 2 / 16 };
const reactive: Omit<SimulatorConfig, 'seed' | 'schema'> = { ...agenda, initiative: false, questionRate: 0, navigateRate: 0 };

function replayAll(cfg: Omit<SimulatorConfig, 'seed' | 'schema'>): { convs: SimConversation[]; ms: number } {
  const t0 = performance.now();
  const convs: SimConversation[] = [];
  for (let k = 0; k < REPEATS; k++) {
    recorded.forEach((r, i) => {
      const buyer = simulatedBuyerFor(catalog, products, personaOf(r.persona), {
        ...cfg,
        seed: 1000 * k + i,
        schema: DEFAULT_COACHING_SCHEMA,
      });
      convs.push(replaySellerTo(r, buyer));
    });
  }
  return { convs, ms: performance.now() - t0 };
}

const tools = new SellerTools(catalog);
function liveAll(cfg: Omit<SimulatorConfig, 'seed' | 'schema'>): { convs: SimConversation[]; ms: number } {
  const t0 = performance.now();
  const convs: SimConversation[] = [];
  for (let k = 0; k < REPEATS; k++) {
    recorded.forEach((r, i) => {
      const persona: Persona = personaOf(r.persona);
      convs.push(
        runConversation({
          catalog,
          products,
          persona,
          policy: 'coached',
          tools,
          schema: DEFAULT_COACHING_SCHEMA,
          coached: true,
          config: { ...cfg, seed: 1000 * k + i, schema: DEFAULT_COACHING_SCHEMA },
        }),
      );
    });
  }
  return { convs, ms: performance.now() - t0 };
}

const sets = {
  'agenda, replayed Seller': replayAll(agenda),
  'reactive, replayed Seller': replayAll(reactive),
  'agenda, scripted coached Seller': liveAll(agenda),
  'reactive, scripted coached Seller': liveAll(reactive),
};
const s = Object.fromEntries(Object.entries(sets).map(([k, x]) => [k, summarizeConvs(x.convs)])) as Record<keyof typeof sets, Summary>;
const ds = (k: keyof typeof sets) => dsKl(s[k].acts, real.acts);

const rows: Row[] = [
  { metric: 'real (fixtures): conversations', value: recorded.length, unit: '' },
  { metric: 'real: AvgTurns', value: round(real.avgTurns), unit: 'turns' },
  { metric: 'real: Buyer words per message', value: round(real.buyerWordsPerMessage, 1), unit: 'words' },
];
for (const k of Object.keys(sets) as (keyof typeof sets)[]) {
  rows.push(
    { metric: `${k}: AvgTurns`, value: round(s[k].avgTurns), unit: 'turns' },
    { metric: `${k}: DS-KL vs real`, value: round(ds(k), 3), unit: '' },
    { metric: `${k}: Buyer words per message`, value: round(s[k].buyerWordsPerMessage, 1), unit: 'words' },
    { metric: `${k}: success rate`, value: round(s[k].successRate), unit: '' },
  );
}
const ratioReplay = ds('reactive, replayed Seller') / ds('agenda, replayed Seller');
const ratioLive = ds('reactive, scripted coached Seller') / ds('agenda, scripted coached Seller');
rows.push(
  {
    metric: 'DS-KL reactive / agenda (replayed Seller)',
    value: round(ratioReplay),
    unit: '×',
    target: '> 1 (agenda closer to real)',
    ok: ratioReplay > 1,
  },
  { metric: 'DS-KL reactive / agenda (scripted Seller)', value: round(ratioLive), unit: '×', target: '> 1', ok: ratioLive > 1 },
  {
    metric: 'AvgTurns gap, agenda replayed vs real',
    value: round(Math.abs(s['agenda, replayed Seller'].avgTurns - real.avgTurns)),
    unit: 'turns',
  },
  {
    metric: 'simulated conversations per second (replay)',
    value: Math.round((sets['agenda, replayed Seller'].convs.length / sets['agenda, replayed Seller'].ms) * 1000),
    unit: '/s',
  },
);
const dist = (x: Summary) => Object.fromEntries(BUYER_ACTS.map((a) => [a, round(x.acts[a], 3)]));
console.log('\nBuyer act distribution:');
console.table({ real: dist(real), ...Object.fromEntries(Object.entries(s).map(([k, x]) => [k, dist(x)])) });
await report('simulator', rows, {
  fixtures: recorded.map((r) => r.conversation),
  repeats: REPEATS,
  alternative:
    'the same simulator without initiative (no push of its own agenda items), questions back or product questions: a reactive Buyer',
  acts: { real: dist(real), ...Object.fromEntries(Object.entries(s).map(([k, x]) => [k, dist(x)])) },
});
