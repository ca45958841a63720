import { type QuerySource, any, g, inCategory, is, not, oneOf, price, title } from '../dsl';

/** Vitamins (validation-3, written blind). */
const q = inCategory('vitamins');
const nutrient = (x: string) => is('nutrient', x);
const diet = (x: string) => is('dietary', x);
const kids = title('Kids', "Children's");
const womens = title('Women', "Women's", 'For Her');
const mens = title('Men', 'For Him', 'Opti-Men');

export const VITAMINS: QuerySource[] = [
  q('intent', 'calf cramps at night after his long runs', 'magnesium (muscle relaxation)', g(3, nutrient('Magnesium'))),
  q(
    'intent',
    "vegan and can't swallow pills, needs vitamin d",
    'a vegan vitamin D in a non-pill form (gummy or spray)',
    g(3, nutrient('Vitamin D3'), diet('vegan'), oneOf('form', ['gummy', 'liquid', 'powder'])),
    g(2, nutrient('Vitamin D3'), diet('vegan')),
    g(1, nutrient('Vitamin D3'), oneOf('form', ['gummy', 'liquid', 'powder'])),
  ),
  q(
    'intent',
    "omega 3 for my vegetarian daughter, she won't do fish",
    'a plant-based (algae) omega-3',
    g(3, nutrient('Omega-3'), any(diet('vegan'), diet('vegetarian'))),
  ),
  q(
    'intent',
    'dentist says no sugar, multivitamin for my 6yo',
    "a sugar-free children's multivitamin",
    g(3, nutrient('Multivitamin'), kids, diet('sugar-free')),
    g(1, nutrient('Multivitamin'), kids),
  ),
  q(
    'intent',
    'gut feels off after a course of antibiotics',
    'an adult probiotic',
    g(3, nutrient('Probiotic'), not(kids)),
    g(1, nutrient('Probiotic')),
  ),
  q(
    'intent',
    'husband lifts weights, wants a proper mens multi',
    "a men's multivitamin",
    g(3, nutrient('Multivitamin'), mens),
    g(1, nutrient('Multivitamin'), not(kids), not(womens)),
  ),
  q(
    'intent',
    'anemic teenager, we are a vegan household',
    'a vegan iron supplement',
    g(3, nutrient('Iron'), diet('vegan')),
    g(2, nutrient('Iron')),
  ),
  q(
    'intent',
    'cheap immune booster for cold season, under $10',
    'vitamin C or zinc for $10 or less',
    g(3, oneOf('nutrient', ['Vitamin C', 'Zinc']), price(undefined, 10)),
    g(2, oneOf('nutrient', ['Vitamin C', 'Zinc'])),
    g(1, oneOf('nutrient', ['Vitamin D3', 'Probiotic']), price(undefined, 10)),
  ),
  q('intent', 'b12 new vegan', 'a vegan B12', g(3, nutrient('B12'), diet('vegan')), g(2, nutrient('B12'))),
  q(
    'intent',
    'daily multi for my vegan sister',
    "a vegan women's multivitamin",
    g(3, nutrient('Multivitamin'), womens, diet('vegan')),
    g(1, nutrient('Multivitamin'), womens),
    g(1, nutrient('Multivitamin'), diet('vegan'), not(kids)),
  ),
  q('intent', 'teen breakouts', 'zinc (healthy skin)', g(3, nutrient('Zinc'))),
  q(
    'intent',
    "dad can't get big tablets down, needs a multivitamin",
    'an adult multivitamin that is not a tablet or capsule to swallow (gummy, liquid, powder)',
    g(3, nutrient('Multivitamin'), not(kids), not(womens), oneOf('form', ['gummy', 'liquid', 'powder'])),
    g(1, nutrient('Multivitamin'), not(kids), not(womens)),
  ),
  q(
    'attribute',
    'vegan capsules',
    'supplements in capsule form labelled vegan',
    g(3, is('form', 'capsule'), diet('vegan')),
    g(1, is('form', 'capsule'), diet('vegetarian')),
    g(1, oneOf('form', ['tablet', 'softgel']), diet('vegan')),
  ),
  q('named', 'mykind organics', 'the Garden of Life mykind Organics line', g(3, title('mykind'))),
  q(
    'lexical',
    'magnesium glycenate',
    'magnesium glycinate or bisglycinate (misspelt)',
    g(3, nutrient('Magnesium'), title('Glycinate', 'Bisglycinate')),
    g(1, nutrient('Magnesium')),
  ),
  q(
    'unanswerable-part',
    'prenatal vitamins for my wife',
    "a women's multivitamin; nothing is prenatal",
    g(2, nutrient('Multivitamin'), womens),
    g(1, nutrient('Multivitamin'), not(kids), not(mens)),
  ),
];
