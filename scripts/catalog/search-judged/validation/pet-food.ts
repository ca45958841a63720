import { brand, g, inCategory, is, not, oneOf, price, range, title, type QuerySource } from '../dsl';

const q = inCategory('pet_food');
const dog = is('species', 'dog');
const cat = is('species', 'cat');
const dry = is('form', 'dry');
const wet = is('form', 'wet');
const stage = (s: string) => is('lifeStage', s);

/** Validation queries for the pet-food chat, written blind (see tests/fixtures/search-judged/README.md). */
export const PET_FOOD_VALIDATION: QuerySource[] = [
  q(
    'intent',
    'my lab is getting a bit chubby',
    'A weight-management dog food; a Labrador formula or other adult dog food is partly relevant.',
    g(3, dog, title('Perfect Weight')),
    g(1, dog, stage('adult')),
  ),
  q(
    'intent',
    'bringing a kitten home next week',
    'Kitten food; cat food for all life stages is near.',
    g(3, stage('kitten')),
    g(2, cat, stage('all')),
  ),
  q(
    'intent',
    "old cat with bad teeth can't manage kibble",
    'Wet food for senior cats; other wet cat food is near, dry senior cat food partly relevant.',
    g(3, cat, stage('senior'), wet),
    g(2, cat, wet),
    g(1, cat, stage('senior')),
  ),
  q(
    'intent',
    'dog keeps scratching and has an upset tummy',
    'A sensitive skin and stomach dog food; a limited-ingredient recipe is near, grain-free dog food partly relevant.',
    g(3, dog, title('Sensitive Skin')),
    g(2, dog, title('Limited Ingredient')),
    g(1, dog, is('grainFree', true)),
  ),
  q(
    'intent',
    "german shepherd puppy who's going to be huge",
    'A large-breed puppy food; other dry puppy food is near, large-breed adult food partly relevant.',
    g(3, title('Large'), stage('puppy')),
    g(2, dog, stage('puppy'), dry),
    g(1, dog, title('Large')),
  ),
  q(
    'intent',
    'chihuahua with a tiny mouth',
    'A small-breed dog food (small kibble); other dry dog food, not large-breed, is partly relevant.',
    g(3, dog, title('Small')),
    g(1, dog, dry, not(title('Large'))),
  ),
  q(
    'intent',
    'my cat never goes outside',
    'An indoor cat formula; other cat food is partly relevant.',
    g(3, cat, title('Indoor')),
    g(1, cat),
  ),
  q(
    'intent',
    'my dog is allergic to chicken',
    'Dog food whose main protein is not chicken (and no chicken in the name).',
    g(3, dog, not(is('flavour', 'chicken')), not(title('Chicken'))),
  ),
  q(
    'intent',
    'fifteen year old dog who is slowing down',
    'Senior dog food; dog food for all life stages is near.',
    g(3, dog, stage('senior')),
    g(2, dog, stage('all')),
  ),
  q(
    'intent',
    'feeding three big dogs, want the biggest bag',
    'Dry dog food in a bag of 30 lb or more; 24–29 lb is near.',
    g(3, dog, dry, range('bagSizeLb', 30, undefined)),
    g(2, dog, dry, range('bagSizeLb', 24, 29.99)),
  ),
  q(
    'intent',
    'fussy cat who will only eat fish',
    'Cat food with fish as the main flavour (salmon, tuna, whitefish).',
    g(3, cat, oneOf('flavour', ['salmon', 'tuna', 'whitefish'])),
  ),
  q(
    'intent',
    'budget kibble for a working farm dog',
    'Adult dry dog food in a big bag (18 lb+) for $35 or less; smaller adult bags for $35 or less are near, other cheap dry dog food partly relevant.',
    g(3, dog, dry, oneOf('lifeStage', ['adult', 'all']), range('bagSizeLb', 18, undefined), price(undefined, 35)),
    g(2, dog, dry, oneOf('lifeStage', ['adult', 'all']), price(undefined, 35)),
    g(1, dog, dry, price(undefined, 35)),
  ),
  q(
    'attribute',
    'grain-free wet dog food',
    'Wet, grain-free dog food; dry grain-free dog food or wet dog food with grains is partly relevant.',
    g(3, dog, wet, is('grainFree', true)),
    g(1, dog, is('grainFree', true)),
    g(1, dog, wet),
  ),
  q(
    'attribute',
    '40 lb bag',
    'Bags of 40 lb or more; 35–39 lb is near.',
    g(3, range('bagSizeLb', 40, undefined)),
    g(2, range('bagSizeLb', 35, 39.99)),
  ),
  q('named', 'fancy feast', 'Purina Fancy Feast cat food.', g(3, title('Fancy Feast'))),
  q('named', 'pro plan', 'Purina Pro Plan; other Purina food is partly relevant.', g(3, title('Pro Plan')), g(1, brand('Purina'))),
  q('lexical', 'royal canine', 'Royal Canin (misspelt as "canine").', g(3, brand('Royal Canin'))),
  q(
    'lexical',
    'blue buffallo wilderness',
    'The Blue Buffalo Wilderness range (misspelt); other Blue Buffalo food is partly relevant.',
    g(3, title('Blue Buffalo Wilderness')),
    g(1, brand('Blue Buffalo')),
  ),
  q(
    'unanswerable-part',
    'prescription kidney diet for my senior cat',
    'A prescription kidney diet is not in the catalog; senior cat food is partly relevant.',
    g(1, cat, stage('senior')),
  ),
  q(
    'unanswerable-part',
    'duck and rabbit grain free dog food',
    'No rabbit recipe in the catalog; grain-free duck dog food is near, other grain-free dog food partly relevant.',
    g(2, dog, is('grainFree', true), is('flavour', 'duck')),
    g(1, dog, is('grainFree', true)),
  ),
  q('none', 'hamster pellets', 'Food for hamsters; the catalog has only dog and cat food.'),
];
