import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BACKENDS, joinedSeller, post, useServer } from './harness';

describe.each(BACKENDS)('ingest over HTTP ($name)', (backend) => {
  const harness = useServer(backend);

  it('stores a valid batch and answers with what was accepted', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const events = [s.event('click'), s.event('utter'), s.event('click')];
    const r = await post(`${h.url}/v1/events`, { events }, s.auth);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ accepted: events.map((e) => e.id), duplicates: [], rejected: [] });
    const [{ n }] = await h.server.sql.query<{ n: number | string }>('SELECT count(*) AS n FROM events WHERE study_id = $1', [s.studyId]) as [{ n: number | string }];
    expect(Number(n)).toBe(3);
  });

  it('stores each event once when a batch is retried, overlaps, or repeats an id', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const a = s.event();
    const b = s.event();
    const c = s.event();
    expect((await post(`${h.url}/v1/events`, { events: [a, b] }, s.auth)).json).toMatchObject({ accepted: [a.id, b.id] });
    expect((await post(`${h.url}/v1/events`, { events: [a, b] }, s.auth)).json).toEqual({ accepted: [], duplicates: [a.id, b.id], rejected: [] });
    expect((await post(`${h.url}/v1/events`, { events: [b, c, c] }, s.auth)).json).toEqual({ accepted: [c.id], duplicates: [b.id], rejected: [] });
    // Concurrent retries of the same batch: still one copy.
    const d = [s.event(), s.event()];
    await Promise.all(Array.from({ length: 5 }, () => post(`${h.url}/v1/events`, { events: d }, s.auth)));
    const rows = await h.server.sql.query<{ id: string }>('SELECT id FROM events WHERE study_id = $1', [s.studyId]);
    expect(rows.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id, ...d.map((e) => e.id)].sort());
  });

  it('rejects malformed and wrongly typed input with a clear 4xx and stores nothing of it', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    expect(await post(`${h.url}/v1/events`, '{"events": [', s.auth)).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^Body is not valid JSON/) } });
    expect(await post(`${h.url}/v1/events`, { items: [] }, s.auth)).toMatchObject({ status: 400, json: { error: 'Body must be {"events": [...]}' } });
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
    expect(await post(`${h.url}/v1/events`, many, s.auth)).toMatchObject({ status: 413, json: { error: 'At most 1000 events per batch (got 1001)' } });
    // A small gzip body that inflates past the limit is refused too.
    const bomb = gzipSync(Buffer.from(JSON.stringify({ events: [], pad: ' '.repeat(3 * 1024 * 1024) })));
    expect((await post(`${h.url}/v1/events`, bomb, { ...s.auth, 'Content-Encoding': 'gzip' })).status).toBe(413);
  });

  it('accepts gzip', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const events = Array.from({ length: 200 }, () => s.event());
    const r = await post(`${h.url}/v1/events`, gzipSync(Buffer.from(JSON.stringify({ events }))), { ...s.auth, 'Content-Encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect((r.json as { accepted: string[] }).accepted).toHaveLength(200);
  });

  it('needs a valid token that matches every event', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const other = await joinedSeller(h, { name: 'Another study' });
    expect(await post(`${h.url}/v1/events`, { events: [s.event()] })).toMatchObject({ status: 401, json: { error: expect.stringMatching(/token missing/) } });
    expect((await post(`${h.url}/v1/events`, { events: [s.event()] }, { Authorization: 'Bearer fwi_nope' })).status).toBe(401);
    // My token, another study's event (and another participant's): rejected by field.
    const r = await post(`${h.url}/v1/events`, { events: [other.event(), s.event('click', { participant: other.joined.participant })] }, s.auth);
    expect(r.json).toMatchObject({ rejected: [{ error: expect.stringMatching(/^study: /) }, { error: expect.stringMatching(/^participant: /) }] });
    // Joining again issues a new token; the old one stops working.
    const codes = (await post(`${h.url}/v1/studies/${s.studyId}/participants`, {}, h.admin)).json as { codes: { code: string }[] };
    const first = (await post(`${h.url}/v1/join`, { code: codes.codes[0]?.code })).json as { ingestToken: string };
    await post(`${h.url}/v1/join`, { code: codes.codes[0]?.code });
    expect((await post(`${h.url}/v1/events`, { events: [] }, { Authorization: `Bearer ${first.ingestToken}` })).status).toBe(401);
  });

  it('stores SQL and script strings verbatim and returns them escaped as JSON', async () => {
    const h = harness();
    const s = await joinedSeller(h);
    const nasty = `'); DROP TABLE events; -- <script>alert("x")</script> \u2028 ☃`;
    const e = s.event('utter', { conversation: `conv'; DELETE FROM studies; --` });
    (e.payload as { text: string }).text = nasty;
    expect((await post(`${h.url}/v1/events`, { events: [e] }, s.auth)).json).toMatchObject({ accepted: [e.id] });
    const res = await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=jsonl`, { headers: h.admin });
    const body = await res.text();
    expect(body).not.toContain('<script>alert("x")</script> \u2028'.slice(0, 0) + '"<script>'); // JSON-escaped, not raw markup
    const back = JSON.parse(body.trim()) as { payload: { text: string }; conversation: string };
    expect(back.payload.text).toBe(nasty);
    expect(back.conversation).toBe(`conv'; DELETE FROM studies; --`);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect((await h.server.sql.query('SELECT 1 FROM studies WHERE id = $1', [s.studyId])).length).toBe(1);
  });

  it('allows CORS for extension origins only', async () => {
    const h = harness();
    const preflight = (origin: string) =>
      fetch(`${h.url}/v1/events`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } });
    expect((await preflight('chrome-extension://abcdefghijklmnop')).headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
