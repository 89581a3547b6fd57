import { describe, expect, it } from 'vitest';
import { parseBookingFlowStep } from './use-booking-step';

describe('the booking flow step', () => {
  it('is 4, the confirmation, only with the order it confirms, whatever the event status', () => {
    expect(parseBookingFlowStep('4', 'MQ7K3F9X2QHD', true)).toBe(4);
    expect(parseBookingFlowStep('4', 'MQ7K3F9X2QHD', false)).toBe(4);
    expect(parseBookingFlowStep('4', null, true)).toBe(3);
    expect(parseBookingFlowStep('4', null, false)).toBe(1);
  });

  it('reads 1 to 3 as before', () => {
    expect(parseBookingFlowStep('2', null, true)).toBe(2);
    expect(parseBookingFlowStep('3', 'MQ7K3F9X2QHD', true)).toBe(3);
    expect(parseBookingFlowStep('3', null, false)).toBe(1);
    expect(parseBookingFlowStep('9', null, true)).toBe(1);
  });

  it("is 3 with a saved order whatever the event status: a waitlist offer's held tickets may sell it out", () => {
    expect(parseBookingFlowStep('3', null, false, true)).toBe(3);
    expect(parseBookingFlowStep('4', null, false, true)).toBe(3);
    expect(parseBookingFlowStep('2', null, false, true)).toBe(1);
    expect(parseBookingFlowStep(null, null, false, true)).toBe(1);
  });
});
