import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hc } from 'hono/client';
import type { AppType } from '../server/app';
import { HELP, parseCommand, UsageError, type Command } from './study/args';
import { CutShort, download } from './study/download';
import { readExportFile, writeReport } from './study/report';

// `npm run study -- <command> [options]`: the researcher's admin tasks against a running endpoint.

/** Exit statuses: the server said no (or was not there, or cut an export off), or the command line cannot work. */
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

/** Something the server refused, or a network failure: said on stderr, exit 1. */
class Failed extends Error {}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Failed(`${res.status}: ${body.error ?? res.statusText}`);
  return body;
}

/** Streams a study's export to `out` (stdout when null), saying on failure how far it got. */
async function exportTo(res: Response, out: string | null): Promise<void> {
  if (!res.ok || !res.body) await answer(res);
  if (!res.body) return;
  try {
    await download(res.body, out);
  } catch (e) {
    if (e instanceof CutShort) {
      const kept = out === null ? 'what went to stdout is incomplete' : 'no file written';
      throw new Failed(`Export failed part-way: the server stopped sending after ${e.bytes.toLocaleString('en-US')} bytes; ${kept}`);
    }
    throw new Failed(`Export interrupted: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function run(command: Exclude<Command, { kind: 'help' }>, url: string, token: string): Promise<void> {
  const client = hc<AppType>(url, { headers: { Authorization: `Bearer ${token}` } });
  // A JSON request body; headers given here replace the client's, so the token goes in again.
  const jsonInit = (body: unknown) => ({
    init: { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } },
  });
  switch (command.kind) {
    case 'create': {
      const study = await answer<{ id: string; conditions: string[] }>(await client.v1.studies.$post({}, jsonInit(command.study)));
      console.log(`Created ${study.id} (${study.conditions.join(', ')})`);
      return;
    }
    case 'list': {
      const studies = await answer<{ id: string; name: string; conditions: string[]; createdAt: string }[]>(await client.v1.studies.$get());
      for (const s of studies) console.log(`${s.id}\t${s.name}\t${s.conditions.join(',')}\t${s.createdAt}`);
      if (!studies.length) console.log('No studies yet.');
      return;
    }
    case 'show':
      console.log(JSON.stringify(await answer(await client.v1.studies[':id'].$get({ param: { id: command.id } })), null, 2));
      return;
    case 'codes': {
      const res = await client.v1.studies[':id'].participants.$post({ param: { id: command.id } }, jsonInit(command.request));
      const { codes } = await answer<{ codes: { code: string; role: string; condition: string }[] }>(res);
      for (const c of codes) console.log(`${c.code}\t${c.role}\t${c.condition}`);
      return;
    }
    case 'export':
    case 'report': {
      const id = command.kind === 'export' ? command.id : command.source;
      const exportUrl = client.v1.studies[':id'].export.$url({ param: { id } });
      exportUrl.searchParams.set('format', command.kind === 'export' ? command.format : 'jsonl');
      const res = await fetch(exportUrl, { headers: { Authorization: `Bearer ${token}` } });
      if (command.kind === 'export') return exportTo(res, command.out);
      // The study's events go to a file beside the report, which is then read like any export.
      await mkdir(command.out, { recursive: true });
      const saved = join(command.out, `${id}.jsonl`);
      await exportTo(res, saved);
      return report(await readFile(saved), id, command);
    }
  }
}

/** Writes the report of an export; a file that is no export (a ZIP without events) is said as a failure. */
async function report(bytes: Uint8Array, source: string, command: Extract<Command, { kind: 'report' }>): Promise<void> {
  try {
    console.log(await writeReport(bytes, source, command.out, command.seed));
  } catch (e) {
    throw new Failed(`Cannot report on ${source}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function main(): Promise<void> {
  const { command, connection } = await parseCommand(process.argv.slice(2), process.env);
  if (command.kind === 'help') return void console.log(HELP);
  // A report of an export file needs no server.
  const file = command.kind === 'report' ? await readExportFile(command.source) : null;
  if (command.kind === 'report' && file) return report(file.bytes, file.source, command);
  const token = connection.token ?? (await readFile(join(process.env.DATA_DIR ?? '.data', 'admin-token'), 'utf8').catch(() => '')).trim();
  if (!token) throw new UsageError('No admin token: pass --token, set ADMIN_TOKEN, or run where .data/admin-token exists.');
  try {
    await run(command, connection.url, token);
  } catch (e) {
    if (e instanceof Failed) throw e;
    throw new Failed(
      `Could not reach ${connection.url}: ${e instanceof Error ? (e.cause instanceof Error ? `${e.message} (${e.cause.message})` : e.message) : String(e)}`,
    );
  }
}

try {
  await main();
} catch (e) {
  // The status is set and the process left to end by itself: process.exit() would drop output still queued for a
  // pipe, such as the part of an export already sent to stdout.
  if (e instanceof UsageError) {
    console.error(`${e.message}\nSee npm run study -- --help.`);
    process.exitCode = EXIT_USAGE;
  } else {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = EXIT_FAILED;
  }
}
