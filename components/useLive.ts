import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { LiveChange, LiveTopic } from '@/lib/live/change';
import { onLiveChange } from '@/lib/live/channel';
import type { Observable } from '@/lib/observable';

/**
 * For extension pages (the popup, the options page): calls `onChange` for every change of one of `topics` the
 * background records (lib/live) while the component is mounted, so the page re-reads what it shows. For example
 * `useLive([LIVE_TOPICS.dataDeleted, LIVE_TOPICS.catalog], refresh)`.
 */
export function useLive(topics: readonly LiveTopic[], onChange: (change: LiveChange) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = topics.join(',');
  useEffect(() => onLiveChange(browser.storage.onChanged, topics, (c) => latest.current(c)), [key]);
}

/**
 * For the overlay, which hears changes through its content script's one listener: the sequence number of the last
 * change of one of `topics` (0 before any), a value to key effects on.
 */
export function useLiveSeq(live: Observable<LiveChange | null>, topics: readonly LiveTopic[]): number {
  const [seq, setSeq] = useState(0);
  const key = topics.join(',');
  useEffect(
    () =>
      live.subscribe((change) => {
        if (change && topics.includes(change.topic)) setSeq(change.seq);
      }),
    [live, key],
  );
  return seq;
}
