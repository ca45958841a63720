/** A content script registered at run time (browser.scripting), as this extension registers them. */
export interface ScriptRegistration {
  id: string;
  js: string[];
  matches: string[];
  runAt: 'document_end';
  allFrames: boolean;
  matchOriginAsFallback: boolean;
  persistAcrossSessions: boolean;
}

/** The part of browser.scripting that registrations use (so tests can run them without a browser). */
export interface ScriptingLike {
  getRegisteredContentScripts(filter?: {
    ids?: string[];
  }): Promise<{ id: string; matches?: string[]; allFrames?: boolean; matchOriginAsFallback?: boolean }[]>;
  registerContentScripts(scripts: ScriptRegistration[]): Promise<void>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
}

/**
 * Makes the browser's registration `wanted.id` match `wanted`: left alone when it does already, replaced when it
 * differs (a registration from an older version, made with other frames, is replaced too), and removed when nothing
 * is left to match. Read-modify-write on the browser's list: callers run one at a time.
 */
export async function syncRegistration(scripting: ScriptingLike, wanted: ScriptRegistration): Promise<void> {
  const [current] = await scripting.getRegisteredContentScripts({ ids: [wanted.id] });
  if (
    current &&
    sameSet(current.matches ?? [], wanted.matches) &&
    Boolean(current.allFrames) === wanted.allFrames &&
    Boolean(current.matchOriginAsFallback) === wanted.matchOriginAsFallback
  ) {
    return;
  }
  if (current) await scripting.unregisterContentScripts({ ids: [wanted.id] });
  if (wanted.matches.length) await scripting.registerContentScripts([wanted]);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
}
