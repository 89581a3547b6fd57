import { describe, expect, it } from 'vitest';
import {
  cancellationConsequences,
  mayCancel,
  mayPostpone,
  postponementConsequences,
  progressWords,
} from './event-cancellation-words';

describe('the words of a cancellation', () => {
  it('counts orders and buyers in the dialogs, one and many', () => {
    expect(cancellationConsequences({ paid: 1, refundable: 1 }, true)).toEqual([
      'Sales stop at once and the event cannot be changed or re-opened afterwards.',
      '1 paid order: its buyer e-mailed once, with your reason.',
      '1 paid order refunded in full through the payment provider, in the background: you can leave this page.',
      'Every ticket stops admitting at the gate as its order is refunded.',
    ]);
    expect(cancellationConsequences({ paid: 0, refundable: 0 }, true)[1]).toBe(
      'No one has bought tickets, so no one is e-mailed.',
    );
    expect(cancellationConsequences({ paid: 4, refundable: 3 }, false)[2]).toMatch(/^Nothing is refunded here/);
    expect(postponementConsequences(2)[1]).toBe(
      '2 paid orders: each of their 2 buyers e-mailed once, with your message and the new date if you give one.',
    );
  });

  it('reads the progress as the live region says it', () => {
    const job = { total: 120, refunded: 37, failed: 0, pending: 83, status: 'running' as const };
    expect(progressWords(job)).toBe('Refunded 37 of 120 orders.');
    expect(progressWords({ ...job, refunded: 119, failed: 0, pending: 0 })).toBe(
      'Refunded 119 of 120 orders: waiting for the payment provider to confirm.',
    );
    expect(progressWords({ ...job, refunded: 118, failed: 2, pending: 0, status: 'failed' })).toBe(
      'Refunded 118 of 120 orders, 2 failed: finished; the failed orders need the orders desk.',
    );
    expect(progressWords({ total: 1, refunded: 1, failed: 0, pending: 0, status: 'done' })).toBe(
      'Refunded 1 of 1 order: finished.',
    );
  });

  it('offers the actions the lifecycle allows', () => {
    expect(mayCancel('draft')).toBe(false);
    expect(mayCancel('ongoing')).toBe(true);
    expect(mayCancel('cancelled')).toBe(true);
    expect(mayPostpone('postponed')).toBe(true);
    expect(mayPostpone('closed')).toBe(false);
    expect(mayPostpone('cancelled')).toBe(false);
  });
});
