import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEXICON_PATH } from '../../lib/profile/lexicon-file';

/** The committed lexicon file, in public/ so the extension ships it as it is. */
export const LEXICON_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../public', LEXICON_PATH);
