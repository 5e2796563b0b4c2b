import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False during server rendering and hydration, true after: for controls that need JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
