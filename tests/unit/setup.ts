import { installLexiconFile } from '../../scripts/lexicon/install';

// Extraction reads the English lexicon, which the background fetches at its first extraction; tests read the same
// committed file (public/lexicon.json) before any of them runs.
installLexiconFile();
