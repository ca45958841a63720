import type { PermissionsLike } from '../../../lib/background/site-service';
import type { ScriptingLike, ScriptRegistration } from '../../../lib/background/script-registration';
import { originsFor } from '../../../lib/sites/site';

/** What the fake keeps of a registration: what the browser reports back of it. */
export type KeptRegistration = Pick<ScriptRegistration, 'id' | 'js' | 'matches' | 'allFrames' | 'matchOriginAsFallback'>;

/** The browser's permissions and content-script registry, as far as the site service uses them. */
export function fakeBrowser(granted: string[] = ['http://localhost/*', 'http://127.0.0.1/*']) {
  const origins = new Set(granted);
  const scripts = new Map<string, KeptRegistration>();
  const calls = { register: 0, unregister: 0 };
  const permissions: PermissionsLike = {
    getAll: async () => ({ origins: [...origins] }),
    contains: async ({ origins: o }) => o.every((x) => origins.has(x)),
    remove: async ({ origins: o }) => (o.forEach((x) => origins.delete(x)), true),
  };
  const scripting: ScriptingLike = {
    getRegisteredContentScripts: async (f) => [...scripts.values()].filter((s) => !f?.ids || f.ids.includes(s.id)),
    registerContentScripts: async (list) => {
      for (const s of list) {
        if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
        if (!s.matches.length) throw new Error(`Script with ID '${s.id}' must specify 'matches'`);
        const { id, js, matches, allFrames, matchOriginAsFallback } = s;
        scripts.set(id, { id, js, matches, allFrames, matchOriginAsFallback });
        calls.register++;
      }
    },
    unregisterContentScripts: async (f) => {
      for (const id of f?.ids ?? [...scripts.keys()]) {
        if (!scripts.delete(id)) throw new Error(`Nonexistent script ID '${id}'`);
        calls.unregister++;
      }
    },
  };
  return {
    origins,
    scripts,
    calls,
    permissions,
    scripting,
    grant: (host: string) => originsFor(host).forEach((o) => origins.add(o)),
    revoke: (host: string) => originsFor(host).forEach((o) => origins.delete(o)),
  };
}
