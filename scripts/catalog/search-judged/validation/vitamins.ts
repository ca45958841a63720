import { all, any, brand, g, inCategory, is, not, oneOf, title, type QuerySource } from '../dsl';

const q = inCategory('vitamins');
const kids = title('Kids', "Children's");
const nutrient = (n: string) => is('nutrient', n);
const multi = nutrient('Multivitamin');

/** Validation queries for the vitamin chat, written blind (see tests/fixtures/search-judged/README.md). */
export const VITAMINS_VALIDATION: QuerySource[] = [
  q(
    'intent',
    "I'm vegan and tired all the time",
    'A vegan B12 or iron supplement (energy); non-vegan B12/iron or a vegan multivitamin is near, other vegan supplements partly relevant.',
    g(3, is('dietary', 'vegan'), oneOf('nutrient', ['B12', 'Iron'])),
    g(2, oneOf('nutrient', ['B12', 'Iron'])),
    g(2, is('dietary', 'vegan'), multi, not(kids)),
    g(1, is('dietary', 'vegan'), not(kids)),
  ),
  q(
    'intent',
    "can't swallow big pills",
    "An adult supplement that is not a pill: gummy, liquid or powder; children's gummies, liquids, powders or chewables are near.",
    g(3, oneOf('form', ['gummy', 'liquid', 'powder']), not(kids)),
    g(2, oneOf('form', ['gummy', 'liquid', 'powder'])),
    g(2, title('Chewables')),
  ),
  q(
    'intent',
    'trouble falling asleep and leg cramps at night',
    'Magnesium (muscle relaxation and restful sleep).',
    g(3, nutrient('Magnesium')),
  ),
  q(
    'intent',
    'my toddler is such a picky eater',
    "A children's multivitamin; other children's supplements are near.",
    g(3, multi, kids),
    g(2, kids),
  ),
  q('intent', 'hardly see the sun all winter', 'Vitamin D3; a multivitamin is partly relevant.', g(3, nutrient('Vitamin D3')), g(1, multi)),
  q(
    'intent',
    'teenage daughter with heavy periods feels faint',
    "An iron supplement; a women's multivitamin is near, B12 partly relevant.",
    g(3, nutrient('Iron')),
    g(2, multi, title('Women', "Women's", 'Her')),
    g(1, nutrient('B12')),
  ),
  q(
    'intent',
    'heart health for dad but he hates fish',
    'A plant (algae) omega-3; fish-oil omega-3 is near.',
    g(3, nutrient('Omega-3'), any(title('Algae'), is('dietary', 'vegan'))),
    g(2, nutrient('Omega-3'), not(kids)),
  ),
  q(
    'intent',
    'my stomach is a mess after antibiotics',
    "An adult probiotic; children's probiotics are near.",
    g(3, nutrient('Probiotic'), not(kids)),
    g(2, nutrient('Probiotic')),
  ),
  q(
    'intent',
    'keep colds away this winter',
    'Immune support: vitamin C or zinc; vitamin D3 or a probiotic is near, a multivitamin partly relevant.',
    g(3, oneOf('nutrient', ['Vitamin C', 'Zinc'])),
    g(2, oneOf('nutrient', ['Vitamin D3', 'Probiotic'])),
    g(1, multi),
  ),
  q(
    'intent',
    'daily all in one for a man in his fifties',
    "A men's multivitamin; a general adult multivitamin is near.",
    g(3, multi, title('Men', 'Him')),
    g(2, multi, not(kids), not(title('Women', 'Her', "Women's"))),
  ),
  q(
    'intent',
    "omega for my son's focus at school",
    "A children's omega-3 (DHA); adult omega-3 is near, children's multivitamins partly relevant.",
    g(3, nutrient('Omega-3'), kids),
    g(2, nutrient('Omega-3')),
    g(1, multi, kids),
  ),
  q(
    'intent',
    'mum is 70 and her bones are getting fragile',
    "An adult vitamin D3 (bones); an adult multivitamin is near, children's D3 partly relevant.",
    g(3, nutrient('Vitamin D3'), not(kids)),
    g(2, multi, not(kids)),
    g(1, nutrient('Vitamin D3')),
  ),
  q(
    'attribute',
    'non-gmo softgels',
    'Softgels labelled non-GMO; other softgels are near.',
    g(3, is('form', 'softgel'), is('dietary', 'non-GMO')),
    g(2, is('form', 'softgel')),
  ),
  q(
    'attribute',
    '5000 iu',
    'A 5000 IU vitamin D3; other vitamin D3 strengths are partly relevant.',
    g(3, title('5000 IU')),
    g(1, nutrient('Vitamin D3')),
  ),
  q('named', 'thorne', 'Products by Thorne.', g(3, brand('Thorne'))),
  q(
    'named',
    'smartypants kids',
    "SmartyPants children's formulas; other SmartyPants products are partly relevant.",
    g(3, brand('SmartyPants'), kids),
    g(1, brand('SmartyPants')),
  ),
  q('lexical', 'probiotcs', 'Probiotics (misspelt).', g(3, nutrient('Probiotic'))),
  q(
    'lexical',
    'multi vitamin gummies',
    'Multivitamin gummies ("multivitamin" split); multivitamins in other forms are partly relevant.',
    g(3, multi, is('form', 'gummy')),
    g(1, multi),
  ),
  q(
    'unanswerable-part',
    'biotin gummies for hair and nails',
    'Biotin is not in the catalog; adult multivitamin gummies are partly relevant.',
    g(1, all(multi, is('form', 'gummy'), not(kids))),
  ),
  q(
    'unanswerable-part',
    'vitamin d3 with k2',
    'No D3 + K2 combination in the catalog; plain vitamin D3 is near.',
    g(2, nutrient('Vitamin D3')),
  ),
  q('none', 'protein bars', 'Protein bars; the catalog has only vitamins and supplements.'),
];
