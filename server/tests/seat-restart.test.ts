import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { ChatItem, OpenedRoom } from '../../lib/pilot/protocol';
import { loadEnv } from '../env';
import { startServer, type RunningServer } from '../start';
import { BACKENDS, post } from './harness';
import { Client } from './ws-client';

const buyerSays = (c: Client) => c.items().filter((i) => i.sender === 'buyer' && i.kind === 'say');
const sellerSocket = (server: RunningServer, r: OpenedRoom) =>
  `${server.url.replace('http', 'ws')}/v1/rooms/${r.room}/ws?role=seller&key=${encodeURIComponent(new URL(r.sellerUrl).hash.replace('#key=', ''))}`;

describe.each(BACKENDS)('a simulated Buyer across a restart ($name)', (backend) => {
  it('is rebuilt from the room when its Seller comes back after a restart, and goes on where it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-sim-restart-'));
    const env = loadEnv({
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      SIM_BUYER_THINK_MS: '0',
      SIM_BUYER_MS_PER_CHAR: '0',
      ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl, ADMIN_TOKEN: 'restart-test-admin-token-0123456789' } : {}),
    });
    try {
      let server = await startServer(env);
      const admin = { Authorization: `Bearer ${server.adminToken}` };
      const study = (await post(`${server.url}/v1/studies`, { name: 'Restart', minTurns: 1 }, admin)).json as { id: string };
      const [code] = ((await post(`${server.url}/v1/studies/${study.id}/participants`, {}, admin)).json as { codes: { code: string }[] })
        .codes;
      const r = (await post(`${server.url}/v1/rooms`, { code: code?.code, simulatedBuyer: { category: 'books', seed: 42 } }))
        .json as OpenedRoom;

      let seller = new Client(sellerSocket(server, r));
      await seller.open();
      await seller.waitFor(() => buyerSays(seller).length >= 1, 0, 10_000);
      seller.send({ type: 'say', id: uuidv7(), text: 'Who is the book for?', acts: ['ask_recipient'] });
      await seller.waitFor(() => buyerSays(seller).length >= 2, 0, 10_000);
      const before: ChatItem[] = seller.items();
      await seller.close();
      await server.close(); // the seat stops with it, and is handed back

      server = await startServer(env);
      try {
        seller = new Client(sellerSocket(server, r));
        const lastSeq = Math.max(...before.map((i) => i.seq));
        await seller.open(lastSeq);
        // The Seller is back: the seat is rebuilt for it, joins, and the Seller is told.
        await seller.waitFor((m) => m.type === 'presence' && m.buyer, 0, 15_000);
        seller.send({ type: 'say', id: uuidv7(), text: 'What do you like to read?', acts: ['ask_use'] });
        await seller.waitFor(() => buyerSays(seller).length >= 1, 0, 15_000);
        // Nothing said before the restart came again: the rebuilt Buyer knew it had said it.
        expect(seller.items().every((i) => i.seq > lastSeq)).toBe(true);
        const [said] = await server.sql.query<{ n: string | number }>(
          "SELECT count(*) AS n FROM room_messages WHERE room_id = $1 AND sender = 'buyer' AND kind = 'say'",
          [r.conversation],
        );
        expect(Number(said?.n)).toBe(3); // the opening and one answer to each of the Seller's two messages
        await seller.close();
      } finally {
        await server.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
