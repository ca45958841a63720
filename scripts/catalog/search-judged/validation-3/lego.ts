import { type QuerySource, any, g, inCategory, is, not, price, range, title } from '../dsl';

/** Lego sets (validation-3, written blind). */
const q = inCategory('lego');
const theme = (x: string) => is('theme', x);
const space = title('Space', 'Mars Rover', 'Rocket', 'Astronaut');

export const LEGO: QuerySource[] = [
  q(
    'intent',
    'first blocks for a baby turning 18 months',
    'a Duplo set rated from 18 months',
    g(3, range('ageMin', undefined, 1.5)),
    g(2, theme('Duplo'), range('ageMin', undefined, 2)),
  ),
  q(
    'intent',
    '3yo obsessed with fire engines',
    'a toddler (Duplo) fire set; other Duplo vehicles are near',
    g(3, theme('Duplo'), title('Fire')),
    g(2, theme('Duplo'), title('Truck', 'Police', 'Helicopter', 'Train', 'Tractor', 'Motorcycle')),
    g(1, theme('Duplo')),
    g(1, title('Fire Station')),
  ),
  q(
    'intent',
    'space mad 8 year old, budget $50',
    'a space set for an eight-year-old at $50 or less',
    g(3, space, range('ageMin', 5, 8), price(undefined, 50)),
    g(2, space, range('ageMin', 5, 8)),
    g(1, space),
  ),
  q(
    'intent',
    "supercar for dad's desk, he's in his 50s",
    'an adult Technic supercar model for display',
    g(3, theme('Technic'), range('ageMin', 18, undefined), title('Lamborghini', 'Porsche 911')),
    g(2, theme('Technic'), title('Bugatti', 'McLaren', 'Mustang', 'Porsche')),
  ),
  q(
    'intent',
    'wedding present for a couple who love to travel',
    'a landmark or skyline (Architecture) set; the Globe is near',
    g(3, theme('Architecture')),
    g(2, title('The Globe')),
  ),
  q(
    'intent',
    'stocking filler 6 yr old boy',
    'a small, cheap set (about $15 or less) suitable for a six-year-old',
    g(3, range('ageMin', 5, 6), price(undefined, 15)),
    g(2, range('ageMin', 7, 7), price(undefined, 15)),
    g(2, range('ageMin', 5, 6), price(undefined, 25)),
  ),
  q(
    'intent',
    'teen into harry potter, around 40 bucks',
    'a Harry Potter set for about $40',
    g(3, theme('Harry Potter'), price(30, 55)),
    g(2, theme('Harry Potter'), price(undefined, 30)),
    g(1, theme('Harry Potter')),
  ),
  q(
    'intent',
    'twins turning 10, love gears and stuff that actually moves',
    'a Technic set with working mechanisms rated for a ten-year-old',
    g(3, theme('Technic'), range('ageMin', 7, 10)),
    g(1, theme('Technic')),
  ),
  q(
    'intent',
    'horse mad girl 7',
    'a horse set for a seven-year-old; a unicorn or other animal sets are near',
    g(3, title('Horse'), range('ageMin', undefined, 7)),
    g(2, title('Unicorn'), range('ageMin', undefined, 7)),
    g(1, theme('Friends'), title('Pet Clinic', 'Vet Clinic', 'Cow Shed', 'Surfer Dog')),
  ),
  q(
    'intent',
    'biggest star wars set for a collector, money no object',
    'a very large (3,000+ pieces) Star Wars set',
    g(3, theme('Star Wars'), range('pieces', 3000, undefined)),
    g(2, theme('Star Wars'), range('pieces', 1200, 2999)),
    g(1, theme('Star Wars')),
  ),
  q(
    'intent',
    'grandson 12 trains',
    'a train set for a twelve-year-old',
    g(3, any(title('Train'), title('Hogwarts Express')), not(theme('Duplo'))),
    g(1, theme('Duplo'), title('Train')),
  ),
  q(
    'intent',
    'my sister rewatches the sitcom friends constantly',
    'the Central Perk set from the TV show Friends (not the LEGO Friends theme)',
    g(3, title('Central Perk')),
  ),
  q('attribute', 'under 100 pieces', 'sets with fewer than 100 pieces', g(3, range('pieces', undefined, 99))),
  q('named', 'liebherr crane', 'the Technic Liebherr Crawler Crane', g(3, title('Liebherr'))),
  q('lexical', 'millenium falcon', 'the Millennium Falcon sets (misspelt)', g(3, title('Millennium Falcon'))),
  q(
    'unanswerable-part',
    'technic excavator with app control',
    'a Technic excavator; no set is app-controlled',
    g(2, theme('Technic'), title('Excavator')),
    g(1, theme('Technic'), title('Crane', 'Tow Truck')),
  ),
];
