import type { DefaultAttributes } from '../../../lib/catalog/default-attributes';
import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { longestModelIn, maybeSale, type Model, pickModel, shopPrice } from '../util';

type Kind = DefaultAttributes['headphones']['type'];

interface Phones extends Model {
  label: string;
  colours: readonly string[];
}

const C = ['Black', 'Silver', 'Midnight Blue', 'White'];

function h(
  brand: string,
  name: string,
  base: number,
  type: Kind,
  wireless: boolean,
  noiseCancelling: boolean,
  batteryHours: number,
  microphone: boolean,
  label?: string,
  colours: readonly string[] = C,
): Phones {
  const kind =
    type === 'earbuds' ? 'Earbuds' : type === 'in-ear' ? 'In-Ear Headphones' : `${type === 'over-ear' ? 'Over-Ear' : 'On-Ear'} Headphones`;
  const lead = name.includes('Wireless') ? '' : type === 'earbuds' && wireless ? 'True Wireless ' : wireless ? 'Wireless ' : 'Wired ';
  // A name that already says "Earbuds" gets ", True Wireless Noise Cancelling" rather than the kind twice.
  const auto = /Earbuds$/.test(name)
    ? `, ${lead}${noiseCancelling ? 'Noise Cancelling' : ''}`.replace(/ $/, '')
    : ` ${lead}${noiseCancelling ? 'Noise Cancelling ' : ''}${kind}${microphone && !wireless ? ' with Mic' : ''}`;
  return {
    brand,
    name,
    base,
    colours,
    label: label === undefined ? auto : ` ${label}`,
    attrs: { type, wireless, noiseCancelling, batteryHours: wireless ? batteryHours : 0, microphone },
  };
}

const PHONES: readonly Phones[] = [
  h('Sony', 'WH-1000XM5', 399.99, 'over-ear', true, true, 30, true, undefined, ['Black', 'Silver', 'Midnight Blue', 'Smoky Pink']),
  h('Sony', 'WH-1000XM4', 349.99, 'over-ear', true, true, 30, true),
  h('Sony', 'WH-CH720N', 149.99, 'over-ear', true, true, 35, true),
  h('Sony', 'WH-CH520', 59.99, 'on-ear', true, false, 50, true, undefined, ['Black', 'White', 'Blue', 'Beige']),
  h('Sony', 'ULT Wear', 199.99, 'over-ear', true, true, 30, true, 'Wireless Noise Cancelling Over-Ear Headphones with Extra Bass', [
    'Black',
    'Off White',
    'Forest Gray',
  ]),
  h('Sony', 'WF-1000XM5', 299.99, 'earbuds', true, true, 8, true, undefined, ['Black', 'Silver']),
  h('Sony', 'WF-C700N', 119.99, 'earbuds', true, true, 7.5, true, undefined, ['Black', 'White', 'Lavender', 'Sage Green']),
  h('Sony', 'WF-C510', 59.99, 'earbuds', true, false, 11, true),
  h('Sony', 'LinkBuds S', 199.99, 'earbuds', true, true, 6, true),
  h('Sony', 'MDR-7506', 99.99, 'over-ear', false, false, 0, false, 'Professional Wired Studio Monitor Headphones', ['Black']),
  h('Sony', 'MDR-EX15AP', 14.99, 'in-ear', false, false, 0, true, undefined, ['Black', 'White', 'Blue', 'Pink']),
  h(
    'Bose',
    'QuietComfort Ultra',
    429,
    'over-ear',
    true,
    true,
    24,
    true,
    'Wireless Noise Cancelling Over-Ear Headphones with Spatial Audio',
    ['Black', 'White Smoke', 'Sandstone', 'Lunar Blue'],
  ),
  h('Bose', 'QuietComfort', 349, 'over-ear', true, true, 24, true, undefined, ['Black', 'White Smoke', 'Cypress Green']),
  h('Bose', 'QuietComfort Ultra Earbuds', 299, 'earbuds', true, true, 6, true, undefined, ['Black', 'White Smoke', 'Moonstone Blue']),
  h('Bose', 'QuietComfort Earbuds', 179, 'earbuds', true, true, 8.5, true, undefined, ['Black', 'White Smoke', 'Twilight Blue']),
  h('Bose', 'Ultra Open Earbuds', 299, 'earbuds', true, false, 7.5, true, 'Open-Ear Wireless Earbuds', ['Black', 'White Smoke']),
  h('Sennheiser', 'Momentum 4 Wireless', 379.95, 'over-ear', true, true, 60, true, undefined, ['Black', 'White', 'Graphite', 'Denim']),
  h('Sennheiser', 'Accentum Plus Wireless', 229.95, 'over-ear', true, true, 50, true, undefined, ['Black', 'White']),
  h('Sennheiser', 'Accentum Wireless', 179.95, 'over-ear', true, true, 50, true, undefined, ['Black', 'White']),
  h('Sennheiser', 'HD 450BT', 149.95, 'over-ear', true, true, 30, true, undefined, ['Black', 'White']),
  h('Sennheiser', 'HD 599', 199.95, 'over-ear', false, false, 0, false, 'Open-Back Wired Over-Ear Headphones for Home Listening', [
    'Ivory',
    'Black',
  ]),
  h('Sennheiser', 'HD 560S', 199.95, 'over-ear', false, false, 0, false, 'Open-Back Reference Wired Over-Ear Headphones', ['Black']),
  h('Sennheiser', 'HD 280 Pro', 99.95, 'over-ear', false, false, 0, false, 'Closed-Back Wired Studio Monitor Headphones', ['Black']),
  h('Sennheiser', 'HD 660S2', 549.95, 'over-ear', false, false, 0, false, 'Open-Back Audiophile Wired Over-Ear Headphones', ['Black']),
  h('Sennheiser', 'IE 200', 149.95, 'in-ear', false, false, 0, false, 'Wired In-Ear Audiophile Monitors', ['Black']),
  h('Sennheiser', 'Momentum True Wireless 4', 299.95, 'earbuds', true, true, 7.5, true, undefined, [
    'Black Graphite',
    'Metallic Silver',
    'Black Copper',
  ]),
  h('Sennheiser', 'CX Plus True Wireless', 179.95, 'earbuds', true, true, 8, true, undefined, ['Black', 'White']),
  h('Audio-Technica', 'ATH-M50x', 149, 'over-ear', false, false, 0, false, 'Professional Wired Studio Monitor Headphones', [
    'Black',
    'White',
    'Navy',
  ]),
  h('Audio-Technica', 'ATH-M40x', 99, 'over-ear', false, false, 0, false, 'Professional Wired Studio Monitor Headphones', ['Black']),
  h('Audio-Technica', 'ATH-M20x', 49, 'over-ear', false, false, 0, false, 'Wired Studio Monitor Headphones', ['Black']),
  h('Audio-Technica', 'ATH-R70x', 349, 'over-ear', false, false, 0, false, 'Open-Back Reference Wired Over-Ear Headphones', ['Black']),
  h('Audio-Technica', 'ATH-M50xBT2', 199, 'over-ear', true, false, 50, true, 'Wireless Over-Ear Studio Headphones', ['Black', 'Navy']),
  h('Audio-Technica', 'ATH-S220BT', 59, 'on-ear', true, false, 60, true, undefined, ['Black', 'Navy', 'White']),
  h('Audio-Technica', 'ATH-CKS50TW', 149, 'earbuds', true, true, 20, true, undefined, ['Black', 'Beige']),
  h('Audio-Technica', 'ATH-SQ1TW', 59, 'earbuds', true, false, 6.5, true, undefined, ['Black', 'White', 'Poppy Orange']),
  h('Audio-Technica', 'ATH-E40', 99, 'in-ear', false, false, 0, false, 'Professional Wired In-Ear Monitor Headphones', ['Black']),
  h('JBL', 'Tune 520BT', 49.95, 'on-ear', true, false, 57, true, undefined, ['Black', 'Blue', 'White', 'Purple']),
  h('JBL', 'Tune 720BT', 79.95, 'over-ear', true, false, 76, true, undefined, ['Black', 'Blue', 'White']),
  h('JBL', 'Tune 770NC', 129.95, 'over-ear', true, true, 44, true, undefined, ['Black', 'Blue', 'White', 'Purple']),
  h('JBL', 'Live 770NC', 199.95, 'over-ear', true, true, 50, true, undefined, ['Black', 'Blue', 'Sandstone', 'White']),
  h('JBL', 'Live 670NC', 149.95, 'on-ear', true, true, 50, true, undefined, ['Black', 'Blue', 'Sandstone', 'White']),
  h('JBL', 'Tour One M2', 299.95, 'over-ear', true, true, 30, true, undefined, ['Black', 'Champagne']),
  h('JBL', 'Quantum 910', 299.95, 'over-ear', true, true, 39, true, 'Wireless Noise Cancelling Over-Ear Gaming Headset', ['Black']),
  h('JBL', 'Tune Flex', 99.95, 'earbuds', true, true, 8, true, undefined, ['Black', 'White', 'Blue', 'Ghost Black']),
  h('JBL', 'Vibe Beam', 49.95, 'earbuds', true, false, 8, true, undefined, ['Black', 'Beige', 'Blue', 'Mint']),
  h('JBL', 'Endurance Peak 3', 99.95, 'earbuds', true, false, 10, true, 'True Wireless Sport Earbuds', ['Black', 'Blue', 'White']),
  h('JBL', 'Tune 110', 19.95, 'in-ear', false, false, 0, true, undefined, ['Black', 'White']),
  h('Beats', 'Studio Pro', 349.99, 'over-ear', true, true, 24, true, undefined, ['Black', 'Navy', 'Sandstone', 'Deep Brown']),
  h('Beats', 'Solo 4', 199.99, 'on-ear', true, false, 50, true, undefined, ['Matte Black', 'Cloud Pink', 'Slate Blue']),
  h('Beats', 'Studio Buds +', 169.99, 'earbuds', true, true, 9, true, undefined, ['Black/Gold', 'Ivory', 'Transparent']),
  h('Beats', 'Fit Pro', 199.99, 'earbuds', true, true, 6, true, undefined, ['Black', 'White', 'Stone Purple', 'Sage Gray']),
  h('Beats', 'Powerbeats Pro 2', 249.99, 'earbuds', true, true, 10, true, 'Wireless Noise Cancelling Sport Earbuds', [
    'Jet Black',
    'Quick Sand',
    'Hyper Purple',
  ]),
  h('Beats', 'Solo Buds', 79.99, 'earbuds', true, false, 18, true, undefined, [
    'Matte Black',
    'Storm Gray',
    'Arctic Purple',
    'Transparent Red',
  ]),
  h('Beats', 'Flex', 69.99, 'in-ear', true, false, 12, true, 'Wireless In-Ear Neckband Earphones', [
    'Beats Black',
    'Yuzu Yellow',
    'Smoke Gray',
    'Flame Blue',
  ]),
  h('Anker Soundcore', 'Life Q30', 79.99, 'over-ear', true, true, 40, true, 'Hybrid Active Noise Cancelling Wireless Over-Ear Headphones', [
    'Black',
    'Blue',
    'Pink',
  ]),
  h('Anker Soundcore', 'Space One', 99.99, 'over-ear', true, true, 40, true, undefined, ['Jet Black', 'Cream', 'Sky Blue']),
  h('Anker Soundcore', 'Space Q45', 149.99, 'over-ear', true, true, 50, true, undefined, ['Black', 'White', 'Blue']),
  h('Anker Soundcore', 'Q20i', 59.99, 'over-ear', true, true, 40, true, undefined, ['Black', 'Blue', 'White']),
  h('Anker Soundcore', 'Life Q10', 39.99, 'on-ear', true, false, 60, true, undefined, ['Black', 'Blue', 'Red']),
  h('Anker Soundcore', 'Liberty 4 NC', 99.99, 'earbuds', true, true, 10, true, undefined, ['Black', 'White', 'Navy', 'Light Blue']),
  h('Anker Soundcore', 'Life P3', 79.99, 'earbuds', true, true, 7, true, undefined, ['Black', 'Sky Blue', 'Coral']),
  h('Anker Soundcore', 'Sport X10', 79.99, 'earbuds', true, false, 8, true, 'True Wireless Sport Earbuds with Rotating Ear Hooks', [
    'Black',
    'White',
  ]),
  h('Anker Soundcore', 'P20i', 24.99, 'earbuds', true, false, 10, true, undefined, ['Black', 'White', 'Blue', 'Lilac']),
];

function create(): (rng: Rng, want: Want) => Draft {
  return (rng, want) => {
    const m = pickModel(rng, PHONES, want);
    const colour = rng.pick(m.colours);
    const variant = rng.weighted<'new' | 'renewed' | 'bundle'>([
      ['new', 70],
      ['renewed', 15],
      ['bundle', 15],
    ]);
    const list = m.base * (variant === 'renewed' ? 0.72 : variant === 'bundle' ? 1.08 : 1);
    const price = shopPrice(rng, maybeSale(rng, list, 0.45), 14.99);
    const suffix = variant === 'renewed' ? ' (Renewed)' : variant === 'bundle' ? ' with Hard Carrying Case Bundle' : '';
    const title = `${m.brand} ${m.name}${m.label}, ${colour}${suffix}`;
    const a = m.attrs;
    const what = m.label.startsWith(',') ? `${m.label.slice(2)} earbuds` : m.label.trim();
    const power =
      a.wireless === true ? `up to ${String(a.batteryHours)} hours of battery life` : 'a plug-in cable, so there is no battery to charge';
    const mic = a.microphone === true ? ' and a built-in microphone for calls' : '';
    const description =
      `${m.brand} ${m.name}: ${what.toLowerCase()}${/ with /.test(what) ? ', and' : ' with'} ${power}${mic}.` +
      `${a.noiseCancelling === true ? ' Active noise cancelling blocks out commutes and open offices.' : ''}` +
      `${variant === 'renewed' ? ' Professionally inspected and renewed, with a 90-day warranty.' : ''}`;
    return {
      brand: m.brand,
      title,
      description,
      price,
      attributes: { ...m.attrs },
      short: `${m.brand} ${m.name}`,
      views: ['Front view of', 'Side view of', 'Ear cups of', 'Carrying case of'],
    };
  };
}

function modelOf(title: string): string | undefined {
  return longestModelIn(title, PHONES);
}

export const headphones: CategoryGen = {
  id: 'headphones',
  create,
  modelOf,
  titleQuery(p, variant) {
    const model = (modelOf(p.title) ?? p.title).toLowerCase();
    const colour = /, ([^,(]+?)(?: \(Renewed\)| with Hard Carrying Case Bundle)?$/.exec(p.title)?.[1];
    return variant % 3 === 1 && colour ? `${model} ${colour.toLowerCase()}` : model;
  },
};
