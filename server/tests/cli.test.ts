import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedBackend, storeEventsAndBreakPartWay } from './export-helpers';
import { BACKENDS, joinedSeller, post, useServer } from './harness';
import { study } from '../../tests/unit/helpers/study-cli';

const schema = {
  id: 'cli-mini',
  name: 'CLI mini',
  version: 1,
  start: ['hi'],
  acts: [{ id: 'hi', number: '1', label: 'Hi', hint: 'Say hi' }],
};

describe.each(BACKENDS)('npm run study against a real server ($name)', { timeout: 60_000 }, (backend) => {
  const harness = useServer(backend);
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-cli-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));
  const connect = () => ['--url', harness().url, '--token', harness().server.adminToken];

  it('creates a study with everything POST /v1/studies takes, and issues codes', async () => {
    const h = harness();
    const schemaFile = join(dir, 'schema.json');
    await writeFile(schemaFile, JSON.stringify(schema));
    const created = await study([
      'create',
      ...connect(),
      '--name',
      'CLI study',
      '--condition',
      'A.Iu',
      '--condition',
      'C.IIIc',
      '--balanced',
      '--min-turns',
      '3',
      '--category',
      'lego',
      '--category',
      'books',
      '--catalog-version',
      'v2-2024',
      '--coaching-schema',
      schemaFile,
      '--keep-url-query',
    ]);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const id = /^Created (st-\w+) \(A\.Iu, C\.IIIc\)$/.exec(created.stdout.trim())?.[1] ?? '';
    expect(id).not.toBe('');
    const stored = await (await fetch(`${h.url}/v1/studies/${id}`, { headers: h.admin })).json();
    expect(stored).toMatchObject({
      name: 'CLI study',
      conditions: ['A.Iu', 'C.IIIc'],
      assignment: 'balanced',
      minTurns: 3,
      categories: ['lego', 'books'],
      catalogVersion: 'v2-2024',
      keepUrlQuery: true,
      coachingSchema: schema,
    });

    // A whole study from --config, a flag overriding it.
    const configFile = join(dir, 'study.json');
    await writeFile(configFile, JSON.stringify({ name: 'From config', minTurns: 7, catalogVersion: 'cfg' }));
    const fromConfig = await study(['create', ...connect(), '--config', configFile, '--min-turns', '2']);
    const id2 = /^Created (st-\w+)/.exec(fromConfig.stdout)?.[1] ?? '';
    expect(await (await fetch(`${h.url}/v1/studies/${id2}`, { headers: h.admin })).json()).toMatchObject({
      name: 'From config',
      minTurns: 2,
      catalogVersion: 'cfg',
      keepUrlQuery: false,
    });

    const codes = await study(['codes', id, ...connect(), '--count', '3', '--role', 'buyer']);
    expect(codes.code).toBe(0);
    const lines = codes.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines).toHaveLength(3);
    expect(lines.every(([code, role]) => /^[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(code ?? '') && role === 'buyer')).toBe(true);
    expect(lines.map((l) => l[2]).sort()).toEqual(['A.Iu', 'A.Iu', 'C.IIIc']); // balanced
    const rows = await h.server.sql.query<{ code: string }>('SELECT code FROM participants WHERE study_id = $1', [id]);
    expect(rows.map((r) => r.code).sort()).toEqual(lines.map((l) => l[0]).sort());
  });

  it('streams an export to a file or to stdout, byte for byte what the server sends, with the size on stderr', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'CLI export' });
    const events = Array.from({ length: 1500 }, (_, i) => s.event(i % 3 ? 'click' : 'utter'));
    for (let i = 0; i < events.length; i += 1000)
      expect((await post(`${h.url}/v1/events`, { events: events.slice(i, i + 1000) }, s.auth)).status).toBe(200);
    const fromServer = async (format: string) =>
      (await fetch(`${h.url}/v1/studies/${s.studyId}/export?format=${format}`, { headers: h.admin })).text();

    const out = join(dir, 'export.jsonl');
    const toFile = await study(['export', s.studyId, ...connect(), '--out', out]);
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    const file = await readFile(out, 'utf8');
    expect(file).toBe(await fromServer('jsonl'));
    expect(
      file
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(events.map((e) => e.id));
    expect(toFile.stderr).toBe(`Wrote ${out}: ${Buffer.byteLength(file).toLocaleString('en-US')} bytes\n`);

    const toStdout = await study(['export', s.studyId, ...connect(), '--format', 'csv']);
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdout).toBe(await fromServer('csv'));
    expect(toStdout.stderr).toBe(`Exported ${Buffer.byteLength(toStdout.stdout).toLocaleString('en-US')} bytes\n`);
  });

  it('refuses bad options with the reason and exit status 2, and says what the server refused with 1', async () => {
    const bad = join(dir, 'bad-schema.json');
    await writeFile(bad, JSON.stringify({ ...schema, start: ['nowhere'] }));
    const cases: [string[], RegExp][] = [
      [['create', '--nmae', 'x'], /Unknown option '--nmae'/],
      [['create', '--min-turns', '3'], /create needs --name/],
      [['create', '--name', 'x', '--min-turns', 'three'], /--min-turns must be a whole number from 0 to 100 \(got "three"\)/],
      [['create', '--name', 'x', '--condition', 'Q.9'], /^Invalid study: conditions\.0: /],
      [['create', '--name', 'x', '--coaching-schema', join(dir, 'missing.json')], /--coaching-schema: cannot read .*missing\.json: ENOENT/],
      [['create', '--name', 'x', '--coaching-schema', bad], /--coaching-schema: .*bad-schema\.json: .*nowhere/],
      [['codes', 'st-x', '--count', '0'], /--count must be a whole number from 1 to 1000/],
      [['codes', 'st-x', '--role', 'admin'], /--role must be seller or buyer/],
      [['codes'], /codes needs a STUDY_ID/],
      [['export', 'st-x', '--format', 'xml'], /--format must be one of jsonl, csv, conversations, parlai, star \(got "xml"\)/],
      [['teleport'], /Unknown command "teleport"/],
    ];
    const results = await Promise.all(cases.map(([args]) => study([...args, ...connect()])));
    results.forEach((r, i) => {
      expect({ args: cases[i]?.[0], code: r.code }).toEqual({ args: cases[i]?.[0], code: 2 });
      expect(r.stderr).toMatch(cases[i]?.[1] ?? /never/);
      expect(r.stdout).toBe('');
    });

    expect(await study(['show', 'st-missing', ...connect()])).toMatchObject({ code: 1, stderr: '404: No study "st-missing"\n' });
    const unreachable = await study(['list', '--url', 'http://127.0.0.1:9', '--token', 'x'.repeat(20)]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9: /);
  });
});

describe.each(BACKENDS)('npm run study export when the server stops sending part-way ($name)', { timeout: 60_000 }, (backend) => {
  const harness = useServer(isolatedBackend(backend));
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-cli-cut-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('exits 1 saying how many bytes came, and leaves no file behind (nor its temporary file)', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Cut export' });
    await storeEventsAndBreakPartWay(h.server.sql, s.event);
    // `--token=…`: a random token may start with '-', which `--token -…` would read as another option.
    const connect = [`--url=${h.url}`, `--token=${h.server.adminToken}`];
    const bytesIn = (stderr: string, rest: string) => {
      const m = new RegExp(`^Export failed part-way: the server stopped sending after ([\\d,]+) bytes; ${rest}\\n$`).exec(stderr);
      expect(m, stderr).not.toBeNull();
      return Number(m?.[1]?.replaceAll(',', ''));
    };

    const out = join(dir, 'study.csv');
    const toFile = await study(['export', s.studyId, ...connect, '--format', 'csv', '--out', out]);
    expect(toFile.code).toBe(1);
    expect(toFile.stdout).toBe('');
    expect(bytesIn(toFile.stderr, 'no file written')).toBeGreaterThan(0);
    expect(await readdir(dir)).toEqual([]);

    // To stdout, the bytes that came are already written: the count says how much of it there is.
    const toStdout = await study(['export', s.studyId, ...connect, '--format', 'jsonl']);
    expect(toStdout.code).toBe(1);
    expect(bytesIn(toStdout.stderr, 'what went to stdout is incomplete')).toBe(Buffer.byteLength(toStdout.stdout));
    expect(toStdout.stdout.length).toBeGreaterThan(0);
  });
});
