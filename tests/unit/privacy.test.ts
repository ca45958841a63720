import { describe, expect, it } from 'vitest';
import { sanitizeUrl } from '../../lib/privacy/url';
import { maskPii } from '../../lib/privacy/text';
import { isAllowedUrl } from '../../lib/sites/matches';
import { MAX_URL_CHARS } from '../../lib/limits';
import { makeEvent } from '../../lib/events/build';
import { validateEvent } from '../../lib/events/event-schema';
import { CONTEXT } from './helpers/events';

describe('sanitizeUrl', () => {
  it('drops query, fragment and credentials by default', () => {
    expect(sanitizeUrl('https://user:pw@shop.example/p/1?session=abc&q=shoes#reviews')).toBe('https://shop.example/p/1');
  });
  it('keeps the query when the study allows it, never credentials', () => {
    expect(sanitizeUrl('https://user:pw@shop.example/p/1?q=shoes#r', { keepQuery: true })).toBe('https://shop.example/p/1?q=shoes#r');
  });
  it('keeps only the kind of link for mail, phone and message links', () => {
    expect(sanitizeUrl('mailto:jane@example.com?subject=hi')).toBe('mailto:');
    expect(sanitizeUrl('tel:+15551234567')).toBe('tel:');
  });
  it('cuts an address too long for an event instead of losing the event: the query goes first, then the path', () => {
    const longQuery = `https://shop.example/p/1?q=${'x'.repeat(3_000)}`;
    expect(sanitizeUrl(longQuery, { keepQuery: true })).toBe('https://shop.example/p/1');
    const longPath = `https://shop.example/${'é'.repeat(1_500)}`; // percent-encoded: 9,000 characters
    const cut = sanitizeUrl(longPath) ?? '';
    expect(cut).toHaveLength(MAX_URL_CHARS);
    expect(cut.startsWith('https://shop.example/%C3%A9')).toBe(true);
    const e = makeEvent({ ...CONTEXT, url: cut }, 'Page', 'click', { element: { tag: 'a', path: 'a' }, href: cut });
    expect(validateEvent(e).ok).toBe(true);
  });
  it('refuses script and data URLs and garbage', () => {
    expect(sanitizeUrl('javascript:alert(1)')).toBeNull();
    expect(sanitizeUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(sanitizeUrl('not a url')).toBeNull();
  });
});

describe('maskPii', () => {
  it('masks e-mail addresses and phone numbers, leaves prices and sizes alone', () => {
    expect(maskPii('Write to jane.doe+shop@mail.example.co.uk today')).toBe('Write to [email] today');
    expect(maskPii('Call +1 (555) 123-4567 or 020 7946 0958')).toBe('Call [phone] or [phone]');
    expect(maskPii('Only $149.99, size 10.5, 2 pack, 1200 mAh, since 2026-11-21')).toBe(
      'Only $149.99, size 10.5, 2 pack, 1200 mAh, since 2026-11-21',
    );
    expect(maskPii('ring 555.123.4567')).toBe('ring [phone]');
  });
});

describe('isAllowedUrl', () => {
  it('matches host on any port, only http(s)', () => {
    expect(isAllowedUrl('http://localhost:8787/room/1', ['localhost'])).toBe(true);
    expect(isAllowedUrl('https://shop.example/p', ['localhost'])).toBe(false);
    expect(isAllowedUrl('file:///etc/passwd', ['localhost', ''])).toBe(false);
    expect(isAllowedUrl('::', ['localhost'])).toBe(false);
  });
});
