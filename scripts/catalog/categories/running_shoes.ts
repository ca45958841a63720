import type { DefaultAttributes } from '../../../lib/catalog/default-attributes';
import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { choose, longestModelIn, maybeSale, type Model, pickModel, shopPrice } from '../util';

type Gender = DefaultAttributes['running_shoes']['gender'];
type Width = DefaultAttributes['running_shoes']['width'];

interface Shoe extends Model {
  genders: readonly Gender[];
  widths: readonly Width[];
  blurb: string;
}

const ROAD_W: readonly Width[] = ['standard', 'standard', 'wide'];
const ALL_W: readonly Width[] = ['standard', 'standard', 'wide', 'narrow'];
const MW: readonly Gender[] = ['men', 'women'];

function s(
  brand: string,
  name: string,
  base: number,
  terrain: 'road' | 'trail' | 'track',
  dropMm: number,
  cushioning: 'minimal' | 'moderate' | 'max',
  blurb: string,
  widths: readonly Width[] = ROAD_W,
  genders: readonly Gender[] = MW,
): Shoe {
  return { brand, name, base, genders, widths, blurb, attrs: { terrain, dropMm, cushioning } };
}

const DAILY = 'A versatile daily trainer with a smooth ride for easy miles and long runs';
const PLUSH = 'A plush, max-cushioned shoe that protects your legs on long runs and recovery days';
const STABLE = 'A supportive stability shoe that guides the foot without feeling stiff';
const FAST = 'A lightweight, responsive shoe for tempo runs and race day';
const TRAIL = 'A grippy trail shoe with an aggressive lugged outsole for mud and rocky climbs';
const TRAIL_MAX = 'A cushioned trail shoe for long days on technical terrain';
const SPIKE = 'A lightweight track spike with a rigid plate for sprints and middle distance';

const SHOES: readonly Shoe[] = [
  s('Nike', 'Pegasus 41', 139.99, 'road', 10, 'moderate', DAILY, ALL_W),
  s('Nike', 'Vomero 18', 149.99, 'road', 10, 'max', PLUSH),
  s('Nike', 'Invincible 3', 179.99, 'road', 9, 'max', PLUSH),
  s('Nike', 'Structure 25', 139.99, 'road', 10, 'moderate', STABLE, ALL_W),
  s('Nike', 'Vaporfly 3', 259.99, 'road', 8, 'max', FAST, ['standard']),
  s('Nike', 'Free RN Next Nature', 99.99, 'road', 8, 'minimal', 'A flexible, barefoot-feel shoe for short runs and strength work', [
    'standard',
  ]),
  s('Nike', 'Pegasus Trail 5', 149.99, 'trail', 10, 'moderate', TRAIL),
  s('Nike', 'Zegama 2', 179.99, 'trail', 4, 'max', TRAIL_MAX, ['standard']),
  s('Nike', 'Zoom Rival Sprint', 74.99, 'track', 0, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Nike', 'Zoom Rival Multi', 79.99, 'track', 2, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Brooks', 'Ghost 16', 139.95, 'road', 12, 'moderate', DAILY, ALL_W),
  s('Brooks', 'Glycerin 21', 159.95, 'road', 10, 'max', PLUSH, ALL_W),
  s('Brooks', 'Adrenaline GTS 24', 139.95, 'road', 12, 'moderate', STABLE, ALL_W),
  s('Brooks', 'Launch 10', 109.95, 'road', 10, 'moderate', FAST),
  s('Brooks', 'Hyperion Elite 4', 249.95, 'road', 8, 'max', FAST, ['standard']),
  s('Brooks', 'Cascadia 18', 139.95, 'trail', 6, 'moderate', TRAIL, ALL_W),
  s('Brooks', 'Caldera 7', 149.95, 'trail', 6, 'max', TRAIL_MAX),
  s('Brooks', 'QW-K v5', 89.95, 'track', 0, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Asics', 'Gel-Kayano 31', 159.95, 'road', 10, 'max', STABLE, ALL_W),
  s('Asics', 'Gel-Nimbus 26', 159.95, 'road', 8, 'max', PLUSH, ALL_W),
  s('Asics', 'Novablast 4', 139.95, 'road', 8, 'max', DAILY),
  s('Asics', 'Gel-Cumulus 26', 139.95, 'road', 8, 'moderate', DAILY, ALL_W),
  s('Asics', 'GT-2000 13', 139.95, 'road', 8, 'moderate', STABLE, ALL_W),
  s('Asics', 'Metaspeed Sky Paris', 249.95, 'road', 5, 'max', FAST, ['standard'], ['unisex']),
  s('Asics', 'Gel-Trabuco 12', 149.95, 'trail', 8, 'max', TRAIL_MAX),
  s('Asics', 'Fuji Lite 4', 119.95, 'trail', 4, 'moderate', TRAIL, ['standard']),
  s('Asics', 'Gel-Venture 9', 64.95, 'trail', 10, 'moderate', 'An affordable trail shoe for park paths and light trails', ROAD_W),
  s('Asics', 'Hyper MD 8', 69.95, 'track', 2, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Asics', 'Hyper Sprint 8', 74.95, 'track', 0, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Hoka', 'Clifton 9', 144.99, 'road', 5, 'max', DAILY, ALL_W),
  s('Hoka', 'Bondi 8', 164.99, 'road', 4, 'max', PLUSH, ALL_W),
  s('Hoka', 'Mach 6', 139.99, 'road', 5, 'moderate', FAST, ROAD_W),
  s('Hoka', 'Arahi 7', 144.99, 'road', 5, 'moderate', STABLE, ROAD_W),
  s('Hoka', 'Rincon 4', 124.99, 'road', 5, 'moderate', FAST, ROAD_W),
  s('Hoka', 'Speedgoat 6', 154.99, 'trail', 4, 'max', TRAIL_MAX, ROAD_W),
  s('Hoka', 'Challenger 7', 144.99, 'trail', 5, 'max', 'A road-to-trail shoe that is as happy on gravel as on pavement', ROAD_W),
  s('Hoka', 'Mafate Speed 4', 174.99, 'trail', 4, 'max', TRAIL_MAX, ['standard']),
  s('Hoka', 'Crescendo MD', 74.99, 'track', 2, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('New Balance', 'Fresh Foam X 1080v14', 164.99, 'road', 6, 'max', PLUSH, ALL_W),
  s('New Balance', 'Fresh Foam X 880v14', 139.99, 'road', 10, 'moderate', DAILY, ALL_W),
  s('New Balance', 'Fresh Foam X 860v14', 139.99, 'road', 10, 'moderate', STABLE, ALL_W),
  s('New Balance', 'FuelCell Rebel v4', 139.99, 'road', 6, 'moderate', FAST),
  s('New Balance', 'Fresh Foam X More v5', 149.99, 'road', 4, 'max', PLUSH, ROAD_W),
  s(
    'New Balance',
    'Fresh Foam Arishi v4',
    74.99,
    'road',
    10,
    'moderate',
    'An affordable, comfortable shoe for everyday runs and walks',
    ALL_W,
  ),
  s('New Balance', 'Fresh Foam X Hierro v8', 149.99, 'trail', 4, 'max', TRAIL_MAX, ALL_W),
  s('New Balance', 'Dynasoft Nitrel v6', 84.99, 'trail', 8, 'moderate', 'An affordable trail shoe for park paths and light trails', ALL_W),
  s('New Balance', 'Minimus Trail', 119.99, 'trail', 4, 'minimal', 'A minimal, close-to-the-ground trail shoe for natural running', [
    'standard',
  ]),
  s('New Balance', 'FuelCell MD-X v3', 89.99, 'track', 2, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Saucony', 'Ride 17', 139.95, 'road', 8, 'moderate', DAILY, ALL_W),
  s('Saucony', 'Triumph 22', 159.95, 'road', 10, 'max', PLUSH, ROAD_W),
  s('Saucony', 'Kinvara 15', 119.95, 'road', 4, 'moderate', FAST, ['standard']),
  s('Saucony', 'Endorphin Speed 4', 169.95, 'road', 8, 'moderate', FAST, ['standard']),
  s('Saucony', 'Guide 17', 139.95, 'road', 6, 'moderate', STABLE, ALL_W),
  s('Saucony', 'Peregrine 14', 139.95, 'trail', 4, 'moderate', TRAIL, ROAD_W),
  s('Saucony', 'Xodus Ultra 3', 169.95, 'trail', 6, 'max', TRAIL_MAX, ['standard']),
  s('Saucony', 'Showdown 5', 89.95, 'track', 2, 'minimal', SPIKE, ['standard'], ['unisex']),
  s('Salomon', 'Speedcross 6', 139.95, 'trail', 10, 'moderate', TRAIL, ROAD_W),
  s('Salomon', 'Sense Ride 5', 139.95, 'trail', 8, 'moderate', TRAIL, ['standard']),
  s('Salomon', 'Ultra Glide 2', 159.95, 'trail', 6, 'max', TRAIL_MAX, ['standard']),
  s('Salomon', 'Genesis', 159.95, 'trail', 8, 'moderate', TRAIL, ['standard']),
  s('Salomon', 'XA Pro 3D v9', 134.95, 'trail', 11, 'moderate', 'A stable, protective trail shoe for hiking and rough trails', ROAD_W),
  s('Salomon', 'Thundercross', 139.95, 'trail', 8, 'moderate', TRAIL, ['standard']),
  s('Salomon', 'Aero Glide 2', 159.95, 'road', 10, 'max', PLUSH, ['standard']),
];

const COLOURS = [
  'Black/White',
  'Triple Black',
  'White/Silver',
  'Blue Coral/Orange',
  'Grey/Lime',
  'Navy/Red',
  'Pink/Peach',
  'Volt/Black',
  'Olive/Sand',
  'Sky Blue/Yellow',
  'Mauve/Lavender',
  'Ebony/Citrus',
  'Royal Blue',
  'Cream/Sea Salt',
  'Red Orange',
];
const GENDER_LABEL: Record<Gender, string> = { men: "Men's", women: "Women's", unisex: 'Unisex' };
const TERRAIN_LABEL: Record<string, string> = { road: 'Road Running Shoe', trail: 'Trail Running Shoe', track: 'Track Spike' };

function create(): (rng: Rng, want: Want) => Draft {
  return (rng, want) => {
    const m = pickModel(rng, SHOES, want);
    const gender = choose(rng, want, 'gender', m.genders);
    const width = choose(rng, want, 'width', m.widths);
    const colour = rng.pick(COLOURS);
    const terrain = String(m.attrs.terrain);
    const price = shopPrice(rng, maybeSale(rng, m.base * (width === 'standard' ? 1 : 1.03), 0.4), 39.99);
    const widthPart = width === 'wide' ? ', Wide' : width === 'narrow' ? ', Narrow' : '';
    const title = `${m.brand} ${m.name} ${GENDER_LABEL[gender]} ${TERRAIN_LABEL[terrain] ?? 'Running Shoe'}${widthPart}, ${colour}`;
    const cushioning = String(m.attrs.cushioning);
    const description =
      `${m.blurb}. ${cushioning === 'max' ? 'Maximum' : cushioning === 'minimal' ? 'Minimal' : 'Moderate'} cushioning with a ` +
      `${String(m.attrs.dropMm)} mm heel-to-toe drop; ${width === 'standard' ? 'standard (medium) width' : `${width} width`}.`;
    return {
      brand: m.brand,
      title,
      description,
      price,
      attributes: { terrain, dropMm: m.attrs.dropMm ?? 0, width, gender, cushioning },
      short: `${m.brand} ${m.name} ${GENDER_LABEL[gender]}`,
      views: ['Side view of', 'Top view of', 'Outsole of', 'Heel of'],
    };
  };
}

function modelOf(title: string): string | undefined {
  return longestModelIn(title, SHOES);
}

export const runningShoes: CategoryGen = {
  id: 'running_shoes',
  create,
  modelOf,
  titleQuery(p, variant) {
    const model = (modelOf(p.title) ?? p.title).toLowerCase();
    const g = p.attributes.gender;
    if (variant % 2 === 1 && (g === 'men' || g === 'women')) return `${model} ${g === 'men' ? 'mens' : 'womens'}`;
    return model;
  },
};
