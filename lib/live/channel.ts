import { LIVE_CHANGE_KEY, parseLiveChange, type LiveChange, type LiveDetail, type LiveTopic } from './change';

/** The part of `browser.storage.local` the background writes changes to (a fake in tests). */
export interface LiveArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** `browser.storage.onChanged`, as far as a listener needs it. */
export type StorageChanges = Record<string, { newValue?: unknown; oldValue?: unknown }>;
export type StorageListener = (changes: StorageChanges, areaName: string) => void;
export interface StorageChangeEvent {
  addListener(listener: StorageListener): void;
  removeListener(listener: StorageListener): void;
}

/** Records a change for every open context; resolves once it is in extension storage. */
export type RecordChange = (topic: LiveTopic, detail?: LiveDetail) => Promise<void>;

/**
 * The background's side: each change is written with the next sequence number after the stored one, read from
 * storage rather than kept in the worker, which may have been stopped and started since the last change. Writes are
 * chained so two changes made at once by one worker do not read the same number.
 */
export function liveRecorder(area: LiveArea, now: () => number = Date.now): RecordChange {
  let last: Promise<void> = Promise.resolve();
  return (topic, detail) => {
    const write = async () => {
      const before = parseLiveChange((await area.get(LIVE_CHANGE_KEY))[LIVE_CHANGE_KEY]);
      const change: LiveChange = { topic, seq: (before?.seq ?? 0) + 1, at: now(), ...(detail ? { detail } : {}) };
      await area.set({ [LIVE_CHANGE_KEY]: change });
    };
    const next = last.then(write, write);
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * A context's side: calls `onChange` for each change of one of `topics` recorded from now on, until the returned
 * function is called. Only the local area's live key counts; anything else stored there is not a change of state.
 */
export function onLiveChange(events: StorageChangeEvent, topics: readonly LiveTopic[], onChange: (change: LiveChange) => void): () => void {
  const listener: StorageListener = (changes, areaName) => {
    if (areaName !== 'local' || !(LIVE_CHANGE_KEY in changes)) return;
    const change = parseLiveChange(changes[LIVE_CHANGE_KEY]?.newValue);
    if (change && topics.includes(change.topic)) onChange(change);
  };
  events.addListener(listener);
  return () => events.removeListener(listener);
}
