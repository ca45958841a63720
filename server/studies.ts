import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { StudyConfigSchema, type StudyConfig } from '../lib/study/config';
import { parseCoachingSchema } from '../lib/coach/coaching-schema';
import { refusal } from '../lib/validation';
import { ParticipantCodeSchema } from '../lib/study/participant-code';
import type { Sql } from './db/sql';

/** A request the caller got wrong: the route answers 4xx with this message and changes nothing. */
export class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 = 400,
    /** Response headers that go with the refusal (Retry-After with a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// Crockford base32 without look-alikes, for codes people type.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % 32]).join('');
}

export const newStudyId = () => `st-${randomCode(10).toLowerCase()}`;
export const newParticipantCode = () => `${randomCode(4)}-${randomCode(4)}`;
export const newIngestToken = () => `fwi_${randomBytes(32).toString('base64url')}`;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Study extends StudyConfig {
  id: string;
  createdAt: string;
}

export function parseStudyConfig(input: unknown): StudyConfig {
  const r = v.safeParse(StudyConfigSchema, input);
  if (!r.success) throw new BadRequest(refusal('Invalid study', r.issues));
  if (r.output.coachingSchema !== undefined) {
    const schema = parseCoachingSchema(r.output.coachingSchema);
    if (!schema.ok) throw new BadRequest(`Invalid study: coachingSchema: ${schema.errors.join('; ')}`);
  }
  return r.output;
}

export async function createStudy(sql: Sql, input: unknown): Promise<Study> {
  const config = parseStudyConfig(input);
  const id = newStudyId();
  const [row] = await sql.query<{ created_at: Date | string }>('INSERT INTO studies (id, config) VALUES ($1, $2) RETURNING created_at', [
    id,
    JSON.stringify(config),
  ]);
  return { id, ...config, createdAt: new Date(row?.created_at ?? Date.now()).toISOString() };
}

export async function getStudy(sql: Sql, id: string): Promise<Study | null> {
  const [row] = await sql.query<{ id: string; config: StudyConfig | string; created_at: Date | string }>(
    'SELECT id, config, created_at FROM studies WHERE id = $1',
    [id],
  );
  if (!row) return null;
  const config = typeof row.config === 'string' ? (JSON.parse(row.config) as StudyConfig) : row.config;
  return { id: row.id, ...config, createdAt: new Date(row.created_at).toISOString() };
}

export async function listStudies(sql: Sql): Promise<Study[]> {
  const rows = await sql.query<{ id: string }>('SELECT id FROM studies ORDER BY created_at');
  const out: Study[] = [];
  for (const r of rows) {
    const s = await getStudy(sql, r.id);
    if (s) out.push(s);
  }
  return out;
}

const IssueSchema = v.object({
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
  role: v.optional(v.picklist(['seller', 'buyer']), 'seller'),
  /** Overrides the study's assignment for these codes. */
  condition: v.optional(v.string()),
});

export interface ParticipantCode {
  code: string;
  participant: string;
  role: 'seller' | 'buyer';
  condition: string;
}

/** Issues participant codes, each with its condition: fixed, or balanced over the study's conditions. */
export async function issueCodes(sql: Sql, studyId: string, input: unknown): Promise<ParticipantCode[]> {
  const r = v.safeParse(IssueSchema, input ?? {});
  if (!r.success) throw new BadRequest(refusal('Invalid request', r.issues));
  const study = await getStudy(sql, studyId);
  if (!study) throw new BadRequest(`No study "${studyId}"`, 404);
  if (r.output.condition && !study.conditions.includes(r.output.condition)) {
    throw new BadRequest(`condition: "${r.output.condition}" is not one of this study's conditions (${study.conditions.join(', ')})`);
  }
  return sql.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT id FROM studies WHERE id = $1 FOR UPDATE', [studyId]); // serialize balancing
    const counts = new Map(study.conditions.map((c) => [c, 0]));
    for (const row of await tx.query<{ condition: string; n: string | number }>(
      // Balanced within the role: a room's condition is its Seller's, so Buyer codes must not tilt the Sellers' share.
      'SELECT condition, count(*) AS n FROM participants WHERE study_id = $1 AND role = $2 GROUP BY condition',
      [studyId, r.output.role],
    )) {
      if (counts.has(row.condition)) counts.set(row.condition, Number(row.n));
    }
    const out: ParticipantCode[] = [];
    for (let i = 0; i < r.output.count; i++) {
      let condition = r.output.condition ?? study.conditions[0] ?? '';
      if (!r.output.condition && study.assignment === 'balanced') {
        condition =
          [...counts].sort((a, b) => a[1] - b[1] || study.conditions.indexOf(a[0]) - study.conditions.indexOf(b[0]))[0]?.[0] ?? condition;
      }
      counts.set(condition, (counts.get(condition) ?? 0) + 1);
      const code = newParticipantCode();
      const participant = `p-${randomCode(10).toLowerCase()}`;
      await tx.query('INSERT INTO participants (id, code, study_id, role, condition) VALUES ($1, $2, $3, $4, $5)', [
        participant,
        code,
        studyId,
        r.output.role,
        condition,
      ]);
      out.push({ code, participant, role: r.output.role, condition });
    }
    return out;
  });
}

export interface Joined {
  study: Study;
  participant: string;
  role: 'seller' | 'buyer';
  condition: string;
  ingestToken: string;
}

/** Exchanges a participant code for the study's config and a fresh ingest token (earlier tokens stop working). */
export async function join(sql: Sql, input: unknown): Promise<Joined> {
  const r = v.safeParse(v.object({ code: ParticipantCodeSchema }), input);
  if (!r.success) throw new BadRequest(refusal('Invalid code', r.issues));
  const [p] = await sql.query<{ id: string; study_id: string; role: 'seller' | 'buyer'; condition: string }>(
    'SELECT id, study_id, role, condition FROM participants WHERE code = $1',
    [r.output.code],
  );
  if (!p) throw new BadRequest('No participant has that code. Check it with your researcher.', 404);
  const study = await getStudy(sql, p.study_id);
  if (!study) throw new BadRequest('The study for that code no longer exists.', 404);
  const token = newIngestToken();
  await sql.query('UPDATE participants SET token_hash = $1, joined_at = COALESCE(joined_at, now()) WHERE id = $2', [
    hashToken(token),
    p.id,
  ]);
  return { study, participant: p.id, role: p.role, condition: p.condition, ingestToken: token };
}

export interface TokenOwner {
  participant: string;
  study: string;
  role: 'seller' | 'buyer';
  condition: string;
}

export async function ownerOfToken(sql: Sql, token: string): Promise<TokenOwner | null> {
  const [row] = await sql.query<{ id: string; study_id: string; role: 'seller' | 'buyer'; condition: string }>(
    'SELECT id, study_id, role, condition FROM participants WHERE token_hash = $1',
    [hashToken(token)],
  );
  return row ? { participant: row.id, study: row.study_id, role: row.role, condition: row.condition } : null;
}
