import { useEffect, useMemo, useState } from 'react';
import type { EventDetail } from '@marquee/domain/catalog';
import { reconcileSelection, type Selection } from '@marquee/domain/selection';

/**
 * Fits the stored selection to the event as loaded now: sold-out, inactive or vanished packages are
 * dropped and counts cut to what is allowed. Returns the fitted selection and the names of what was
 * removed (to tell the buyer), and writes the fitted selection back.
 */
export function useReconciledSelection(
  event: EventDetail,
  stored: Selection,
  onSelectionChange: (next: Selection) => void,
): [selection: Selection, removed: string[]] {
  const reconciled = useMemo(() => reconcileSelection(event, stored), [event, stored]);
  // The notice is taken when the event (re)loads, before the write-back below empties `removed`.
  const [checkedEvent, setCheckedEvent] = useState<EventDetail | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);
  if (checkedEvent !== event) {
    setCheckedEvent(event);
    setRemoved(reconciled.removed);
  }
  useEffect(() => {
    if (reconciled.removed.length > 0) onSelectionChange(reconciled.selection);
  }, [reconciled, onSelectionChange]);
  return [reconciled.selection, removed];
}
