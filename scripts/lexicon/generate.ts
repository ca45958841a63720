/**
 * Makes public/lexicon.json (lib/profile/lexicon-file.ts) from the installed compromise package. The build runs it
 * (wxt.config.ts), so the shipped file follows the package; it is committed as well, so tests and scripts read it
 * without loading compromise, and a unit test checks it equals what this makes now. `npm run lexicon` runs it alone.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lexiconFileText, type TaggedLexicon } from '../../lib/profile/lexicon-file';
import { LEXICON_FILE } from './paths';

/** The file's text as the installed compromise gives it. compromise is imported here only, so importing this module is cheap. */
export async function generatedLexiconText(): Promise<string> {
  const { default: nlp } = await import('compromise');
  const model = nlp.model() as { one: { lexicon: TaggedLexicon } };
  return lexiconFileText(model.one.lexicon, `compromise ${nlp.version}`);
}

/** Writes the file when it differs from what is there; says whether it did. */
export async function writeLexiconFile(path: string = LEXICON_FILE): Promise<boolean> {
  const text = await generatedLexiconText();
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current === text) return false;
  // Written whole or not at all: a test or a build reading it meanwhile never sees half a file.
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
  return true;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(resolve(entry)).href) {
  const written = await writeLexiconFile();
  console.log(written ? `Wrote ${LEXICON_FILE}` : `${LEXICON_FILE} is up to date`);
}
