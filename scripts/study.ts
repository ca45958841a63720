import { parseArgs } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hc } from 'hono/client';
import type { AppType } from '../server/app';

// `npm run study -- <command> [options]`: the researcher's admin tasks against a running endpoint.
const HELP = `Usage: npm run study -- <command> [options]

Commands:
  create --name NAME [--condition B.IIc]... [--balanced] [--min-turns 5] [--category lego]...
  list
  show STUDY_ID
  codes STUDY_ID [--count 10] [--role seller|buyer] [--condition B.IIc]
  export STUDY_ID [--format jsonl|csv|conversations|parlai|star] [--out FILE]

Options:
  --url URL        endpoint (default $FLOORWALKER_URL or http://127.0.0.1:8787)
  --token TOKEN    admin token (default $ADMIN_TOKEN or .data/admin-token)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    name: { type: 'string' },
    condition: { type: 'string', multiple: true },
    category: { type: 'string', multiple: true },
    balanced: { type: 'boolean' },
    'min-turns': { type: 'string' },
    count: { type: 'string' },
    role: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, id] = positionals;
if (values.help || !command) {
  console.log(HELP);
  process.exit(command ? 0 : 2);
}
const url = values.url ?? process.env.FLOORWALKER_URL ?? 'http://127.0.0.1:8787';
const token = values.token ?? process.env.ADMIN_TOKEN ?? (await readFile(join(process.env.DATA_DIR ?? '.data', 'admin-token'), 'utf8').catch(() => '')).trim();
if (!token) fail('No admin token: pass --token, set ADMIN_TOKEN, or run where .data/admin-token exists.');
const client = hc<AppType>(url, { headers: { Authorization: `Bearer ${token}` } });

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) fail(`${res.status}: ${body.error ?? res.statusText}`);
  return body;
}
const need = (v: string | undefined, what: string) => v ?? fail(`${command} needs ${what}`);
/** A JSON request body; headers given here replace the client's, so the token goes in again. */
const jsonInit = (body: unknown) => ({ init: { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } } });

try {
  switch (command) {
    case 'create': {
      const body: Record<string, unknown> = { name: need(values.name, '--name') };
      if (values.condition) body.conditions = values.condition;
      if (values.balanced) body.assignment = 'balanced';
      if (values['min-turns']) body.minTurns = Number(values['min-turns']);
      if (values.category) body.categories = values.category;
      const study = await answer<{ id: string; conditions: string[] }>(await client.v1.studies.$post({}, jsonInit(body)));
      console.log(`Created ${study.id} (${study.conditions.join(', ')})`);
      break;
    }
    case 'list': {
      const studies = await answer<{ id: string; name: string; conditions: string[]; createdAt: string }[]>(await client.v1.studies.$get());
      for (const s of studies) console.log(`${s.id}\t${s.name}\t${s.conditions.join(',')}\t${s.createdAt}`);
      if (!studies.length) console.log('No studies yet.');
      break;
    }
    case 'show':
      console.log(JSON.stringify(await answer(await client.v1.studies[':id'].$get({ param: { id: need(id, 'STUDY_ID') } })), null, 2));
      break;
    case 'codes': {
      const body: Record<string, unknown> = { count: Number(values.count ?? 1), role: values.role ?? 'seller' };
      if (values.condition?.[0]) body.condition = values.condition[0];
      const res = await client.v1.studies[':id'].participants.$post({ param: { id: need(id, 'STUDY_ID') } }, jsonInit(body));
      const { codes } = await answer<{ codes: { code: string; role: string; condition: string }[] }>(res);
      for (const c of codes) console.log(`${c.code}\t${c.role}\t${c.condition}`);
      break;
    }
    case 'export': {
      const format = values.format ?? 'jsonl';
      const exportUrl = client.v1.studies[':id'].export.$url({ param: { id: need(id, 'STUDY_ID') } });
      exportUrl.searchParams.set('format', format);
      const res = await fetch(exportUrl, { headers: { Authorization: `Bearer ${token}` } });
      if (!res.ok) await answer(res);
      const text = await res.text();
      if (values.out) {
        await writeFile(values.out, text);
        console.log(`Wrote ${values.out} (${text.length} bytes)`);
      } else process.stdout.write(text);
      break;
    }
    default:
      fail(`Unknown command "${command}".\n\n${HELP}`);
  }
} catch (e) {
  fail(`Could not reach ${url}: ${e instanceof Error ? e.message : String(e)}`);
}
