import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BACKENDS, partitionedEvents, joinedSeller, post, useServer } from './harness';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../ingest';
import { SYNC_BATCH_MAX, SYNC_BATCH_MAX_BYTES, addToBatch, batchBody, emptyBatch, encodeBody } from '../../lib/sync/upload-batch';

describe.each([...BACKENDS, ...partitionedEvents('ingest')])('ingest over HTTP ($name)', (backend) => {
  const harness = useServer(backend);

  it('stores a valid batch and answers with what was accepted', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const events = [s.event('click'), s.event('utter'), s.event('click')];
    const r = await post(`${h.url}/v1/events`, { events }, s.auth);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ accepted: events.map((e) => e.id), duplicates: [], rejected: [] });
    const [{ n }] = (await h.server.sql.query<{ n: number | string }>('SELECT count(*) AS n FROM events WHERE study_id = $1', [
      s.studyId,
    ])) as [{ n: number | string }];
    expect(Number(n)).toBe(3);
  });

  it('stores each event once when a batch is retried, overlaps, or repeats an id', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const a = s.event();
    const b = s.event();
    const c = s.event();
    expect((await post(`${h.url}/v1/events`, { events: [a, b] }, s.auth)).json).toMatchObject({ accepted: [a.id, b.id] });
    expect((await post(`${h.url}/v1/events`, { events: [a, b] }, s.auth)).json).toEqual({
      accepted: [],
      duplicates: [a.id, b.id],
      rejected: [],
    });
    expect((await post(`${h.url}/v1/events`, { events: [b, c, c] }, s.auth)).json).toEqual({
      accepted: [c.id],
      duplicates: [b.id],
      rejected: [],
    });
    // Concurrent retries of the same batch: still one copy.
    const d = [s.event(), s.event()];
    await Promise.all(Array.from({ length: 5 }, () => post(`${h.url}/v1/events`, { events: d }, s.auth)));
    const rows = await h.server.sql.query<{ id: string }>('SELECT id FROM events WHERE study_id = $1', [s.studyId]);
    expect(rows.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id, ...d.map((e) => e.id)].sort());
  });

  it('rejects malformed and wrongly typed input with a clear 4xx and stores nothing of it', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    expect(await post(`${h.url}/v1/events`, '{"events": [', s.auth)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Body is not valid JSON/) },
    });
    expect(await post(`${h.url}/v1/events`, { items: [] }, s.auth)).toMatchObject({
      status: 400,
      json: { error: 'Body must be {"events": [...]}' },
    });
    const bad = { ...s.event(), time: 'yesterday' };
    const good = s.event();
    const r = await post(`${h.url}/v1/events`, { events: [bad, good, 42] }, s.auth);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      accepted: [good.id],
      duplicates: [],
      rejected: [
        { index: 0, id: bad.id, error: expect.stringMatching(/^time: /) },
        { index: 2, id: null, error: expect.any(String) },
      ],
    });
    const allBad = await post(`${h.url}/v1/events`, { events: [{ ...s.event(), action: 'teleport' }] }, s.auth);
    expect(allBad.status).toBe(422);
    const rows = await h.server.sql.query<{ id: string }>('SELECT id FROM events WHERE study_id = $1', [s.studyId]);
    expect(rows.map((x) => x.id)).toEqual([good.id]);
  });

  it('refuses oversized bodies and batches', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const huge = { events: [{ ...s.event('utter'), payload: { text: 'x'.repeat(1024 * 1024) } }] };
    expect((await post(`${h.url}/v1/events`, huge, s.auth)).status).toBe(413);
    const many = { events: Array.from({ length: 1001 }, () => s.event()) };
    expect(await post(`${h.url}/v1/events`, many, s.auth)).toMatchObject({
      status: 413,
      json: { error: 'At most 1000 events per batch (got 1001)' },
    });
    // A small gzip body that inflates past the limit is refused too.
    const bomb = gzipSync(Buffer.from(JSON.stringify({ events: [], pad: ' '.repeat(3 * 1024 * 1024) })));
    expect((await post(`${h.url}/v1/events`, bomb, { ...s.auth, 'Content-Encoding': 'gzip' })).status).toBe(413);
  });

  it('accepts gzip', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const events = Array.from({ length: 200 }, () => s.event());
    const r = await post(`${h.url}/v1/events`, gzipSync(Buffer.from(JSON.stringify({ events }))), {
      ...s.auth,
      'Content-Encoding': 'gzip',
    });
    expect(r.status).toBe(200);
    expect((r.json as { accepted: string[] }).accepted).toHaveLength(200);
  });

  it('takes the uploader’s largest batch gzipped, each event once when the request comes twice, and refuses a zip bomb clearly', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    // The extension's own batching and encoding (lib/sync/upload-batch.ts), at its limits.
    expect(SYNC_BATCH_MAX).toBe(MAX_BATCH_EVENTS);
    expect(SYNC_BATCH_MAX_BYTES).toBeLessThan(MAX_BATCH_BYTES);
    const batch = emptyBatch();
    const events = Array.from({ length: SYNC_BATCH_MAX }, () => s.event('click'));
    for (const e of events) expect(addToBatch(batch, { ...e, storedAt: e.time }, SYNC_BATCH_MAX)).toBe(true);
    const { body, headers } = await encodeBody(batchBody(batch));
    expect(headers).toEqual({ 'Content-Encoding': 'gzip' });
    const first = await post(`${h.url}/v1/events`, body, { ...s.auth, ...headers });
    expect(first.status).toBe(200);
    expect((first.json as { accepted: string[] }).accepted).toHaveLength(SYNC_BATCH_MAX);
    const again = await post(`${h.url}/v1/events`, body, { ...s.auth, ...headers });
    expect((again.json as { duplicates: string[] }).duplicates).toHaveLength(SYNC_BATCH_MAX);
    const [{ n }] = (await h.server.sql.query<{ n: number | string }>('SELECT count(*) AS n FROM events WHERE study_id = $1', [
      s.studyId,
    ])) as [{ n: number | string }];
    expect(Number(n)).toBe(SYNC_BATCH_MAX);
    // 1 KB on the wire, far past the limit once inflated: refused with 413 and why, before it is all inflated.
    const bomb = gzipSync(Buffer.alloc(64 * MAX_BATCH_BYTES, 0x20));
    expect(bomb.length).toBeLessThan(128 * 1024);
    expect(await post(`${h.url}/v1/events`, bomb, { ...s.auth, 'Content-Encoding': 'gzip' })).toMatchObject({
      status: 413,
      json: { error: `Body over ${MAX_BATCH_BYTES} bytes once inflated` },
    });
    expect((await post(`${h.url}/v1/events`, Buffer.from('not gzip'), { ...s.auth, 'Content-Encoding': 'gzip' })).status).toBe(400);
  });

  it('needs a valid token that matches every event', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const other = await joinedSeller(h, { name: 'Another study' });
    expect(await post(`${h.url}/v1/events`, { events: [s.event()] })).toMatchObject({
      status: 401,
      json: { error: expect.stringMatching(/token missing/) },
    });
    expect((await post(`${h.url}/v1/events`, { events: [s.event()] }, { Authorization: 'Bearer fwi_nope' })).status).toBe(401);
    // My token, another study's event (and another participant's): rejected by field.
    const r = await post(
      `${h.url}/v1/events`,
      { events: [other.event(), s.event('click', { participant: other.joined.participant })] },
      s.auth,
    );
    expect(r.json).toMatchObject({
      rejected: [{ error: expect.stringMatching(/^study: /) }, { error: expect.stringMatching(/^participant: /) }],
    });
    // Joining again issues a new token; the old one stops working.
    const codes = (await post(`${h.url}/v1/studies/${s.studyId}/participants`, {}, h.admin)).json as { codes: { code: string }[] };
    const first = (await post(`${h.url}/v1/join`, { code: codes.codes[0]?.code })).json as { ingestToken: string };
    await post(`${h.url}/v1/join`, { code: codes.codes[0]?.code });
    expect((await post(`${h.url}/v1/events`, { events: [] }, { Authorization: `Bearer ${first.ingestToken}` })).status).toBe(401);
  });

  it('stores SQL and script strings verbatim and returns them escaped: JSON and CSV that parse back to them, never raw markup', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const nasty = `'); DROP TABLE events; -- <script>alert("x")</script>, \u2028 ☃\nsecond line`;
    const conversation = `conv'; DELETE FROM studies; --`;
    const formula = '=HYPERLINK("http://evil.example")';
    const e = s.event('utter', { conversation });
    (e.payload as { text: string }).text = nasty;
    const f = s.event('utter', { conversation });
    (f.payload as { text: string }).text = formula;
    expect((await post(`${h.url}/v1/events`, { events: [e, f] }, s.auth)).json).toMatchObject({ accepted: [e.id, f.id] });
    const exported = async (format: string) => {
      const res = await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=${format}`, { headers: h.admin });
      return { type: res.headers.get('content-type'), body: await res.text() };
    };

    // JSON Lines: one line per event (the newline in the text is escaped), quotes escaped, and the text back verbatim.
    const jsonl = await exported('jsonl');
    expect(jsonl.type).toBe('application/x-ndjson');
    const lines = jsonl.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(jsonl.body).not.toContain('alert("x")');
    expect(jsonl.body).toContain('alert(\\"x\\")');
    const back = lines.map((l) => JSON.parse(l) as { id: string; payload: { text: string }; conversation: string });
    expect(back.map((b) => [b.id, b.payload.text, b.conversation])).toEqual([
      [e.id, nasty, conversation],
      [f.id, formula, conversation],
    ]);

    // CSV: the cell is quoted (inner quotes doubled, the newline inside the quotes) and parses back verbatim; a
    // cell a spreadsheet would run as a formula gets a leading apostrophe, as documented.
    const csv = await exported('csv');
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('alert(""x"")');
    const rows = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true });
    expect(rows.errors).toEqual([]);
    expect(rows.data.map((r) => [r.id, r['payload.text'], r.conversation])).toEqual([
      [e.id, nasty, conversation],
      [f.id, `'${formula}`, conversation],
    ]);

    // The per-conversation exports are JSON too, and give the text back verbatim.
    const convs = JSON.parse((await exported('conversations')).body) as { conversation: string; turns: { text: string }[] }[];
    expect(convs.map((c) => [c.conversation, c.turns.map((t) => t.text)])).toEqual([[conversation, [nasty, formula]]]);
    const star = JSON.parse((await exported('star')).body) as { Events: { Text?: string }[] }[];
    expect(star[0]?.Events.map((x) => x.Text)).toEqual([nasty, formula]);

    // An error that repeats what was asked for is JSON, not a page: the markup stays a string in it.
    const unknown = await fetch(`${h.url}/v1/studies/${encodeURIComponent('<script>alert(1)</script>')}`, { headers: h.admin });
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await unknown.json()).toEqual({ error: 'No study "<script>alert(1)</script>"' });
    // The pilot pages never repeat a room code they were given: an unknown room gets the same fixed page.
    const missing = await fetch(`${h.url}/pilot/buyer/${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<script>alert');
    expect((await h.server.sql.query('SELECT 1 FROM studies WHERE id = $1', [s.studyId])).length).toBe(1);
  });

  it("allows CORS for the server's own pages and extension origins, and refuses foreign origins", async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const preflight = (origin: string, path = '/v1/events') =>
      fetch(`${h.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = async (origin: string, path?: string) => (await preflight(origin, path)).headers.get('access-control-allow-origin');
    // The pilot pages call the API from the server's own origin.
    expect(await allowed(h.url, '/v1/rooms')).toBe(h.url);
    expect(await allowed('chrome-extension://abcdefghijklmnop')).toBe('chrome-extension://abcdefghijklmnop');
    expect(await allowed('moz-extension://0b1c2d3e-aaaa-bbbb-cccc-1234567890ab')).toBe(
      'moz-extension://0b1c2d3e-aaaa-bbbb-cccc-1234567890ab',
    );
    for (const foreign of ['https://evil.example', 'http://127.0.0.1:1', h.url.replace('127.0.0.1', 'localhost'), 'null'])
      expect(await allowed(foreign)).toBeNull();
    // The request itself from a foreign page gets no CORS header either, so its script cannot read the answer.
    const res = await fetch(`${h.url}/v1/events`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json', ...s.auth },
      body: JSON.stringify({ events: [] }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(`${h.url}/v1/events`, {
      method: 'POST',
      headers: { Origin: h.url, 'Content-Type': 'application/json', ...s.auth },
      body: JSON.stringify({ events: [] }),
    });
    expect(own.headers.get('access-control-allow-origin')).toBe(h.url);
  });
});
