import { useCallback, useState } from 'preact/hooks';
import { OverlayShell } from '@/components/overlay/OverlayShell';
import { usePlacement } from '@/components/overlay/usePlacement';
import { DEFAULT_OVERLAY_PLACE, type OverlayPlace } from '@/lib/overlay/site-prefs';
import { SessionSection, type LoggerStatus } from '@/components/overlay/SessionSection';
import { useObservable } from '@/components/useObservable';
import { observable, type Observable } from '@/lib/observable';
import type { PageContext } from '@/lib/rpc/api';
import { SearchPanel, type SearchApi } from '@/components/overlay/search/SearchPanel';
import type { LogFn } from '@/lib/logger/event-log';
import { CoachPanel } from '@/components/overlay/coach/CoachPanel';
import { ProfilePanel } from '@/components/overlay/coach/ProfilePanel';
import type { CoachHandle } from '@/lib/coach/handle';
import type { ShareHandle, ShareState } from '@/lib/share/handle';
import { ShareTray } from '@/components/overlay/share/ShareTray';
import { ShareActions } from '@/components/overlay/share/ShareActions';
import { productFromHit } from '@/lib/share/items';
import { LIVE_TOPICS, type LiveChange } from '@/lib/live/change';
import { useLiveSeq } from '@/components/useLive';

export interface OverlayDeps {
  context: Observable<PageContext | null>;
  status: Observable<LoggerStatus>;
  /** Changes recorded elsewhere (lib/live), heard by the page's content script: a catalog change resets the search. */
  live: Observable<LiveChange | null>;
  /** Where the panel sits on this site, as mirrored for content scripts; null when there is no mirror (then the page context's). */
  place: OverlayPlace | null;
  savePrefs(place: OverlayPlace): void;
  /** The chat's input and send button, which the panel must never cover. */
  chatParts(): Element[];
  /** Elements of Floorwalker's own UI, which are not the page's. */
  isOurs(el: Element): boolean;
  search: SearchApi;
  log: LogFn;
  coach: Observable<CoachHandle | null>;
  share: Observable<ShareHandle | null>;
  /** The category the chat page says the conversation is about, when it says (the pilot room): the search's default. */
  chatCategory?: Observable<string | null>;
}

const NO_SHARE_STATE = observable<ShareState | null>(null);

/** The panel on a chat page: coach, Buyer profile, share tray, catalog search and session status, in the docked shell. */
const CATALOG_TOPICS = [LIVE_TOPICS.catalog];

export function Overlay({
  context,
  status,
  live,
  place,
  savePrefs,
  chatParts,
  isOurs,
  search,
  log,
  coach,
  share,
  chatCategory,
}: OverlayDeps) {
  const ctx = useObservable(context);
  const coachController = useObservable(coach);
  const shareController = useObservable(share);
  const shareState = useObservable<ShareState | null>(shareController?.state ?? NO_SHARE_STATE);
  const stats = useObservable(status);
  const catalogSeq = useLiveSeq(live, CATALOG_TOPICS);
  // The Buyer ended the chat (the pilot page says so): the coach says it too, and nothing more can be sent.
  const ended = shareState?.guess?.ended ?? false;
  const [local, setLocal] = useState<OverlayPlace | null>(null);
  const prefs = local ?? place ?? ctx?.overlay ?? DEFAULT_OVERLAY_PLACE;
  // Opened from a tab it was pushed into (no side left the chat clear): the participant asked, so it floats over the page.
  const [forcedOpen, setForcedOpen] = useState(false);
  const update = useCallback(
    (next: OverlayPlace) => {
      setForcedOpen(false);
      setLocal(next);
      savePrefs(next);
    },
    [savePrefs],
  );
  const chosen = usePlacement(prefs, chatParts, isOurs);
  const placement = forcedOpen && chosen.placement.mode === 'tab' ? { mode: 'float' as const, side: prefs.side } : chosen.placement;
  const collapsed = placement.mode === 'tab';
  return (
    <div class="fw-root">
      <OverlayShell
        collapsed={collapsed}
        side={placement.side}
        mode={placement.mode}
        tabTop={chosen.tabTop}
        onCollapsedChange={(next) => {
          if (next !== prefs.collapsed) update({ ...prefs, collapsed: next });
          if (!next) setForcedOpen(true);
        }}
        onSideChange={(side) => update({ ...prefs, side })}
      >
        {coachController && <CoachPanel coach={coachController} ended={ended} />}
        {coachController && <ProfilePanel coach={coachController} />}
        {shareController && <ShareTray share={shareController} />}
        <SearchPanel
          api={search}
          log={log}
          profile={coachController?.view}
          catalogSeq={catalogSeq}
          chatCategory={chatCategory}
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
