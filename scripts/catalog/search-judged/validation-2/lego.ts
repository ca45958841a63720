import { type QuerySource, g, inCategory, is, price, range, title } from '../dsl';

/** Lego sets (validation-2, written blind). */
const q = inCategory('lego');
const duplo = is('theme', 'Duplo');
const technicCar = title('Bugatti', 'Mustang', 'Lamborghini', 'Porsche', 'McLaren', 'Jeep');
const animals = title('Horse', 'Pony', 'Dog', 'Pet', 'Vet', 'Cow');

export const LEGO: QuerySource[] = [
  q(
    'intent',
    'chunky blocks for a toddler who just turned two',
    'big, safe bricks a two-year-old can handle',
    g(3, duplo, range('ageMin', undefined, 2)),
  ),
  q(
    'intent',
    'retirement present for my dad who loves to travel',
    'an adult display model of a famous place',
    g(3, is('theme', 'Architecture')),
    g(1, is('theme', 'Ideas'), range('ageMin', 18, undefined)),
  ),
  q(
    'intent',
    'my nephew is seven and mad about fire engines',
    'a fire-fighting set for a seven-year-old',
    g(3, is('theme', 'City'), title('Fire'), range('ageMin', undefined, 7)),
    g(1, duplo, title('Fire')),
    g(1, is('theme', 'City'), range('ageMin', undefined, 7)),
  ),
  q(
    'intent',
    'challenging model car for a grown-up petrolhead',
    'a demanding, detailed car model for an adult car enthusiast',
    g(3, is('theme', 'Technic'), technicCar, range('pieces', 1000, undefined)),
    g(2, is('theme', 'Technic'), technicCar),
    g(1, is('theme', 'Technic'), range('pieces', 1000, undefined)),
  ),
  q(
    'intent',
    'wizard school castle for a ten year old reading the books',
    'a Hogwarts set a ten-year-old can build',
    g(3, is('theme', 'Harry Potter'), title('Hogwarts'), range('ageMin', undefined, 10)),
    g(2, is('theme', 'Harry Potter'), range('ageMin', undefined, 10)),
    g(1, is('theme', 'Harry Potter')),
  ),
  q(
    'intent',
    'stocking filler under 15 dollars for an eight year old',
    'a small, cheap set (at most $15) suitable for an eight-year-old',
    g(3, price(undefined, 15), range('ageMin', 5, 8)),
    g(2, price(undefined, 20), range('ageMin', 5, 9)),
  ),
  q(
    'intent',
    'something calming for me and my wife to build over a weekend',
    'an adult set big enough for a weekend, not a months-long project',
    g(3, range('ageMin', 18, undefined), range('pieces', 1000, 3500)),
    g(2, range('ageMin', 12, undefined), range('pieces', 500, undefined)),
  ),
  q(
    'intent',
    'she wants to be an astronaut when she grows up',
    'a real-world space set: rockets, shuttles, astronauts, rovers',
    g(3, title('Space', 'Rocket', 'Astronaut', 'Mars Rover')),
    g(1, is('theme', 'Star Wars'), title('Starfighter', 'Shuttle', 'Interceptor')),
  ),
  q(
    'intent',
    'six year old girl who loves horses and puppies',
    'an animal play set for a six-year-old',
    g(3, is('theme', 'Friends'), animals, range('ageMin', undefined, 6)),
    g(2, is('theme', 'Friends'), animals, range('ageMin', undefined, 8)),
    g(1, is('theme', 'Friends'), range('ageMin', undefined, 6)),
  ),
  q(
    'intent',
    'she gets bored after building something once',
    'a set that rebuilds into several different models',
    g(3, is('theme', 'Creator')),
    g(1, duplo, title('Creative Building', 'Brick Box')),
  ),
  q(
    'intent',
    'little one obsessed with trains, almost three',
    'a toddler-safe train set',
    g(3, duplo, title('Train')),
    g(1, title('Train')),
  ),
  q(
    'attribute',
    'over 5000 pieces',
    'sets with more than 5,000 pieces',
    g(3, range('pieces', 5000, undefined)),
    g(1, range('pieces', 4000, undefined)),
  ),
  q(
    'attribute',
    'suitable from 18 months',
    'sets rated for children from a year and a half',
    g(3, range('ageMin', undefined, 1.5)),
    g(2, duplo),
  ),
  q(
    'named',
    'millennium falcon collector edition',
    'the Ultimate Collector Series Millennium Falcon',
    g(3, title('Millennium Falcon Ultimate Collector')),
    g(2, title('Millennium Falcon')),
    g(1, title('Ultimate Collector')),
  ),
  q(
    'lexical',
    'hogwart express train',
    'the Hogwarts Express set (singular spelling)',
    g(3, title('Hogwarts Express')),
    g(1, is('theme', 'Harry Potter'), title('Hogwarts')),
  ),
  q(
    'unanswerable-part',
    'remote control technic monster truck',
    'a Technic monster truck; no set is remote controlled',
    g(2, is('theme', 'Technic'), title('Monster')),
    g(1, title('Monster Truck')),
    g(1, is('theme', 'Technic'), title('Truck')),
  ),
];
