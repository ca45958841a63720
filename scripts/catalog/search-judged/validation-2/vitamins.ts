import { type QuerySource, any, brand, g, inCategory, is, not, oneOf, title } from '../dsl';

/** Vitamins (validation-2, written blind). */
const q = inCategory('vitamins');
const nutrient = (x: string) => is('nutrient', x);
const diet = (x: string) => is('dietary', x);
const kids = title('Kids', "Children's");
const multi = nutrient('Multivitamin');
const womens = title('Women', "Women's", 'Her');
const mens = title('Men', 'Him', 'Opti-Men');

export const VITAMINS: QuerySource[] = [
  q('intent', "can't sleep and get leg cramps at night", 'magnesium for muscle relaxation and sleep', g(3, nutrient('Magnesium'))),
  q(
    'intent',
    'vegan teenager, worried her b12 is low',
    'a vegan vitamin B12',
    g(3, nutrient('B12'), diet('vegan')),
    g(2, nutrient('B12')),
    g(1, multi, diet('vegan'), not(kids)),
  ),
  q(
    'intent',
    'picky five year old who refuses to swallow pills',
    "a children's chewable or gummy multivitamin",
    g(3, multi, kids),
    g(2, kids),
    g(1, is('form', 'gummy'), multi),
  ),
  q(
    'intent',
    'dentist said no more sugary gummies for my six year old',
    "a sugar-free children's vitamin",
    g(3, kids, diet('sugar-free')),
    g(1, kids),
  ),
  q(
    'intent',
    "heart health but she won't eat anything from fish",
    'an omega-3 from algae rather than fish oil',
    g(3, nutrient('Omega-3'), any(diet('vegan'), title('Algae'))),
    g(1, nutrient('Omega-3')),
  ),
  q('intent', 'always exhausted, doctor says my iron is low', 'an iron supplement', g(3, nutrient('Iron')), g(1, nutrient('B12'))),
  q(
    'intent',
    'keeps catching every cold going round the office',
    'immune support: vitamin C or zinc',
    g(3, oneOf('nutrient', ['Vitamin C', 'Zinc'])),
    g(2, nutrient('Vitamin D3'), not(kids)),
    g(1, nutrient('Probiotic'), not(kids)),
  ),
  q(
    'intent',
    "coeliac wife needs a daily multi that's safe for her",
    "a gluten-free women's multivitamin",
    g(3, multi, diet('gluten-free'), womens),
    g(2, multi, diet('gluten-free'), not(kids), not(mens)),
    g(1, multi, womens),
  ),
  q(
    'intent',
    'little boy with a milk allergy needs vitamin d',
    "a dairy-free children's vitamin D",
    g(3, nutrient('Vitamin D3'), kids, diet('dairy-free')),
    g(1, nutrient('Vitamin D3'), kids),
    g(1, nutrient('Vitamin D3'), diet('dairy-free'), is('form', 'gummy')),
    g(1, multi, kids, diet('dairy-free')),
  ),
  q(
    'intent',
    'lifts weights and wants better sleep and recovery',
    'a zinc-magnesium (ZMA) formula',
    g(3, title('ZMA')),
    g(2, nutrient('Magnesium')),
    g(1, nutrient('Zinc')),
  ),
  q(
    'intent',
    'vegetarian husband wants a daily all-in-one',
    "a vegetarian men's multivitamin",
    g(3, multi, mens, diet('vegetarian')),
    g(2, multi, diet('vegetarian'), not(kids), not(womens)),
    g(1, multi, mens),
  ),
  q(
    'attribute',
    'sugar free gummies',
    'gummies labelled sugar-free',
    g(3, is('form', 'gummy'), diet('sugar-free')),
    g(1, is('form', 'gummy')),
  ),
  q(
    'attribute',
    '5000 iu d3 softgels',
    'vitamin D3 5000 IU in softgels',
    g(3, nutrient('Vitamin D3'), title('5000 IU'), is('form', 'softgel')),
    g(2, nutrient('Vitamin D3'), title('5000 IU')),
    g(2, nutrient('Vitamin D3'), is('form', 'softgel')),
    g(1, nutrient('Vitamin D3')),
  ),
  q(
    'named',
    'nordic naturals omega',
    "Nordic Naturals' omega-3",
    g(3, brand('Nordic Naturals'), nutrient('Omega-3')),
    g(1, nutrient('Omega-3')),
    g(1, brand('Nordic Naturals')),
  ),
  q(
    'lexical',
    'magnesium bisglicinate',
    'magnesium bisglycinate (misspelt)',
    g(3, nutrient('Magnesium'), title('Bisglycinate')),
    g(2, nutrient('Magnesium'), title('Glycinate')),
    g(1, nutrient('Magnesium')),
  ),
  q(
    'unanswerable-part',
    'prenatal gummy multivitamin',
    'an adult gummy multivitamin; nothing is made for pregnancy',
    g(2, multi, is('form', 'gummy'), not(kids)),
    g(1, multi, womens),
  ),
];
