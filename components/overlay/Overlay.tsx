import { useCallback, useState } from 'preact/hooks';
import { OverlayShell, type Side } from '@/components/overlay/OverlayShell';
import { SessionSection, type LoggerStatus } from '@/components/overlay/SessionSection';
import { useObservable } from '@/components/useObservable';
import { observable, type Observable } from '@/lib/observable';
import type { PageContext } from '@/lib/rpc/api';
import { SearchPanel, type SearchApi } from '@/components/overlay/search/SearchPanel';
import type { LogFn } from '@/lib/logger/event-log';
import { CoachPanel } from '@/components/overlay/coach/CoachPanel';
import { ProfilePanel } from '@/components/overlay/coach/ProfilePanel';
import type { CoachController } from '@/lib/coach/controller';
import type { ShareController, ShareState } from '@/lib/share/controller';
import { ShareTray } from '@/components/overlay/share/ShareTray';
import { ShareActions } from '@/components/overlay/share/ShareActions';
import { productFromHit } from '@/lib/share/items';

export interface OverlayDeps {
  context: Observable<PageContext | null>;
  status: Observable<LoggerStatus>;
  savePrefs(prefs: PageContext['overlay']): void;
  search: SearchApi;
  log: LogFn;
  coach: Observable<CoachController | null>;
  share: Observable<ShareController | null>;
}

const NO_SHARE_STATE = observable<ShareState | null>(null);

/** The panel on a chat page: coach, Buyer profile, share tray, catalog search and session status, in the docked shell. */
export function Overlay({ context, status, savePrefs, search, log, coach, share }: OverlayDeps) {
  const ctx = useObservable(context);
  const coachController = useObservable(coach);
  const shareController = useObservable(share);
  const shareState = useObservable<ShareState | null>(shareController?.state ?? NO_SHARE_STATE);
  const stats = useObservable(status);
  const [local, setLocal] = useState<PageContext['overlay'] | null>(null);
  const prefs = local ?? ctx?.overlay ?? { collapsed: false, side: 'right' as Side };
  const update = useCallback(
    (next: PageContext['overlay']) => {
      setLocal(next);
      savePrefs(next);
    },
    [savePrefs],
  );
  return (
    <div class="fw-root">
      <OverlayShell
        collapsed={prefs.collapsed}
        side={prefs.side}
        onCollapsedChange={(collapsed) => update({ ...prefs, collapsed })}
        onSideChange={(side) => update({ ...prefs, side })}
      >
        {coachController && <CoachPanel coach={coachController} />}
        {coachController && <ProfilePanel coach={coachController} />}
        {shareController && <ShareTray share={shareController} />}
        <SearchPanel
          api={search}
          log={log}
          profile={coachController?.view}
          actions={
            shareController && shareState
              ? (hit, from) => <ShareActions share={shareController} state={shareState} item={{ product: productFromHit(hit), from }} />
              : undefined
          }
        />
        <SessionSection context={ctx} status={stats} />
      </OverlayShell>
    </div>
  );
}
