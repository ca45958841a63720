import type { Product } from '../../../lib/catalog/schema';

let seq = 0;
export function product(over: Partial<Product> & Pick<Product, 'title' | 'brand' | 'category'>): Product {
  seq++;
  return {
    id: over.id ?? `p-${seq}`,
    description: '',
    price: 100,
    currency: 'USD',
    rating: 4,
    ratingCount: 10,
    attributes: {},
    images: [{ src: `img/p-${seq}/0.svg`, alt: 'front' }],
    ...over,
  };
}

export const SMALL_CATALOG: Product[] = [
  product({ id: 'sony-xm5', category: 'headphones', brand: 'Sony', title: 'Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones, Black', price: 399.99, rating: 4.7, ratingCount: 12000, attributes: { type: 'over-ear', wireless: true, noiseCancelling: true, batteryHours: 30 }, description: 'Industry-leading noise cancellation with eight microphones.' }),
  product({ id: 'bose-qc', category: 'headphones', brand: 'Bose', title: 'Bose QuietComfort 45 Bluetooth Headphones', price: 279, rating: 4.6, ratingCount: 9000, attributes: { type: 'over-ear', wireless: true, noiseCancelling: true, batteryHours: 24 } }),
  product({ id: 'senn-600', category: 'headphones', brand: 'Sennheiser', title: 'Sennheiser HD 600 Open Back Audiophile Headphone', price: 299, rating: 4.8, ratingCount: 4000, attributes: { type: 'over-ear', wireless: false, noiseCancelling: false, batteryHours: 0 }, description: 'Reference sound for classical music at home.' }),
  product({ id: 'at-m50', category: 'headphones', brand: 'Audio-Technica', title: 'Audio-Technica ATH-M50x Professional Studio Monitor Headphones', price: 149, rating: 4.7, ratingCount: 30000, attributes: { type: 'over-ear', wireless: false, noiseCancelling: false, batteryHours: 0 } }),
  product({ id: 'jbl-buds', category: 'headphones', brand: 'JBL', title: 'JBL Tune 230NC True Wireless Earbuds', price: 99.95, rating: 4.2, ratingCount: 800, attributes: { type: 'earbuds', wireless: true, noiseCancelling: true, batteryHours: 8 } }),
  product({ id: 'lego-falcon', category: 'lego', brand: 'LEGO', title: 'LEGO Star Wars Millennium Falcon 75257 Building Kit (1,351 Pieces)', price: 169.99, rating: 4.9, ratingCount: 5000, attributes: { theme: 'Star Wars', pieces: 1351, ageRange: '9+', ageMin: 9 } }),
  product({ id: 'lego-city', category: 'lego', brand: 'LEGO', title: 'LEGO City Fire Station 60320 Building Set', price: 99.99, rating: 4.8, ratingCount: 2100, attributes: { theme: 'City', pieces: 540, ageRange: '6+', ageMin: 6 } }),
  product({ id: 'garmin-255', category: 'smartwatches', brand: 'Garmin', title: 'Garmin Forerunner 255 GPS Running Smartwatch', price: 349.99, rating: 4.6, ratingCount: 3000, attributes: { gps: true, batteryDays: 14, compatibility: ['iOS', 'Android'] } }),
  product({ id: 'apple-se', category: 'smartwatches', brand: 'Apple', title: 'Apple Watch SE (2nd Gen) GPS 40mm', price: 249, rating: 4.7, ratingCount: 20000, attributes: { gps: true, batteryDays: 1, compatibility: ['iOS'] } }),
];
