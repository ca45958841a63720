import { readFileSync } from 'node:fs';
import { installLexicon } from '../../lib/profile/lexicon';
import { LEXICON_FILE } from './paths';

/** Loads the committed lexicon file into lib/profile/lexicon for Node (tests, scripts, benchmarks): a few milliseconds, no compromise. */
export function installLexiconFile(path: string = LEXICON_FILE): void {
  installLexicon(JSON.parse(readFileSync(path, 'utf8')));
}
