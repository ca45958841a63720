import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../rate-limit';
import { BACKENDS, joinedSeller, post, useServer } from './harness';

describe('rate limiter', () => {
  it('refuses past the limit within a window, says when to retry, and counts again in the next window', () => {
    let now = 1_000_000;
    const rate = new RateLimiter(2, () => now, 60_000);
    expect([rate.take('a'), rate.take('a')]).toEqual([{ ok: true }, { ok: true }]);
    now += 15_000;
    expect(rate.take('a')).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(rate.take('b')).toEqual({ ok: true }); // per key
    now += 45_000;
    expect(rate.take('a')).toEqual({ ok: true });
  });

  it('forgets keys whose window has ended, so many one-off keys do not pile up', () => {
    let now = 0;
    const rate = new RateLimiter(10, () => now, 60_000);
    for (let i = 0; i < 5_000; i++) rate.take(`token-${i}`);
    expect(rate.size).toBe(5_000);
    now += 60_000;
    rate.take('fresh');
    expect(rate.size).toBe(1);
    // Still-open windows are kept.
    now += 30_000;
    rate.take('other');
    now += 30_000;
    rate.take('third');
    expect(rate.size).toBe(2); // 'fresh' ended, 'other' has 30 s left, 'third' is new
  });
});

describe.each(BACKENDS)('ingest rate limit over HTTP ($name)', (backend) => {
  // A dedicated instance: two batches a minute per token.
  const harness = useServer(backend, { INGEST_RATE_PER_MINUTE: '2' });

  it('answers 429 with Retry-After past the limit and stores nothing of the refused batch', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const first = [s.event()];
    const second = [s.event()];
    const refused = [s.event('utter'), s.event()];
    expect((await post(`${h.url}/v1/events`, { events: first }, s.auth)).status).toBe(200);
    expect((await post(`${h.url}/v1/events`, { events: second }, s.auth)).status).toBe(200);
    const r = await post(`${h.url}/v1/events`, { events: refused }, s.auth);
    expect(r).toMatchObject({ status: 429, json: { error: 'Too many requests: at most 2 batches a minute' } });
    const retryAfter = Number(r.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const stored = await h.server.sql.query<{ id: string }>('SELECT id FROM events WHERE study_id = $1', [s.studyId]);
    expect(stored.map((e) => e.id).sort()).toEqual([...first, ...second].map((e) => e.id).sort());
    // Another participant's token has its own count.
    const other = await joinedSeller(h);
    expect((await post(`${h.url}/v1/events`, { events: [other.event()] }, other.auth)).status).toBe(200);
  });
});
