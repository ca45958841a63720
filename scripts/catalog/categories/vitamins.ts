import { DIETARY_LABELS, type DefaultAttributes } from '../../../lib/catalog/default-attributes';
import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { longestModelIn, type Model, pickModel, shopPrice } from '../util';

type Form = DefaultAttributes['vitamins']['form'];

interface Line extends Model {
  form: Form;
  per: number;
  doses: readonly string[];
  counts: readonly number[];
  flavours: readonly string[];
}

const GUMMY_FLAVOURS = ['Mixed Berry', 'Strawberry', 'Orange', 'Raspberry Lemonade', 'Tropical Fruit'];
const V = ['vegan'];
const GF = ['gluten-free'];
const VEG = ['vegetarian', 'gluten-free', 'non-GMO', 'dairy-free'];
const CLEAN = ['gluten-free', 'non-GMO', 'dairy-free'];

function l(
  brand: string,
  name: string,
  nutrient: string,
  form: Form,
  dietary: readonly string[],
  per: number,
  doses: readonly string[],
  counts: readonly number[],
  flavours?: readonly string[],
): Line {
  const set = new Set(dietary);
  if (set.has('vegan')) ['vegetarian', 'gluten-free', 'non-GMO', 'dairy-free'].forEach((d) => set.add(d));
  const mid = counts[Math.floor(counts.length / 2)] ?? 60;
  return {
    brand,
    name,
    form,
    per,
    doses,
    counts,
    flavours: flavours ?? (form === 'gummy' ? GUMMY_FLAVOURS : ['']),
    base: per * mid,
    attrs: { form, nutrient, dietary: DIETARY_LABELS.filter((d) => set.has(d)) },
  };
}

const LINES: readonly Line[] = [
  l(
    'Nature Made',
    'Vitamin D3',
    'Vitamin D3',
    'softgel',
    GF,
    0.045,
    ['1000 IU (25 mcg)', '2000 IU (50 mcg)', '5000 IU (125 mcg)'],
    [90, 220, 250, 360],
    [''],
  ),
  l('Nature Made', 'Vitamin D3 Gummies', 'Vitamin D3', 'gummy', GF, 0.12, ['2000 IU (50 mcg)'], [80, 150]),
  l('Nature Made', 'Vegan Vitamin D3 Gummies', 'Vitamin D3', 'gummy', V, 0.16, ['1000 IU (25 mcg)', '2000 IU (50 mcg)'], [60, 90]),
  l('Nature Made', 'Multi For Him', 'Multivitamin', 'tablet', GF, 0.09, [''], [90, 120, 200]),
  l('Nature Made', 'Multi For Her', 'Multivitamin', 'tablet', GF, 0.09, [''], [90, 120, 200]),
  l('Nature Made', 'Multivitamin Gummies', 'Multivitamin', 'gummy', GF, 0.11, [''], [90, 150]),
  l('Nature Made', 'Kids First Multivitamin Gummies', 'Multivitamin', 'gummy', GF, 0.12, [''], [70, 110]),
  l('Nature Made', 'Magnesium Citrate', 'Magnesium', 'softgel', GF, 0.1, ['250 mg'], [60, 120]),
  l('Nature Made', 'Magnesium Oxide', 'Magnesium', 'tablet', GF, 0.05, ['250 mg', '400 mg'], [100, 200, 300]),
  l('Nature Made', 'Fish Oil', 'Omega-3', 'softgel', GF, 0.07, ['1000 mg', '1200 mg'], [100, 200, 250]),
  l('Nature Made', 'Vitamin C', 'Vitamin C', 'tablet', GF, 0.05, ['500 mg', '1000 mg'], [100, 300]),
  l('Nature Made', 'Iron', 'Iron', 'tablet', GF, 0.06, ['65 mg'], [180, 365]),
  l('Nature Made', 'Vitamin B12', 'B12', 'tablet', GF, 0.06, ['1000 mcg', '3000 mcg'], [150, 400]),
  l('Nature Made', 'Zinc', 'Zinc', 'tablet', GF, 0.04, ['30 mg'], [100, 200]),
  l('Garden of Life', 'Vitamin Code Raw D3', 'Vitamin D3', 'capsule', VEG, 0.3, ['2000 IU', '5000 IU'], [60, 120]),
  l('Garden of Life', 'mykind Organics Vegan D3 Spray', 'Vitamin D3', 'liquid', V, 0.3, ['1000 IU'], [58], ['Peppermint', 'Vanilla']),
  l(
    'Garden of Life',
    'mykind Organics Vegan D3 Gummies',
    'Vitamin D3',
    'gummy',
    V,
    0.25,
    ['2000 IU'],
    [30, 60],
    ['Raspberry', 'Strawberry', 'Mixed Berry'],
  ),
  l('Garden of Life', "mykind Organics Women's Multi", 'Multivitamin', 'tablet', V, 0.45, [''], [60, 120]),
  l('Garden of Life', 'Vitamin Code Men', 'Multivitamin', 'capsule', VEG, 0.4, [''], [120, 240]),
  l('Garden of Life', 'mykind Organics Kids Multi Gummies', 'Multivitamin', 'gummy', V, 0.25, [''], [30, 120]),
  l(
    'Garden of Life',
    'Dr. Formulated Probiotics Once Daily',
    'Probiotic',
    'capsule',
    VEG,
    0.9,
    ['30 Billion CFU', '50 Billion CFU'],
    [30, 60],
  ),
  l('Garden of Life', 'Raw Probiotics Kids', 'Probiotic', 'powder', ['vegetarian', 'gluten-free'], 0.75, ['5 Billion CFU'], [30]),
  l('Garden of Life', 'Minami Vegan Omega-3', 'Omega-3', 'softgel', V, 0.6, ['Algae 1000 mg'], [30, 60]),
  l('Garden of Life', 'Vitamin Code Raw Iron', 'Iron', 'capsule', V, 0.35, ['22 mg'], [30, 60]),
  l('Garden of Life', 'mykind Organics B12 Spray', 'B12', 'liquid', V, 0.3, ['500 mcg'], [60], ['Raspberry']),
  l(
    'Garden of Life',
    'Dr. Formulated Whole Food Magnesium',
    'Magnesium',
    'powder',
    [...V, 'sugar-free'],
    0.7,
    ['350 mg'],
    [30, 60],
    ['Unflavored', 'Orange'],
  ),
  l('Garden of Life', 'Vitamin Code Raw Vitamin C', 'Vitamin C', 'capsule', V, 0.3, ['500 mg'], [60, 120]),
  l('Optimum Nutrition', 'Opti-Men Multivitamin', 'Multivitamin', 'tablet', [], 0.17, [''], [90, 150, 240]),
  l('Optimum Nutrition', 'Opti-Women Multivitamin', 'Multivitamin', 'capsule', [], 0.2, [''], [60, 120]),
  l('Optimum Nutrition', 'Fish Oil', 'Omega-3', 'softgel', GF, 0.05, ['1000 mg'], [100, 200]),
  l('Optimum Nutrition', 'ZMA Zinc Magnesium', 'Magnesium', 'capsule', GF, 0.15, ['450 mg'], [90, 180]),
  l('Centrum', 'Adult Multivitamin', 'Multivitamin', 'tablet', GF, 0.07, [''], [100, 200, 365]),
  l('Centrum', 'Silver Adults 50+ Multivitamin', 'Multivitamin', 'tablet', [...GF, 'non-GMO'], 0.08, [''], [100, 200, 325]),
  l('Centrum', 'MultiGummies Adult', 'Multivitamin', 'gummy', GF, 0.1, [''], [70, 150], ['Assorted Fruit', 'Cherry, Berry & Orange']),
  l('Centrum', 'Women Multivitamin', 'Multivitamin', 'tablet', GF, 0.07, [''], [120, 200]),
  l('Centrum', 'Kids Multivitamin Chewables', 'Multivitamin', 'tablet', GF, 0.1, [''], [80, 160], ['Orange, Cherry & Berry']),
  l(
    'Centrum',
    'Kids Sugar-Free Multivitamin Gummies',
    'Multivitamin',
    'gummy',
    [...GF, 'sugar-free'],
    0.16,
    [''],
    [60, 120],
    ['Mixed Fruit', 'Strawberry'],
  ),
  l('SmartyPants', 'Kids Formula Daily Multivitamin Gummies', 'Multivitamin', 'gummy', CLEAN, 0.17, [''], [120, 180]),
  l(
    'SmartyPants',
    'Kids Sugar-Free Multivitamin Gummies',
    'Multivitamin',
    'gummy',
    [...CLEAN, 'sugar-free'],
    0.2,
    [''],
    [90, 120],
    ['Berry', 'Strawberry Banana'],
  ),
  l('SmartyPants', 'Adult Formula Multivitamin Gummies', 'Multivitamin', 'gummy', CLEAN, 0.17, [''], [120, 180]),
  l('SmartyPants', 'Vitamin D3 Gummies', 'Vitamin D3', 'gummy', ['gluten-free', 'non-GMO'], 0.12, ['1000 IU', '2000 IU'], [60, 120]),
  l('SmartyPants', 'Masters Daily Energy B12 Gummies', 'B12', 'gummy', ['gluten-free', 'non-GMO'], 0.15, ['1000 mcg'], [60]),
  l('SmartyPants', 'Kids Probiotic Immunity Gummies', 'Probiotic', 'gummy', CLEAN, 0.35, ['4 Billion CFU'], [60]),
  l('SmartyPants', 'Organics Kids Vegan Multivitamin Gummies', 'Multivitamin', 'gummy', V, 0.22, [''], [120]),
  l('Nordic Naturals', 'Ultimate Omega', 'Omega-3', 'softgel', CLEAN, 0.35, ['1280 mg'], [60, 120, 180], ['Lemon']),
  l('Nordic Naturals', "Children's DHA", 'Omega-3', 'liquid', CLEAN, 0.4, ['530 mg'], [48, 96], ['Strawberry']),
  l('Nordic Naturals', 'Algae Omega', 'Omega-3', 'softgel', V, 0.45, ['715 mg'], [60, 120]),
  l('Nordic Naturals', 'Kids Vitamin D3 Gummies', 'Vitamin D3', 'gummy', CLEAN, 0.2, ['400 IU'], [60]),
  l('NOW Foods', 'Magnesium Citrate', 'Magnesium', 'capsule', V, 0.12, ['400 mg'], [120, 240]),
  l('NOW Foods', 'Magnesium Glycinate', 'Magnesium', 'tablet', V, 0.11, ['200 mg'], [180]),
  l('NOW Foods', 'Vitamin D-3', 'Vitamin D3', 'softgel', ['gluten-free', 'non-GMO'], 0.04, ['2000 IU', '5000 IU'], [120, 240]),
  l('NOW Foods', 'Vitamin C-1000', 'Vitamin C', 'tablet', V, 0.08, ['1000 mg'], [100, 250]),
  l('NOW Foods', 'Iron', 'Iron', 'capsule', V, 0.05, ['18 mg', '36 mg'], [120]),
  l('NOW Foods', 'Methyl B-12', 'B12', 'tablet', [...V, 'sugar-free'], 0.1, ['1000 mcg', '5000 mcg'], [100]),
  l('NOW Foods', 'Probiotic-10', 'Probiotic', 'capsule', VEG, 0.35, ['25 Billion', '50 Billion'], [50, 100]),
  l('NOW Foods', 'Zinc Picolinate', 'Zinc', 'capsule', V, 0.06, ['50 mg'], [120, 250]),
  l('Vitafusion', 'Vitamin D3 Gummies', 'Vitamin D3', 'gummy', GF, 0.08, ['2000 IU'], [150]),
  l('Vitafusion', 'Vegan D3 Gummies', 'Vitamin D3', 'gummy', V, 0.11, ['1000 IU'], [90]),
  l('Vitafusion', 'MultiVites Gummy Multivitamins', 'Multivitamin', 'gummy', GF, 0.06, [''], [150, 250]),
  l('Vitafusion', 'Kids Sugar Free Multivitamin Gummies', 'Multivitamin', 'gummy', [...GF, 'sugar-free'], 0.12, [''], [70, 120]),
  l('Vitafusion', 'Magnesium Gummies', 'Magnesium', 'gummy', GF, 0.15, ['200 mg'], [60]),
  l('Thorne', 'Magnesium Bisglycinate', 'Magnesium', 'powder', ['gluten-free', 'dairy-free', 'sugar-free'], 1.4, ['200 mg'], [60]),
  l('Thorne', 'Magnesium CitraMate', 'Magnesium', 'capsule', ['gluten-free', 'dairy-free'], 0.2, ['135 mg'], [90]),
  l('Thorne', 'Basic Nutrients 2/Day', 'Multivitamin', 'capsule', ['gluten-free', 'dairy-free'], 0.65, [''], [60]),
  l('Thorne', 'Vitamin D-5,000', 'Vitamin D3', 'capsule', ['gluten-free', 'dairy-free'], 0.2, ['5000 IU'], [60]),
  l('Thorne', 'Iron Bisglycinate', 'Iron', 'capsule', ['gluten-free', 'dairy-free'], 0.17, ['25 mg'], [60]),
];

const FORM_LABEL: Record<Form, string> = {
  tablet: 'Tablets',
  capsule: 'Capsules',
  softgel: 'Softgels',
  gummy: 'Gummies',
  powder: 'Powder',
  liquid: 'Liquid Drops',
};
const DIET_LABEL: Record<string, string> = {
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
  'gluten-free': 'Gluten free',
  'sugar-free': 'Sugar free',
  'non-GMO': 'Non-GMO',
  'dairy-free': 'Dairy free',
};
const BENEFIT: Record<string, string> = {
  'Vitamin D3': 'healthy bones, teeth and immune function',
  Multivitamin: 'daily nutrition with essential vitamins and minerals',
  'Omega-3': 'heart, brain and eye health with EPA and DHA',
  Magnesium: 'muscle relaxation, restful sleep and nerve function',
  'Vitamin C': 'immune support and antioxidant protection',
  Iron: 'healthy red blood cells and energy',
  B12: 'energy metabolism and nervous system health',
  Probiotic: 'digestive balance and immune health',
  Zinc: 'immune function and healthy skin',
};

function create(): (rng: Rng, want: Want) => Draft {
  return (rng, want) => {
    const m = pickModel(rng, LINES, want);
    const dose = rng.pick(m.doses);
    const count = rng.pick(m.counts);
    const flavour = rng.pick(m.flavours);
    const pack2 = rng.chance(0.15);
    const dietary = Array.isArray(m.attrs.dietary) ? m.attrs.dietary : [];
    const nutrient = String(m.attrs.nutrient);
    const named = /Gumm(y|ies)|Softgels|Spray|Powder|Chewables|Capsules|Tablets/.test(m.name);
    const badges: string[] = [];
    if (dietary.includes('vegan') && !/Vegan/.test(m.name) && rng.chance(0.6)) badges.push('Vegan');
    if (dietary.includes('sugar-free') && !/Sugar/.test(m.name) && rng.chance(0.6)) badges.push('Sugar Free');
    if (dietary.includes('gluten-free') && rng.chance(0.25)) badges.push('Gluten Free');
    if (dietary.includes('non-GMO') && rng.chance(0.2)) badges.push('Non-GMO');
    const unit = m.form === 'powder' || m.form === 'liquid' ? `${count} Servings` : `${count} Count`;
    const head = named
      ? `${m.brand} ${m.name}${dose ? ` ${dose}` : ''}`
      : `${m.brand} ${m.name}${dose ? ` ${dose}` : ''} ${FORM_LABEL[m.form]}`;
    const title = [head, ...badges, flavour, pack2 ? `${unit} (Pack of 2)` : unit].filter(Boolean).join(', ');
    const price = shopPrice(rng, m.per * Math.pow(count, 0.93) * 1.2 * rng.float(0.88, 1.12) * (pack2 ? 1.85 : 1), 5.99);
    const diet = dietary.length ? ` ${dietary.map((d) => DIET_LABEL[d] ?? d).join(', ')}.` : '';
    const description =
      `Supports ${BENEFIT[nutrient] ?? 'everyday wellness'}. ${dose ? `${dose} per serving` : 'One serving a day'}; ` +
      `${unit.toLowerCase()} per ${m.form === 'powder' ? 'tub' : 'bottle'}.${diet}`;
    return {
      brand: m.brand,
      title,
      description,
      price,
      attributes: { form: m.form, count, dietary: [...dietary], nutrient },
      short: `${m.brand} ${m.name}`,
      views: ['Front of the bottle of', 'Supplement facts label of', 'A serving of', 'Back label of'],
    };
  };
}

function modelOf(title: string): string | undefined {
  return longestModelIn(title.replace(/,.*$/, ' '), LINES);
}

export const vitamins: CategoryGen = {
  id: 'vitamins',
  create,
  modelOf,
  titleQuery(p) {
    return (modelOf(p.title) ?? p.title).replace(/[.,'()]/g, '').toLowerCase();
  },
};
