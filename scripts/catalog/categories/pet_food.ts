import type { DefaultAttributes } from '../../../lib/catalog/default-attributes';
import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { choose, longestModelIn, maybeSale, type Model, pickModel, shopPrice } from '../util';

type Stage = DefaultAttributes['pet_food']['lifeStage'];

interface Line extends Model {
  stages: readonly Stage[];
  flavours: readonly string[];
  /** Dry: bag sizes in lb. Wet: [cans, ounces per can]. */
  sizes: readonly (number | readonly [number, number])[];
  perLb: number;
}

function line(
  brand: string,
  name: string,
  species: 'dog' | 'cat',
  form: 'dry' | 'wet',
  grainFree: boolean,
  stages: readonly Stage[],
  flavours: readonly string[],
  sizes: Line['sizes'],
  perLb: number,
): Line {
  const lbs = sizes.map((s) => (typeof s === 'number' ? s : (s[0] * s[1]) / 16));
  const mid = lbs[Math.floor(lbs.length / 2)] ?? 10;
  return { brand, name, stages, flavours, sizes, perLb, base: perLb * mid, attrs: { species, form, grainFree } };
}

const D: readonly Stage[] = ['puppy', 'adult', 'senior'];
const K: readonly Stage[] = ['kitten', 'adult', 'senior'];

const LINES: readonly Line[] = [
  line('Purina', 'Pro Plan Complete Essentials', 'dog', 'dry', false, D, ['chicken', 'salmon', 'lamb', 'beef'], [6, 18, 30, 35, 47], 2.2),
  line(
    'Purina',
    'Pro Plan Sensitive Skin & Stomach',
    'dog',
    'dry',
    false,
    ['adult', 'puppy'],
    ['salmon', 'lamb', 'turkey'],
    [4, 16, 24, 30],
    2.6,
  ),
  line('Purina', 'ONE +Plus', 'dog', 'dry', false, D, ['chicken', 'lamb', 'beef', 'turkey'], [8, 16.5, 31.1, 40], 1.5),
  line('Purina', 'Dog Chow Complete', 'dog', 'dry', false, D, ['chicken', 'beef'], [18.5, 30, 44, 50], 0.85),
  line('Purina', 'Beneful Originals', 'dog', 'dry', false, ['adult', 'puppy'], ['chicken', 'beef'], [14, 28, 40], 1.2),
  line('Purina', 'Pro Plan Classic', 'dog', 'wet', false, D, ['chicken', 'beef', 'turkey'], [[12, 13]], 3.0),
  line("Hill's", 'Science Diet', 'dog', 'dry', false, D, ['chicken', 'lamb'], [4.5, 15, 30, 35], 2.8),
  line("Hill's", 'Science Diet Perfect Weight', 'dog', 'dry', false, ['adult'], ['chicken'], [4, 15, 28.5], 3.0),
  line("Hill's", 'Science Diet Savory Stew', 'dog', 'wet', false, D, ['chicken', 'beef'], [[12, 12.8]], 4.0),
  line('Blue Buffalo', 'Life Protection Formula', 'dog', 'dry', false, D, ['chicken', 'lamb', 'whitefish'], [6, 15, 30, 34], 2.0),
  line('Blue Buffalo', 'Wilderness', 'dog', 'dry', true, D, ['chicken', 'salmon', 'duck', 'bison'], [4.5, 11, 24, 28], 2.7),
  line('Blue Buffalo', 'Freedom', 'dog', 'dry', true, ['puppy', 'adult'], ['chicken', 'beef', 'lamb'], [4, 11, 24], 2.6),
  line(
    'Blue Buffalo',
    'Basics Limited Ingredient',
    'dog',
    'dry',
    false,
    ['adult', 'senior'],
    ['turkey', 'lamb', 'salmon'],
    [4, 11, 22, 24],
    2.7,
  ),
  line('Blue Buffalo', 'Homestyle Recipe', 'dog', 'wet', false, D, ['chicken', 'beef', 'lamb'], [[12, 12.5]], 3.3),
  line('Blue Buffalo', 'Wilderness Wild Cuts', 'dog', 'wet', true, ['adult'], ['chicken', 'salmon', 'duck'], [[12, 12.5]], 3.6),
  line('Royal Canin', 'Size Health Nutrition Large', 'dog', 'dry', false, ['puppy', 'adult'], ['chicken'], [6, 17, 30, 35], 3.2),
  line('Royal Canin', 'Size Health Nutrition Small', 'dog', 'dry', false, D, ['chicken'], [2.5, 6, 13, 14], 4.0),
  line('Royal Canin', 'Breed Health Nutrition Labrador Retriever', 'dog', 'dry', false, ['puppy', 'adult'], ['chicken'], [6, 17, 30], 3.4),
  line('Orijen', 'Original', 'dog', 'dry', true, D, ['chicken'], [4, 13, 23.5, 25], 4.4),
  line('Orijen', 'Six Fish', 'dog', 'dry', true, ['all'], ['whitefish'], [4, 13, 23.5], 4.6),
  line('Orijen', 'Regional Red', 'dog', 'dry', true, ['all'], ['beef'], [4, 13, 23.5], 4.6),
  line('Orijen', 'Amazing Grains', 'dog', 'dry', false, ['puppy', 'adult'], ['chicken'], [4, 12, 22.5], 3.9),
  line('Wellness', 'CORE Grain-Free', 'dog', 'dry', true, D, ['turkey', 'chicken', 'salmon'], [4, 12, 22, 24, 26], 2.9),
  line('Wellness', 'Complete Health', 'dog', 'dry', false, D, ['chicken', 'lamb', 'whitefish'], [5, 15, 30], 2.4),
  line('Wellness', 'CORE Hearty Cuts', 'dog', 'wet', true, ['adult'], ['chicken', 'turkey'], [[12, 12.5]], 4.2),
  line('Purina', 'Cat Chow Complete', 'cat', 'dry', false, ['kitten', 'adult'], ['chicken'], [3.15, 15, 20], 1.3),
  line('Purina', 'Pro Plan Indoor', 'cat', 'dry', false, ['adult', 'senior'], ['chicken', 'salmon', 'turkey'], [3.5, 7, 16], 2.6),
  line('Purina', 'ONE Indoor Advantage', 'cat', 'dry', false, ['adult', 'senior'], ['turkey', 'chicken'], [3.5, 7, 16], 1.9),
  line(
    'Purina',
    'Fancy Feast Classic',
    'cat',
    'wet',
    false,
    K,
    ['chicken', 'tuna', 'salmon', 'turkey', 'beef'],
    [
      [12, 3],
      [24, 3],
      [30, 3],
    ],
    4.5,
  ),
  line('Purina', 'Pro Plan Savor', 'cat', 'wet', false, K, ['chicken', 'salmon'], [[24, 3]], 5.5),
  line("Hill's", 'Science Diet Indoor', 'cat', 'dry', false, K, ['chicken'], [3.5, 7, 15.5], 3.4),
  line(
    "Hill's",
    'Science Diet Tender Dinners',
    'cat',
    'wet',
    false,
    K,
    ['chicken', 'tuna', 'salmon'],
    [
      [12, 2.9],
      [24, 2.9],
      [24, 5.5],
    ],
    7.0,
  ),
  line('Blue Buffalo', 'Indoor Health', 'cat', 'dry', false, K, ['chicken', 'salmon'], [3, 7, 15], 2.6),
  line('Blue Buffalo', 'Wilderness Indoor', 'cat', 'dry', true, K, ['chicken', 'duck', 'salmon'], [2, 5, 11], 3.4),
  line(
    'Blue Buffalo',
    'Tastefuls',
    'cat',
    'wet',
    false,
    K,
    ['chicken', 'salmon', 'tuna', 'turkey'],
    [
      [12, 3],
      [24, 3],
      [24, 5.5],
    ],
    5.0,
  ),
  line('Royal Canin', 'Feline Health Nutrition Indoor', 'cat', 'dry', false, K, ['chicken'], [3, 7, 15], 4.2),
  line(
    'Royal Canin',
    'Feline Health Nutrition Thin Slices in Gravy',
    'cat',
    'wet',
    false,
    K,
    ['chicken'],
    [
      [12, 3],
      [24, 3],
    ],
    8.5,
  ),
  line('Orijen', 'Cat & Kitten', 'cat', 'dry', true, ['all'], ['chicken'], [4, 12], 5.0),
  line('Orijen', 'Six Fish Cat', 'cat', 'dry', true, ['all'], ['whitefish'], [4, 12], 5.2),
  line('Wellness', 'CORE Grain-Free Indoor', 'cat', 'dry', true, K, ['chicken', 'turkey', 'salmon'], [2, 5, 11], 3.8),
  line(
    'Wellness',
    'Complete Health Pate',
    'cat',
    'wet',
    false,
    K,
    ['chicken', 'salmon', 'turkey'],
    [
      [12, 3],
      [24, 3],
      [12, 5.5],
    ],
    6.0,
  ),
];

const STAGE_LABEL: Record<Stage, string> = { puppy: 'Puppy', kitten: 'Kitten', adult: 'Adult', senior: 'Senior', all: 'All Life Stages' };
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function create(): (rng: Rng, want: Want) => Draft {
  return (rng, want) => {
    const m = pickModel(rng, LINES, want);
    const species = String(m.attrs.species);
    const form = String(m.attrs.form);
    const grainFree = m.attrs.grainFree === true;
    const lifeStage = choose(rng, want, 'lifeStage', m.stages);
    const flavour = choose(rng, want, 'flavour', m.flavours);
    const size = rng.pick(m.sizes);
    const bagSizeLb = typeof size === 'number' ? size : Math.round(((size[0] * size[1]) / 16) * 100) / 100;
    const sizeLabel = typeof size === 'number' ? `${size} lb Bag` : `${size[0]} x ${size[1]} oz Cans`;
    const stage = lifeStage === 'senior' ? (species === 'dog' ? 'Senior 7+' : 'Senior 11+') : STAGE_LABEL[lifeStage];
    const texture = form === 'wet' && !/Pate|Gravy|Stew|Cuts/.test(m.name) ? rng.pick([' Pate', ' in Gravy', ' Stew', ' Minced']) : '';
    const side =
      form === 'wet'
        ? ''
        : grainFree
          ? rng.pick([' & Sweet Potato', ' & Pea', ''])
          : rng.pick([' & Brown Rice', ' & Rice', ' & Barley', '']);
    const gf = grainFree && !m.name.includes('Grain-Free') ? 'Grain-Free ' : '';
    const title = `${m.brand} ${m.name} ${stage} ${cap(flavour)}${side}${texture}${m.name.includes('Recipe') ? '' : ' Recipe'} ${gf}${cap(form)} ${cap(species)} Food, ${sizeLabel}`;
    const price = shopPrice(rng, maybeSale(rng, m.perLb * bagSizeLb * Math.pow(bagSizeLb, -0.08) * 1.2, 0.2), 7.99);
    const who: Record<Stage, string> = {
      puppy: 'puppies',
      kitten: 'kittens',
      adult: `adult ${species}s`,
      senior: `senior ${species}s`,
      all: `${species}s of all ages`,
    };
    const description =
      `${form === 'dry' ? 'Complete and balanced dry food' : 'Complete and balanced wet food'} for ${who[lifeStage]}, with real ${flavour} as the first ingredient. ` +
      `${grainFree ? 'Grain-free, with no corn, wheat or soy.' : 'Made with wholesome grains for fibre and energy.'} ${sizeLabel.replace('Bag', 'bag').replace('Cans', 'cans')}.`;
    return {
      brand: m.brand,
      title,
      description,
      price,
      attributes: { species, lifeStage, grainFree, flavour, bagSizeLb, form },
      short: `${m.brand} ${m.name} ${cap(species)} Food`,
      views:
        form === 'dry'
          ? ['Front of the bag of', 'Back of the bag of', 'Close-up of the kibble in', 'Feeding guide for']
          : ['Front of the pack of', 'A single can of', 'Close-up of the food in', 'Feeding guide for'],
    };
  };
}

function modelOf(title: string): string | undefined {
  return longestModelIn(title, LINES);
}

export const petFood: CategoryGen = {
  id: 'pet_food',
  create,
  modelOf,
  titleQuery(p, variant) {
    const model = (modelOf(p.title) ?? p.title).replace(/[+'&]/g, '').replace(/\s+/g, ' ').toLowerCase();
    const species = String(p.attributes.species);
    const stage = String(p.attributes.lifeStage);
    return variant % 2 === 1 && stage !== 'all' && stage !== 'adult' ? `${model} ${stage}` : `${model} ${species} food`;
  },
};
