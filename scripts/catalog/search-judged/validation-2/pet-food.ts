import { type QuerySource, g, inCategory, is, not, oneOf, range, title } from '../dsl';

/** Pet food (validation-2, written blind). */
const q = inCategory('pet_food');
const dog = is('species', 'dog');
const cat = is('species', 'cat');
const stage = (x: string) => is('lifeStage', x);
const wet = is('form', 'wet');
const dry = is('form', 'dry');

export const PET_FOOD: QuerySource[] = [
  q(
    'intent',
    'my old lab is slowing down and going grey',
    'food for a senior dog',
    g(3, dog, stage('senior')),
    g(2, dog, title('Labrador'), stage('adult')),
    g(1, dog, stage('all')),
  ),
  q('intent', 'vet says our dog needs to lose a few pounds', 'a weight-management dog food', g(3, dog, title('Perfect Weight'))),
  q(
    'intent',
    'grown dog with itchy skin and an upset tummy',
    'a sensitive skin and stomach formula for an adult dog',
    g(3, dog, title('Sensitive Skin'), stage('adult')),
    g(2, dog, title('Sensitive Skin')),
  ),
  q(
    'intent',
    'fussy elderly cat who will only eat soft food',
    'wet food for a senior cat',
    g(3, cat, stage('senior'), wet),
    g(2, cat, wet),
    g(1, cat, stage('senior')),
  ),
  q(
    'intent',
    'dog with a grain allergy who loves salmon',
    'grain-free salmon dog food',
    g(3, dog, is('grainFree', true), is('flavour', 'salmon')),
    g(2, dog, is('grainFree', true), is('flavour', 'whitefish')),
    g(2, dog, is('grainFree', true)),
    g(1, dog, is('flavour', 'salmon')),
  ),
  q(
    'intent',
    'biggest bag possible for two big dogs, want to save money',
    'a large (30 lb or more) bag of adult dry dog food',
    g(3, dog, dry, range('bagSizeLb', 30, undefined), oneOf('lifeStage', ['adult', 'all'])),
    g(2, dog, dry, range('bagSizeLb', 24, undefined)),
    g(1, dog, dry, range('bagSizeLb', 15, undefined)),
  ),
  q(
    'intent',
    "house cat that never goes outside and doesn't move much",
    'an indoor formula for an adult cat',
    g(3, cat, title('Indoor'), stage('adult')),
    g(2, cat, title('Indoor')),
  ),
  q(
    'intent',
    'tiny chihuahua puppy we just adopted',
    'small-breed puppy food',
    g(3, dog, stage('puppy'), title('Small')),
    g(2, dog, stage('puppy'), not(title('Large', 'Labrador'))),
    g(1, dog, title('Small')),
    g(1, dog, stage('puppy')),
  ),
  q(
    'intent',
    'our cat turns her nose up at chicken but loves fish',
    'cat food with a fish flavour',
    g(3, cat, oneOf('flavour', ['salmon', 'tuna', 'whitefish'])),
    g(1, cat, not(oneOf('flavour', ['chicken', 'salmon', 'tuna', 'whitefish']))),
  ),
  q(
    'intent',
    'growing german shepherd puppy',
    'large-breed puppy food',
    g(3, dog, stage('puppy'), title('Large')),
    g(2, dog, stage('puppy'), title('Labrador')),
    g(1, dog, stage('puppy')),
  ),
  q(
    'intent',
    'my dog is allergic to chicken',
    'dog food whose main protein is not chicken',
    g(3, dog, not(is('flavour', 'chicken')), not(title('Chicken'))),
  ),
  q(
    'attribute',
    'grain free wet dog food',
    'grain-free wet food for dogs',
    g(3, dog, is('grainFree', true), wet),
    g(1, dog, is('grainFree', true)),
    g(1, dog, wet),
  ),
  q('attribute', 'senior 11+ dry cat food', 'dry food for senior cats', g(3, cat, stage('senior'), dry), g(1, cat, stage('senior'))),
  q('named', 'orijen six fish', 'Orijen Six Fish', g(3, title('Six Fish')), g(1, title('Orijen'))),
  q(
    'lexical',
    'royal canine labrador',
    'Royal Canin Labrador Retriever (misspelt brand)',
    g(3, title('Royal Canin'), title('Labrador')),
    g(1, title('Royal Canin'), dog),
  ),
  q('unanswerable-part', 'freeze dried raw food for puppies', 'puppy food; none is freeze-dried or raw', g(2, dog, stage('puppy'))),
];
