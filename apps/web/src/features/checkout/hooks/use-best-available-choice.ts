import { useSyncExternalStore } from 'react';
import { readBestAvailable, subscribeToBestAvailable, type BestAvailableChoice } from '../lib/checkout-storage';

/** The best-available request this tab keeps for the event (checkout-storage), re-read when it changes. */
export function useBestAvailableChoice(eventUid: string): BestAvailableChoice | null {
  return useSyncExternalStore(
    subscribeToBestAvailable,
    () => readBestAvailable(eventUid),
    () => null,
  );
}
