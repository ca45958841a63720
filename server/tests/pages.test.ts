import { describe, expect, it } from 'vitest';
import type { Product } from '../../lib/catalog/catalog-schema';
import { pilotPage, productPage } from '../pilot/pages';

const SCRIPT = '<script>alert(1)</script>';
const hostile: Product = {
  id: 'p-"1"',
  category: 'lego',
  title: `Castle </script>${SCRIPT} & "moat"`,
  brand: `Brick's <b>Co</b>`,
  description: `Has <img src=x onerror=alert(1)> towers`,
  price: 12.5,
  currency: 'EUR',
  rating: 4.2,
  ratingCount: 10,
  attributes: { pieces: 500, theme: `<i>knights</i>` },
  images: [],
  url: 'https://shop.example/p/1',
};

describe('server-rendered pilot pages', () => {
  it('shows a product page with every value as text, and JSON-LD that parses back to the values', () => {
    const html = productPage(hostile, `Lego ${SCRIPT}`, [`https://img.example/a.png?x="><script>`]);
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('<b>Co</b>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<i>knights</i>');
    expect(html).toContain('Brick&#39;s &#60;b&#62;Co&#60;/b&#62;');
    // One script element only (the JSON-LD): the title cannot close it early.
    expect(html.match(/<script/g)).toHaveLength(1);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const data = JSON.parse(ld) as { name: string; brand: { name: string }; description: string; image: string[] };
    expect(data).toMatchObject({
      name: hostile.title,
      brand: { name: hostile.brand },
      description: hostile.description,
      image: [`https://img.example/a.png?x="><script>`],
    });
  });

  it('escapes the room code and conversation it puts into the Seller and Buyer pages', () => {
    const code = `"><script>alert(1)</script>`;
    for (const html of [pilotPage('seller', code, `c"><script>x</script>`), pilotPage('buyer', code)]) {
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<script>x');
      expect(html).toContain('&#34;&#62;&#60;script&#62;');
    }
  });
});
