import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { choose, shopPriceLego, thousands } from '../util';

interface Theme {
  /** The attribute value, e.g. "Star Wars". */
  name: string;
  /** How the theme appears in titles, e.g. "DUPLO", "Creator 3 in 1". */
  label: string;
  numbers: readonly [number, number];
  /** Price per piece, before a little noise. */
  ppp: number;
  /** [pieces below, minimum age] thresholds; the last entry covers everything bigger. */
  ages: readonly (readonly [number, number])[];
  subjects: readonly (readonly [string, number])[];
  blurbs: readonly string[];
}

const THEMES: readonly Theme[] = [
  {
    name: 'Star Wars',
    label: 'Star Wars',
    numbers: [75000, 75399],
    ppp: 0.115,
    ages: [
      [150, 6],
      [450, 8],
      [1000, 9],
      [2000, 10],
      [Infinity, 18],
    ],
    subjects: [
      ['AT-ST Microfighter', 87],
      ['X-Wing Microfighter', 101],
      ['Clone Trooper Battle Pack', 108],
      ['Mandalorian Battle Pack', 102],
      ['Snowspeeder', 120],
      ['Tusken Raider Battle Pack', 98],
      ['X-Wing Starfighter', 474],
      ['TIE Interceptor', 432],
      ['Mandalorian N-1 Starfighter', 412],
      ["Ahsoka's Jedi Interceptor", 290],
      ['Dagobah Jedi Training', 335],
      ["Boba Fett's Starship", 593],
      ['AT-TE Walker', 620],
      ['Y-Wing Starfighter', 578],
      ["Obi-Wan's Jedi Starfighter", 282],
      ['Spider Tank', 526],
      ['Ewok Village Battle', 455],
      ['Imperial Shuttle', 660],
      ['Millennium Falcon', 1351],
      ['Razor Crest', 1023],
      ['Hoth Echo Base', 1220],
      ['AT-AT Walker', 1267],
      ['Tantive IV', 1768],
      ['Millennium Falcon Ultimate Collector Series', 7541],
      ['Death Star', 4016],
      ['Venator-Class Republic Attack Cruiser', 5374],
      ['AT-AT Ultimate Collector Series', 6785],
    ],
    blurbs: [
      'Recreate classic Star Wars battles with minifigures and spring-loaded shooters.',
      'A detailed starship for Star Wars fans to build, play with and display.',
      'Includes iconic characters and weapon accessories from the Star Wars saga.',
    ],
  },
  {
    name: 'City',
    label: 'City',
    numbers: [60000, 60449],
    ppp: 0.1,
    ages: [
      [150, 5],
      [400, 6],
      [Infinity, 7],
    ],
    subjects: [
      ['Police Car', 94],
      ['Fire Rescue Motorcycle', 57],
      ['Pizza Delivery Van', 249],
      ['Farm Tractor', 148],
      ['Stuntz Monster Truck', 67],
      ['Ice-Cream Truck', 200],
      ['Garbage Truck', 156],
      ['Police Station', 668],
      ['Fire Station', 843],
      ['Family House', 732],
      ['Passenger Airplane', 913],
      ['Hospital', 816],
      ['Cargo Train', 1148],
      ['Passenger Train', 764],
      ['Space Base and Rocket Launchpad', 1422],
      ['Downtown', 2010],
      ['Arctic Explorer Ship', 815],
      ['Amusement Park Ferris Wheel', 1002],
    ],
    blurbs: [
      'Everyday heroes and vehicles for imaginative play in LEGO City.',
      'Comes with minifigures, vehicles and a playset full of details.',
      'Combine it with other LEGO City sets to build a bigger town.',
    ],
  },
  {
    name: 'Technic',
    label: 'Technic',
    numbers: [42000, 42199],
    ppp: 0.1,
    ages: [
      [300, 7],
      [1000, 9],
      [2000, 10],
      [Infinity, 18],
    ],
    subjects: [
      ['Monster Jam Truck', 260],
      ['Race Plane', 154],
      ['Off-Road Buggy', 174],
      ['Ford Mustang Shelby GT500', 544],
      ['Mack LR Electric Garbage Truck', 503],
      ['Formula E Porsche 99X Electric', 422],
      ['Jeep Wrangler Rubicon', 665],
      ['McLaren Senna GTR', 830],
      ['Bugatti Bolide', 905],
      ['Heavy-Duty Excavator', 1209],
      ['NASA Mars Rover Perseverance', 1132],
      ['Yamaha MT-10 SP', 1478],
      ['Heavy-Duty Tow Truck', 2017],
      ['Porsche 911 GT3 RS', 2704],
      ['Ferrari Daytona SP3', 3778],
      ['Lamborghini Sian FKP 37', 3696],
      ['Liebherr Crawler Crane', 2883],
    ],
    blurbs: [
      'Working steering, gears and suspension show how real machines move.',
      'An engineering build with functional mechanisms and authentic details.',
      'Pull-back motor and moving parts make it as fun to play with as to build.',
    ],
  },
  {
    name: 'Friends',
    label: 'Friends',
    numbers: [41000, 41799],
    ppp: 0.1,
    ages: [
      [200, 5],
      [400, 6],
      [800, 7],
      [Infinity, 8],
    ],
    subjects: [
      ["Olivia's Electric Car", 183],
      ['Pet Clinic', 111],
      ['Horse Training', 134],
      ['Heartlake City Cafe', 157],
      ['Friendship Tree House', 1114],
      ['Beach Camper Van', 264],
      ['Vet Clinic Rescue Center', 505],
      ['Summer Camp Cabin', 689],
      ['Heartlake City Shopping Mall', 1237],
      ['Water Park', 373],
      ['Heartlake International School', 985],
      ['Ice Cream Cart', 97],
      ["Autumn's Baby Cow Shed", 79],
      ['Surfer Dog and Scooter Adventure', 196],
      ['Horse and Pony Trailer', 405],
    ],
    blurbs: [
      'Role-play friendship stories with mini-dolls, animals and colourful accessories.',
      'A Heartlake City playset with lots of small details to discover.',
      'Build, play and rebuild: every room opens up for easy play.',
    ],
  },
  {
    name: 'Harry Potter',
    label: 'Harry Potter',
    numbers: [76380, 76459],
    ppp: 0.12,
    ages: [
      [1200, 8],
      [2000, 9],
      [Infinity, 18],
    ],
    subjects: [
      ['Hedwig at 4 Privet Drive', 337],
      ['Quidditch Practice', 322],
      ['Forbidden Forest: Magical Creatures', 172],
      ['Hogwarts Castle Owlery', 364],
      ['The Burrow', 1108],
      ["Hagrid's Hut: An Unexpected Visit", 896],
      ['Knight Bus Adventure', 499],
      ['Hogwarts Express & Hogsmeade Station', 1074],
      ["Diagon Alley: Weasleys' Wizard Wheezes", 834],
      ['Hogwarts Castle and Grounds', 2660],
      ['Hogwarts Castle', 6020],
      ["Gringotts Wizarding Bank Collectors' Edition", 4803],
      ['Hogwarts Chamber of Secrets', 1176],
      ['Aragog in the Forbidden Forest', 195],
      ['Hogwarts Great Hall', 1732],
    ],
    blurbs: [
      'Step into the Wizarding World with minifigures of favourite characters.',
      'A magical build packed with hidden details from the Harry Potter films.',
      'Opens up for play and makes a great display piece for Harry Potter fans.',
    ],
  },
  {
    name: 'Creator',
    label: 'Creator 3 in 1',
    numbers: [31000, 31169],
    ppp: 0.085,
    ages: [
      [200, 7],
      [1000, 8],
      [Infinity, 9],
    ],
    subjects: [
      ['Wild Animals: Pink Flamingo', 217],
      ['Cute Bunny', 326],
      ['Majestic Tiger', 755],
      ['Space Shuttle', 144],
      ['Vintage Motorcycle', 128],
      ['Modern House', 939],
      ['Medieval Castle', 1426],
      ['Pirate Ship', 1264],
      ['Space Astronaut', 647],
      ['Exotic Parrot', 253],
      ['Retro Roller Skate', 342],
      ['Deep Sea Creatures', 230],
      ['Magical Unicorn', 145],
      ['Main Street', 1459],
    ],
    blurbs: [
      'Three models in one box: build one, then rebuild it into two more.',
      'A 3-in-1 set that keeps young builders busy long after the first build.',
    ],
  },
  {
    name: 'Ideas',
    label: 'Ideas',
    numbers: [21300, 21359],
    ppp: 0.1,
    ages: [
      [700, 12],
      [Infinity, 18],
    ],
    subjects: [
      ['Polaroid OneStep SX-70 Camera', 516],
      ['Tales of the Space Age', 688],
      ['Ship in a Bottle', 962],
      ['Central Perk', 1070],
      ['Jaws', 1497],
      ['Typewriter', 2079],
      ['Motorized Lighthouse', 2065],
      ['Tree House', 3036],
      ['The Globe', 2585],
      ['The Starry Night', 2316],
      ["Dungeons & Dragons: Red Dragon's Tale", 3745],
      ['The Insect Collection', 1111],
      ['Fossils: Dinosaur Skeletons', 910],
    ],
    blurbs: [
      'A fan-designed model chosen by LEGO Ideas voters, made for display.',
      'A nostalgic, detailed build that makes a conversation piece on a shelf.',
    ],
  },
  {
    name: 'Duplo',
    label: 'DUPLO',
    numbers: [10800, 10999],
    ppp: 0.62,
    ages: [
      [16, 1.5],
      [Infinity, 2],
    ],
    subjects: [
      ['My First Number Train', 23],
      ['Construction Site', 61],
      ['Deluxe Brick Box', 85],
      ['Police Motorcycle', 5],
      ['Town Garbage Truck', 19],
      ['Space Shuttle Mission', 23],
      ['Wild Animals of the World', 142],
      ['Alphabet Truck', 36],
      ['Big Farm', 95],
      ['Fire Station & Helicopter', 117],
      ['Family House on Wheels', 31],
      ['Steam Train', 59],
      ['Creative Building Time', 120],
      ['Tractor and Animal Care', 27],
      ['Farm Animal Friends', 12],
    ],
    blurbs: [
      'Big, chunky bricks that are easy for little hands to grab and stack.',
      'Supports early learning: colours, counting and fine motor skills.',
      'Safe, durable bricks designed for toddlers and preschoolers.',
    ],
  },
  {
    name: 'Ninjago',
    label: 'NINJAGO',
    numbers: [71700, 71849],
    ppp: 0.1,
    ages: [
      [250, 6],
      [500, 8],
      [3000, 9],
      [Infinity, 14],
    ],
    subjects: [
      ["Lloyd's Mech Battle EVO", 223],
      ["Kai's Ninja Climber Mech", 623],
      ["Cole's Dragon Cruiser", 384],
      ["Zane's Ice Motorcycle", 84],
      ['Ninja Dojo Temple', 1394],
      ["Destiny's Bounty", 1739],
      ['Ninjago City Gardens', 5685],
      ['Imperium Dragon Hunter Hound', 198],
      ['Elemental Dragon vs. The Empress Mech', 1038],
      ["Jay's Lightning Jet EVO", 146],
      ["Sora's Transforming Mech Bike Racer", 384],
    ],
    blurbs: ['Ninja action with dragons, mechs and spinning weapons.', 'Includes ninja minifigures with weapons for epic battles.'],
  },
  {
    name: 'Architecture',
    label: 'Architecture',
    numbers: [21000, 21199],
    ppp: 0.11,
    ages: [
      [1000, 12],
      [Infinity, 18],
    ],
    subjects: [
      ['Paris Skyline', 649],
      ['New York City Skyline', 598],
      ['London Skyline', 468],
      ['Tokyo Skyline', 547],
      ['Singapore Skyline', 827],
      ['Statue of Liberty', 1685],
      ['Great Pyramid of Giza', 1476],
      ['Himeji Castle', 2125],
      ['Taj Mahal', 2022],
      ['Empire State Building', 1767],
      ['Notre-Dame de Paris', 4383],
      ['Trevi Fountain', 1880],
      ['Dubai Skyline', 740],
      ['Las Vegas Skyline', 501],
      ['White House', 1483],
    ],
    blurbs: [
      'A detailed micro-scale model of a famous landmark, made for display.',
      'Comes with a booklet about the design and history of the building.',
      'An absorbing build for adults and a handsome piece for a desk or shelf.',
    ],
  },
];

function ageFor(theme: Theme, pieces: number): number {
  for (const [below, age] of theme.ages) if (pieces < below) return age;
  return 18;
}

function create(): (rng: Rng, want: Want) => Draft {
  const used = new Set<number>();
  return (rng, want) => {
    const theme = choose(
      rng,
      want,
      'theme',
      THEMES.map((t) => t.name),
    );
    const t = THEMES.find((x) => x.name === theme) ?? THEMES[0];
    if (!t) throw new Error('lego: no themes');
    const [subject, basePieces] = rng.pick(t.subjects);
    const pieces = Math.max(4, Math.round(basePieces * rng.float(0.92, 1.08)));
    const ageMin = ageFor(t, pieces);
    const ranged = (ageMin === 2 || ageMin === 5 || ageMin === 6) && rng.chance(0.25);
    const ageRange = ageMin === 1.5 ? '18m+' : ranged ? `${ageMin}-${ageMin === 2 ? 5 : 12}` : `${ageMin}+`;
    let num = rng.int(t.numbers[0], t.numbers[1]);
    for (let i = 0; used.has(num) && i < 1000; i++) num = num >= t.numbers[1] ? t.numbers[0] : num + 1;
    used.add(num);
    const price = shopPriceLego(pieces * t.ppp * rng.float(0.85, 1.15));
    const pcs = `(${thousands(pieces)} Pieces)`;
    const head = `LEGO ${t.label} ${subject} ${num}`;
    const title =
      t.name === 'Duplo'
        ? rng.pick([
            `${head} Toddler Learning Toy ${pcs}`,
            `${head} Building Toy for Ages ${ageRange} ${pcs}`,
            `${head} Building Set ${pcs}`,
          ])
        : ageMin >= 18 || t.name === 'Architecture' || t.name === 'Ideas'
          ? rng.pick([
              `${head} Building Set for ${ageMin >= 18 ? 'Adults' : 'Teens and Adults'} ${pcs}`,
              `${head} Collectible Display Model ${pcs}`,
              `${head} Building Kit ${pcs}`,
            ])
          : rng.pick([
              `${head} Building Toy for Kids Ages ${ageRange} ${pcs}`,
              `${head} Building Kit ${pcs}`,
              `${head} Building Set, Gift Idea ${pcs}`,
            ]);
    const description = `${rng.pick(t.blurbs)} This ${thousands(pieces)}-piece LEGO ${t.label} set builds the ${subject}. Recommended for ages ${ageRange}.`;
    return {
      brand: 'LEGO',
      title,
      description,
      price,
      attributes: { theme: t.name, pieces, ageRange, ageMin },
      short: head,
      views: ['Front of the box of', 'Built model of', 'Minifigures and details of', 'Back of the box of'],
    };
  };
}

function modelOf(title: string): string | undefined {
  return /^LEGO (.+?) \d{5}\b/.exec(title)?.[1];
}

export const lego: CategoryGen = {
  id: 'lego',
  create,
  modelOf,
  titleQuery(p, variant) {
    const model = modelOf(p.title) ?? p.title;
    const t = THEMES.find((x) => model.startsWith(x.label + ' '));
    const subject = (t ? model.slice(t.label.length + 1) : model).replace(/:/g, '').split(' ').slice(0, 4).join(' ');
    const num = /\b(\d{5})\b/.exec(p.title)?.[1];
    if (variant % 3 === 2 && num) return `lego ${num}`;
    if (variant % 3 === 1 && t) return `lego ${t.label} ${subject}`.toLowerCase();
    return `${subject} lego`.toLowerCase();
  },
};
