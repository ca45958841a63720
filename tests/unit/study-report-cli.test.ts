import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyReport } from '../../lib/analysis/study-report';
import { reportFiles } from '../../lib/report/files';
import { study } from './helpers/study-cli';
import { knownStudyEvents } from './helpers/study-export';

/** `npm run study -- report` on export files, as a researcher runs it: the files it writes and what it says. */
describe('npm run study -- report <export>', { timeout: 60_000 }, () => {
  let dir = '';
  const events = knownStudyEvents();
  const jsonl = `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-report-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes every table, figure and the page that shows them from events.jsonl, no server needed', async () => {
    const file = join(dir, 'events.jsonl');
    await writeFile(file, jsonl);
    const out = join(dir, 'report');
    const run = await study(['report', file, '--out', out]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe(`events.jsonl: 111 events, 6 conversations. Wrote 16 files to ${out}; open ${join(out, 'index.html')}`);
    const written = (await readdir(out)).sort();
    const expected = reportFiles(studyReport(events), { source: 'events.jsonl', invalid: 0 });
    expect(written).toEqual(expected.map((f) => f.name).sort());
    // Each file is the report's, byte for byte.
    for (const f of expected) expect(await readFile(join(out, f.name), 'utf8'), f.name).toBe(f.text);
    const html = await readFile(join(out, 'index.html'), 'utf8');
    const others = written.filter((n) => n !== 'index.html');
    expect(others.filter((n) => n.endsWith('.csv'))).toHaveLength(10);
    expect(others.filter((n) => n.endsWith('.svg'))).toHaveLength(5);
    for (const name of others) expect(html, name).toContain(`href="${name}"`);
    for (const svg of others.filter((n) => n.endsWith('.svg'))) expect(html).toContain(`<img src="${svg}"`);
  });

  it('reads the options page ZIP the same, and --seed moves only the bootstrap bounds', async () => {
    const zip = join(dir, 'floorwalker-2025.zip');
    await writeFile(zip, zipSync({ 'README.md': strToU8('# export'), 'events.jsonl': strToU8(`${jsonl}garbage\n`) }));
    const out = join(dir, 'from-zip');
    const run = await study(['report', zip, '--out', out, '--seed', '5']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('floorwalker-2025.zip: 111 events, 6 conversations, 1 invalid line left out.');
    const expected = reportFiles(studyReport(events, 5), { source: 'floorwalker-2025.zip', invalid: 1 });
    for (const f of expected) expect(await readFile(join(out, f.name), 'utf8'), f.name).toBe(f.text);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toContain('1 line was not a valid event and was left out');
    expect(await readFile(join(out, 'figure-3-seller-hover.svg'), 'utf8')).toContain('seed 5');
  });

  it('says what is wrong: a ZIP without events (exit 1), a bad seed or no export named (exit 2)', async () => {
    const empty = join(dir, 'other.zip');
    await writeFile(empty, zipSync({ 'README.md': strToU8('x') }));
    const noEvents = await study(['report', empty, '--out', join(dir, 'x')]);
    expect(noEvents.code).toBe(1);
    expect(noEvents.stderr).toContain('Cannot report on other.zip: This ZIP has no events.jsonl');
    const badSeed = await study(['report', empty, '--seed', 'abc']);
    expect(badSeed.code).toBe(2);
    expect(badSeed.stderr).toContain('--seed must be a whole number');
    const none = await study(['report']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('report needs an EXPORT_FILE or a STUDY_ID');
  });
});
