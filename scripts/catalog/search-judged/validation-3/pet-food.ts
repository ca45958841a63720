import { type QuerySource, brand, g, inCategory, is, not, oneOf, price, range, title } from '../dsl';

/** Pet food (validation-3, written blind). */
const q = inCategory('pet_food');
const dog = is('species', 'dog');
const cat = is('species', 'cat');
const stage = (x: string) => is('lifeStage', x);
const form = (x: string) => is('form', x);
const fish = oneOf('flavour', ['salmon', 'tuna', 'whitefish']);

export const PET_FOOD: QuerySource[] = [
  q(
    'intent',
    "lab puppy, he's gonna be huge",
    'a large-breed (or Labrador) puppy food',
    g(3, dog, stage('puppy'), title('Labrador', 'Large')),
    g(2, dog, stage('puppy')),
    g(1, dog, title('Labrador', 'Large')),
  ),
  q(
    'intent',
    'vet says our beagle needs to lose a few pounds',
    'a weight-control dog food',
    g(3, dog, title('Perfect Weight')),
    g(1, dog, stage('adult'), form('dry')),
  ),
  q(
    'intent',
    '2 yr old dog with itchy skin and runny poops',
    'an adult sensitive skin and stomach dog food; limited-ingredient is near',
    g(3, dog, stage('adult'), title('Sensitive')),
    g(2, dog, stage('adult'), title('Limited Ingredient')),
    g(1, dog, title('Sensitive')),
  ),
  q(
    'intent',
    'apartment cat, never goes outside',
    'an indoor formula for an adult cat',
    g(3, cat, stage('adult'), title('Indoor')),
    g(2, cat, title('Indoor')),
    g(1, cat, stage('adult')),
  ),
  q(
    'intent',
    "new kitten, wet food, she won't touch fish",
    'a wet kitten food that is not fish (chicken, turkey)',
    g(3, cat, stage('kitten'), form('wet'), oneOf('flavour', ['chicken', 'turkey', 'beef', 'lamb', 'duck'])),
    g(2, cat, stage('kitten'), not(fish)),
    g(1, cat, stage('kitten'), form('wet')),
  ),
  q(
    'intent',
    'old cat has lost some teeth, needs soft food',
    'a wet food for senior cats',
    g(3, cat, stage('senior'), form('wet')),
    g(2, cat, oneOf('lifeStage', ['adult', 'all']), form('wet')),
    g(1, cat, stage('senior')),
  ),
  q(
    'intent',
    'chihuahua tiny kibble',
    'a small-breed dry food for an adult dog',
    g(3, dog, stage('adult'), title('Small')),
    g(2, dog, title('Small')),
  ),
  q(
    'intent',
    'my adult dog is allergic to chicken',
    'an adult dog food with no chicken',
    g(3, dog, oneOf('lifeStage', ['adult', 'all']), not(is('flavour', 'chicken')), not(title('Chicken'))),
    g(2, dog, stage('senior'), not(is('flavour', 'chicken')), not(title('Chicken'))),
  ),
  q('intent', 'kitten + old cat, one food for both', 'a cat food for all life stages', g(3, cat, stage('all')), g(1, cat)),
  q(
    'intent',
    'two huskies, need a big bag of grain free',
    'a large bag (24 lb or more) of grain-free adult dog food',
    g(3, dog, oneOf('lifeStage', ['adult', 'all']), is('grainFree', true), range('bagSizeLb', 24, undefined)),
    g(2, dog, oneOf('lifeStage', ['adult', 'all']), is('grainFree', true)),
    g(1, dog, oneOf('lifeStage', ['adult', 'all']), range('bagSizeLb', 24, undefined)),
  ),
  q(
    'intent',
    'puppy food under 20',
    'a puppy food for $20 or less',
    g(3, dog, stage('puppy'), price(undefined, 20)),
    g(2, dog, stage('puppy'), price(undefined, 30)),
    g(1, dog, stage('all'), price(undefined, 20)),
  ),
  q(
    'intent',
    'my cat only eats fish, and we feed dry',
    'a fish-flavoured dry cat food for an adult cat',
    g(3, cat, oneOf('lifeStage', ['adult', 'all']), form('dry'), fish),
    g(2, cat, fish, oneOf('lifeStage', ['adult', 'all', 'senior'])),
    g(1, cat, fish),
  ),
  q(
    'attribute',
    'grain free kitten kibble',
    'grain-free dry food for kittens',
    g(3, cat, oneOf('lifeStage', ['kitten', 'all']), is('grainFree', true), form('dry')),
    g(1, cat, stage('kitten'), form('dry')),
    g(1, cat, is('grainFree', true), form('dry')),
  ),
  q('named', 'blue wilderness', 'the Blue Buffalo Wilderness range', g(3, title('Blue Buffalo Wilderness')), g(1, title('Blue Buffalo'))),
  q('lexical', 'royal cannin', 'Royal Canin (misspelt)', g(3, brand('Royal Canin'))),
  q(
    'unanswerable-part',
    'freeze dried chicken puppy food',
    'a chicken puppy food; nothing is freeze-dried',
    g(2, dog, stage('puppy'), is('flavour', 'chicken')),
    g(1, dog, stage('puppy')),
  ),
];
