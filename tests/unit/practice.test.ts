import { describe, expect, it } from 'vitest';
import { startPractice } from '../../lib/sync/practice';
import { defaultSettings, type Settings } from '../../lib/settings';
import type { FetchLike } from '../../lib/sync/uploader';

const joined = (over: Partial<Settings> = {}): Settings => ({
  ...defaultSettings('p-1'),
  role: 'seller',
  endpoint: { base: 'http://127.0.0.1:9', eventsUrl: 'http://127.0.0.1:9/v1/events', token: 'token-123456', studyName: 'S', joinedAt: 1 },
  ...over,
});
const answer =
  (status: number, body: unknown): FetchLike =>
  async () => ({ status, headers: { get: () => null }, json: async () => body });

describe('starting a practice conversation', () => {
  it('asks the study server with the participant token and returns the room', async () => {
    const calls: { url: string; headers: Record<string, string>; body: string }[] = [];
    const fetchFn: FetchLike = async (url, init) => {
      calls.push({ url, headers: init.headers, body: init.body });
      return {
        status: 201,
        headers: { get: () => null },
        json: async () => ({
          room: 'ABCDEF',
          conversation: 'room-abcdef-1',
          sellerUrl: 'http://127.0.0.1:9/pilot/seller/ABCDEF#key=k',
          buyerUrl: 'http://127.0.0.1:9/pilot/buyer/ABCDEF',
          simulatedBuyer: { category: 'books', seed: 4 },
        }),
      };
    };
    const room = await startPractice(joined(), 'books', fetchFn);
    expect(room.sellerUrl).toBe('http://127.0.0.1:9/pilot/seller/ABCDEF#key=k');
    expect(calls).toEqual([
      {
        url: 'http://127.0.0.1:9/v1/practice',
        headers: expect.objectContaining({ Authorization: 'Bearer token-123456' }),
        body: '{"category":"books"}',
      },
    ]);
  });

  it('says what to do when it cannot: not joined, not a Seller, refused, unreachable', async () => {
    await expect(startPractice(joined({ endpoint: null }), 'books', answer(201, {}))).rejects.toThrow(/Join a study first/);
    await expect(startPractice(joined({ role: 'buyer' }), 'books', answer(201, {}))).rejects.toThrow(/for Sellers/);
    await expect(startPractice(joined(), 'lego', answer(400, { error: 'simulatedBuyer.category: this study has books' }))).rejects.toThrow(
      'simulatedBuyer.category: this study has books',
    );
    await expect(startPractice(joined(), 'books', async () => Promise.reject(new Error('ECONNREFUSED')))).rejects.toThrow(
      /Could not reach http:\/\/127.0.0.1:9: ECONNREFUSED/,
    );
    await expect(startPractice(joined(), 'books', answer(201, { room: 1 }))).rejects.toThrow(/Unexpected answer/);
  });
});
