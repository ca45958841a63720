import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, joinedSeller, post, useServer } from './harness';
import { study } from '../../tests/unit/helpers/study-cli';

describe.each(BACKENDS)('npm run study -- report STUDY_ID against a real server ($name)', { timeout: 60_000 }, (backend) => {
  const harness = useServer(backend);
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-cli-report-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('exports the study, keeps its events beside the report, and writes the report from them', async () => {
    const h = harness();
    const s = await joinedSeller(h, { name: 'Report study' });
    const events = Array.from({ length: 6 }, (_, i) => s.event(i % 2 ? 'utter' : 'click', {}, Date.now() - 10_000 + i));
    expect((await post(`${h.url}/v1/events`, { events }, s.auth)).status).toBe(200);
    const out = join(dir, 'report');
    const run = await study(['report', s.studyId, '--url', h.url, '--token', h.server.adminToken, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${s.studyId}: 6 events, 1 conversation. Wrote 16 files to ${out}`);
    const saved = await readFile(join(out, `${s.studyId}.jsonl`), 'utf8');
    expect(saved.trim().split('\n')).toHaveLength(6);
    expect((await readdir(out)).filter((n) => n.endsWith('.csv'))).toHaveLength(10);
    // Three one-word Seller messages ("Hello!") in the study's condition.
    expect(await readFile(join(out, 'words-per-message.csv'), 'utf8')).toBe(
      `role,condition,voice,messages,words,mean_words\nSeller,${s.joined.condition},typed,3,3,1\n`,
    );
  });

  it('says when the study does not exist', async () => {
    const h = harness();
    const run = await study(['report', 'st-nosuchstudy', '--url', h.url, '--token', h.server.adminToken, '--out', join(dir, 'none')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^404: /);
  });
});
