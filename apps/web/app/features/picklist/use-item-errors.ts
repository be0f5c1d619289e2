import { useCallback, useEffect, useRef, useState } from 'react';
import { ITEM_ERROR_CLEAR_MS } from '@bygg/domain/limits';

/**
 * Per-item error messages that clear themselves after 1.5 s or on click (storefront spec §4,
 * §9 "item error clear delay"). Keyed by article id; a new error for the same item restarts
 * its timer.
 */
export function useItemErrors(clearAfterMs: number = ITEM_ERROR_CLEAR_MS) {
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const clear = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setErrors((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  const show = useCallback(
    (id: number, message: string) => {
      const previous = timers.current.get(id);
      if (previous !== undefined) clearTimeout(previous);
      timers.current.set(
        id,
        setTimeout(() => clear(id), clearAfterMs),
      );
      setErrors((current) => new Map(current).set(id, message));
    },
    [clear, clearAfterMs],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { errors, show, clear };
}
