/** A value that UI can subscribe to; tiny on purpose, for the content script's bundle. */
export interface Observable<T> {
  get(): T;
  set(next: T): void;
  subscribe(fn: (value: T) => void): () => void;
}

export function observable<T>(initial: T): Observable<T> {
  let value = initial;
  const subscribers = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const fn of subscribers) fn(value);
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
  };
}

/** The observable's first value that is not null: now if it has one, else when it is set. */
export function firstValue<T>(source: Observable<T | null>): Promise<T> {
  const now = source.get();
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve) => {
    const off = source.subscribe((value) => {
      if (value === null) return;
      off();
      resolve(value);
    });
  });
}
