import { useEffect, useState } from 'preact/hooks';
import type { Observable } from '@/lib/observable';

export function useObservable<T>(source: Observable<T>): T {
  const [value, setValue] = useState(source.get());
  useEffect(() => {
    setValue(source.get());
    return source.subscribe(setValue);
  }, [source]);
  return value;
}
