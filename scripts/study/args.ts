import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { StudyConfigSchema } from '../../lib/study/config';
import { parseCoachingSchema } from '../../lib/coach/coaching-schema';
import { refusal } from '../../lib/validation';
import { EXPORT_FORMATS, type ExportFormat } from '../../lib/export/formats';
import { DEFAULT_SEED } from '../../lib/analysis/bootstrap';

export const HELP = `Usage: npm run study -- <command> [options]

Commands:
  create --name NAME [--condition B.IIc]... [--balanced] [--min-turns 5] [--category lego]...
         [--catalog-version default] [--coaching-schema FILE.json] [--keep-url-query] [--config FILE.json]
  list
  show STUDY_ID
  codes STUDY_ID [--count 10] [--role seller|buyer] [--condition B.IIc]
  export STUDY_ID [--format jsonl|csv|conversations|parlai|star] [--out FILE]
  report EXPORT_FILE|STUDY_ID [--out DIR] [--seed N]

create sends everything POST /v1/studies takes: --config gives a whole study as JSON (the flags override it),
--coaching-schema a coaching schema file (checked before it is sent). codes issues Seller codes (a Seller joins
the study with one, in the extension or on the pilot's start page) or, with --role buyer, Buyer codes: once a study
has Buyer codes, the pilot's Buyer page asks for one (a Buyer link may carry it as ?code=ABCD-1234) and the Buyer is
recorded as that participant; without them each room records its Buyer as buyer-<room>. export streams to FILE, or to stdout
without --out, and reports the bytes written on stderr; an export the server cuts off part-way exits 1 and keeps
no FILE.

report computes the paper's measures (Figure 3 and the Buyer's hovers, act frequencies, mean turns per category,
words per message, share modes, Guess outcomes, suggestion use, preference-memory confirmation) from an export:
events.jsonl, or the options page's ZIP; given a STUDY_ID instead of a file, it exports the study's events from the
server first. It writes a CSV per table, an SVG per figure and index.html showing them all to DIR (default
report/); --seed sets the bootstrap's seed (default 19), so the same export gives the same bounds.

Options:
  --url URL        endpoint (default $FLOORWALKER_URL or http://127.0.0.1:8787)
  --token TOKEN    admin token (default $ADMIN_TOKEN or $DATA_DIR/admin-token, DATA_DIR defaulting to .data)

Exit status: 0 done, 1 the server refused, could not be reached or stopped sending an export part-way, 2 wrong
command or options.`;

/** A command line that cannot work: the CLI says why and exits with 2 before asking the server anything. */
export class UsageError extends Error {}

/** Where report writes when --out is not given. */
const DEFAULT_REPORT_DIR = 'report';
/** Seeds are 32-bit (the bootstrap's generator). */
const MAX_SEED = 2 ** 32 - 1;

/** Participant codes one request may ask for (the server's limit). */
const MAX_CODES = 1000;

export type Command =
  | { kind: 'help' }
  | { kind: 'create'; study: Record<string, unknown> }
  | { kind: 'list' }
  | { kind: 'show'; id: string }
  | { kind: 'codes'; id: string; request: { count: number; role: 'seller' | 'buyer'; condition?: string } }
  | { kind: 'export'; id: string; format: ExportFormat; out: string | null }
  | { kind: 'report'; source: string; out: string; seed: number };

export interface Connection {
  url: string;
  token: string | undefined;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string' },
        condition: { type: 'string', multiple: true },
        category: { type: 'string', multiple: true },
        balanced: { type: 'boolean' },
        'min-turns': { type: 'string' },
        'catalog-version': { type: 'string' },
        'coaching-schema': { type: 'string' },
        'keep-url-query': { type: 'boolean' },
        config: { type: 'string' },
        count: { type: 'string' },
        role: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

const wholeNumber = (value: string, option: string, min: number, max: number): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`${option} must be a whole number from ${min} to ${max} (got "${value}")`);
  return n;
};

async function jsonFile(path: string, option: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${option}: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${option}: ${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The study to create, from --config and the flags, checked with the server's own schema before it is sent. */
async function studyFrom(values: ReturnType<typeof parse>['values']): Promise<Record<string, unknown>> {
  const base = values.config ? await jsonFile(values.config, '--config') : {};
  if (!base || typeof base !== 'object' || Array.isArray(base))
    throw new UsageError('--config must hold a JSON object (a study, as POST /v1/studies takes it)');
  const study: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  if (values.name !== undefined) study.name = values.name;
  if (values.condition) study.conditions = values.condition;
  if (values.balanced) study.assignment = 'balanced';
  if (values['min-turns'] !== undefined) study.minTurns = wholeNumber(values['min-turns'], '--min-turns', 0, 100);
  if (values.category) study.categories = values.category;
  if (values['catalog-version'] !== undefined) study.catalogVersion = values['catalog-version'];
  if (values['keep-url-query']) study.keepUrlQuery = true;
  if (values['coaching-schema']) {
    const schema = await jsonFile(values['coaching-schema'], '--coaching-schema');
    const checked = parseCoachingSchema(schema);
    if (!checked.ok) throw new UsageError(`--coaching-schema: ${values['coaching-schema']}: ${checked.errors.join('; ')}`);
    study.coachingSchema = schema;
  }
  if (study.name === undefined) throw new UsageError('create needs --name (or a name in --config)');
  const checked = v.safeParse(StudyConfigSchema, study);
  if (!checked.success) throw new UsageError(refusal('Invalid study', checked.issues));
  return study;
}

/** Reads the command line: what to do, and where. Throws UsageError for anything that cannot work. */
export async function parseCommand(
  argv: string[],
  environment: Record<string, string | undefined>,
): Promise<{ command: Command; connection: Connection }> {
  const { values, positionals } = parse(argv);
  const connection = {
    url: values.url ?? environment.FLOORWALKER_URL ?? 'http://127.0.0.1:8787',
    token: values.token ?? environment.ADMIN_TOKEN,
  };
  const [name, id, ...extra] = positionals;
  if (values.help) return { command: { kind: 'help' }, connection };
  if (!name) throw new UsageError('No command given.');
  if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  const needId = () => {
    if (id === undefined) throw new UsageError(`${name} needs a STUDY_ID`);
    return id;
  };
  const noId = () => {
    if (id !== undefined) throw new UsageError(`${name} takes no STUDY_ID (got "${id}")`);
  };
  switch (name) {
    case 'create':
      noId();
      return { command: { kind: 'create', study: await studyFrom(values) }, connection };
    case 'list':
      noId();
      return { command: { kind: 'list' }, connection };
    case 'show':
      return { command: { kind: 'show', id: needId() }, connection };
    case 'codes': {
      const role = values.role ?? 'seller';
      if (role !== 'seller' && role !== 'buyer') throw new UsageError(`--role must be seller or buyer (got "${role}")`);
      if ((values.condition?.length ?? 0) > 1) throw new UsageError('codes takes one --condition');
      const count = values.count === undefined ? 1 : wholeNumber(values.count, '--count', 1, MAX_CODES);
      const condition = values.condition?.[0];
      return { command: { kind: 'codes', id: needId(), request: { count, role, ...(condition ? { condition } : {}) } }, connection };
    }
    case 'export': {
      const format = values.format ?? 'jsonl';
      if (!(EXPORT_FORMATS as readonly string[]).includes(format))
        throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')} (got "${format}")`);
      return { command: { kind: 'export', id: needId(), format: format as ExportFormat, out: values.out ?? null }, connection };
    }
    case 'report': {
      if (id === undefined) throw new UsageError('report needs an EXPORT_FILE or a STUDY_ID');
      const seed = values.seed === undefined ? DEFAULT_SEED : wholeNumber(values.seed, '--seed', 0, MAX_SEED);
      return { command: { kind: 'report', source: id, out: values.out ?? DEFAULT_REPORT_DIR, seed }, connection };
    }
    default:
      throw new UsageError(`Unknown command "${name}".`);
  }
}
