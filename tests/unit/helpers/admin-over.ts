import type { FloorwalkerDb } from '../../../lib/db/database';
import { createAdminApi } from '../../../lib/background/admin-api';
import { createSearchService } from '../../../lib/background/search-service';
import type { SiteService } from '../../../lib/background/site-service';
import type { SyncService } from '../../../lib/background/sync-service';

/** The admin API over a database, for import tests; a second call over the same one is a restarted service worker. */
export function adminOver(db: FloorwalkerDb) {
  const search = createSearchService(db, async () => {
    throw new Error('an import must not load the default catalog');
  });
  const admin = createAdminApi({
    db,
    search,
    sync: {} as SyncService,
    fetchFn: async () => new Response(null, { status: 500 }),
    sites: {} as SiteService,
  });
  return { admin, search };
}
