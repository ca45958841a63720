import { describe, expect, it } from 'vitest';
import { BACKENDS, post, useServer } from './harness';

describe.each(BACKENDS)('studies, codes and join ($name)', (backend) => {
  const harness = useServer(backend);

  it('creates a study with defaults and refuses invalid ones with the field named', async () => {
    const h = harness();
    const ok = await post(`${h.url}/v1/studies`, { name: 'Pilot' }, h.admin);
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({
      name: 'Pilot',
      conditions: ['B.IIc'],
      assignment: 'fixed',
      minTurns: 5,
      id: expect.stringMatching(/^st-/),
    });
    expect(await post(`${h.url}/v1/studies`, { name: 'X', conditions: ['B.IIc', 'Q.9'] }, h.admin)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Invalid study: conditions\.1: /) },
    });
    expect(await post(`${h.url}/v1/studies`, { name: '' }, h.admin)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/name/) },
    });
    expect((await post(`${h.url}/v1/studies`, { name: 'x' }, { Authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(401);
    const list = await fetch(`${h.url}/v1/studies`, { headers: h.admin });
    expect(((await list.json()) as { id: string }[]).some((s) => s.id === (ok.json as { id: string }).id)).toBe(true);
  });

  it('balances conditions across participants and fixes them when asked', async () => {
    const h = harness();
    const balanced = (
      await post(`${h.url}/v1/studies`, { name: 'Balanced', conditions: ['A.Iu', 'B.IIc', 'C.IIIc'], assignment: 'balanced' }, h.admin)
    ).json as { id: string };
    const codes = (
      (await post(`${h.url}/v1/studies/${balanced.id}/participants`, { count: 7 }, h.admin)).json as {
        codes: { condition: string; code: string }[];
      }
    ).codes;
    const counts = codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.condition]: (acc[c.condition] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 'A.Iu': 3, 'B.IIc': 2, 'C.IIIc': 2 });
    const more = (
      (await post(`${h.url}/v1/studies/${balanced.id}/participants`, { count: 2 }, h.admin)).json as { codes: { condition: string }[] }
    ).codes;
    expect(more.map((c) => c.condition)).toEqual(['B.IIc', 'C.IIIc']);
    // Buyer codes are balanced among Buyers, and do not tilt the Sellers' balance (a room takes its Seller's condition).
    const buyers = (
      (await post(`${h.url}/v1/studies/${balanced.id}/participants`, { count: 4, role: 'buyer' }, h.admin)).json as {
        codes: { condition: string; role: string }[];
      }
    ).codes;
    expect(buyers.map((c) => `${c.role} ${c.condition}`)).toEqual(['buyer A.Iu', 'buyer B.IIc', 'buyer C.IIIc', 'buyer A.Iu']);
    const sellersAfter = (
      (await post(`${h.url}/v1/studies/${balanced.id}/participants`, { count: 3 }, h.admin)).json as { codes: { condition: string }[] }
    ).codes;
    expect(sellersAfter.map((c) => c.condition)).toEqual(['A.Iu', 'B.IIc', 'C.IIIc']);
    expect(new Set(codes.map((c) => c.code)).size).toBe(7);
    const fixed = (await post(`${h.url}/v1/studies`, { name: 'Fixed', conditions: ['D.IIc', 'A.Iu'] }, h.admin)).json as { id: string };
    const f = (
      (await post(`${h.url}/v1/studies/${fixed.id}/participants`, { count: 3 }, h.admin)).json as { codes: { condition: string }[] }
    ).codes;
    expect(f.map((c) => c.condition)).toEqual(['D.IIc', 'D.IIc', 'D.IIc']);
    expect(await post(`${h.url}/v1/studies/${fixed.id}/participants`, { condition: 'B.IIc' }, h.admin)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/not one of this study's conditions/) },
    });
    expect((await post(`${h.url}/v1/studies/st-missing/participants`, {}, h.admin)).status).toBe(404);
  });

  it('joins with a code (case and spacing forgiven) and explains a wrong one', async () => {
    const h = harness();
    const study = (await post(`${h.url}/v1/studies`, { name: 'Join', conditions: ['C.IIIc+v'] }, h.admin)).json as { id: string };
    const [code] = (
      (await post(`${h.url}/v1/studies/${study.id}/participants`, { role: 'buyer' }, h.admin)).json as { codes: { code: string }[] }
    ).codes;
    const r = await post(`${h.url}/v1/join`, { code: ` ${code?.code.toLowerCase()} ` });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      role: 'buyer',
      condition: 'C.IIIc+v',
      study: { id: study.id, name: 'Join' },
      ingestToken: expect.stringMatching(/^fwi_/),
      ingestUrl: `${h.url}/v1/events`,
    });
    expect(await post(`${h.url}/v1/join`, { code: 'ZZZZ-ZZZZ' })).toMatchObject({
      status: 404,
      json: { error: expect.stringMatching(/No participant has that code/) },
    });
    expect(await post(`${h.url}/v1/join`, { code: 'hello' })).toMatchObject({
      status: 400,
      json: { error: 'Invalid code: must look like ABCD-1234' },
    });
    // A code is a few bytes: a large body is refused before it is parsed.
    expect(await post(`${h.url}/v1/join`, { code: code?.code, pad: 'x'.repeat(20_000) })).toMatchObject({
      status: 413,
      json: { error: 'Body over 16384 bytes' },
    });
  });

  it("takes a study's own coaching schema, hands it out at join, and refuses a broken one with the reason", async () => {
    const h = harness();
    const schema = {
      id: 'mini',
      name: 'Mini',
      version: 1,
      start: ['hi'],
      acts: [
        { id: 'hi', number: '1', label: 'Hi', hint: 'Say hi' },
        { id: 'more', number: '1a', label: 'More', hint: 'Go on', parent: 'hi' },
      ],
    };
    const study = await post(`${h.url}/v1/studies`, { name: 'Own schema', coachingSchema: schema }, h.admin);
    expect(study.status).toBe(201);
    const [code] = (
      (await post(`${h.url}/v1/studies/${(study.json as { id: string }).id}/participants`, {}, h.admin)).json as {
        codes: { code: string }[];
      }
    ).codes;
    expect((await post(`${h.url}/v1/join`, { code: code?.code })).json).toMatchObject({
      study: { coachingSchema: { id: 'mini', acts: [{ id: 'hi' }, { id: 'more' }] } },
    });
    const broken = { ...schema, acts: [{ id: 'more', number: '1a', label: 'More', hint: 'Go on', parent: 'nowhere' }], start: ['more'] };
    expect(await post(`${h.url}/v1/studies`, { name: 'Broken', coachingSchema: broken }, h.admin)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Invalid study: coachingSchema: act "more" follows "nowhere", which is not an act/) },
    });
  });

  it('reports health and readiness', async () => {
    const h = harness();
    expect(await (await fetch(`${h.url}/healthz`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${h.url}/readyz`)).json()).toEqual({ ready: true, database: backend.databaseUrl ? 'postgres' : 'pglite' });
    expect((await fetch(`${h.url}/v1/nothing`)).status).toBe(404);
  });
});
