import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanOutcome } from '../lib/gate-engine';
import { GateResultPanel } from './gate-result-panel';

function outcome(overrides: Partial<ScanOutcome> = {}): ScanOutcome {
  return {
    id: 'scan-1',
    tone: 'admitted',
    reason: null,
    message: 'Admitted.',
    ticket: {
      code: 'T0000000000000AA',
      booking_id: 'MQ7K3P9X2A01',
      holder_name: 'Dilani Fernando',
      package_name: 'VIP',
      seat: 'Stalls · Row A · Seat 3',
    },
    decidedOffline: false,
    scannedAt: '2026-12-05T13:00:00.000Z',
    ...overrides,
  };
}

describe('GateResultPanel', () => {
  it('says it is ready before the first scan', () => {
    render(<GateResultPanel outcome={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Ready: hold a ticket');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('an admission: "Admitted" in green with the name, package and seat, read politely', () => {
    render(<GateResultPanel outcome={outcome()} />);
    const status = screen.getByRole('status');
    expect(within(status).getByText('Admitted')).toBeInTheDocument();
    expect(status.querySelector('[data-result]')).toHaveClass('bg-green-800');
    expect(status.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(within(status).getByText('Dilani Fernando')).toBeInTheDocument();
    expect(within(status).getByText('VIP')).toBeInTheDocument();
    expect(within(status).getByText('Stalls · Row A · Seat 3')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it("shows a ticket's name, package and seat only: never its code or Booking ID", () => {
    render(<GateResultPanel outcome={outcome()} />);
    expect(document.body).not.toHaveTextContent('MQ7K3P9X2A01');
    expect(document.body).not.toHaveTextContent('T0000000000000AA');
  });

  it('a refusal: "Refused" in red with the reason, read at once (alert)', () => {
    render(
      <GateResultPanel
        outcome={outcome({
          tone: 'refused',
          reason: 'voided',
          message: 'Do not admit: this ticket was refunded and is no longer valid.',
        })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Refused')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Do not admit: this ticket was refunded and is no longer valid.');
    expect(alert.querySelector('[data-result]')).toHaveClass('bg-red-800');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('already scanned: amber, with when and where', () => {
    render(
      <GateResultPanel
        outcome={outcome({
          tone: 'warning',
          reason: 'already_used',
          message: 'Already scanned at 6:58 PM at VIP gate.',
        })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Already scanned')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Already scanned at 6:58 PM at VIP gate.');
    expect(alert.querySelector('[data-result]')).toHaveClass('bg-amber-300');
  });

  it('a refusal without a ticket (a forged code) has no name to show', () => {
    render(
      <GateResultPanel
        outcome={outcome({ tone: 'refused', reason: 'bad_signature', ticket: null, message: 'Forged.' })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('RefusedForged.');
    expect(screen.queryByText('Name')).toBeNull();
  });

  it('an offline admission says it was decided on the phone', () => {
    render(
      <GateResultPanel
        outcome={outcome({
          decidedOffline: true,
          message: 'Admitted offline: the scan is sent when the network is back.',
        })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Admitted offline');
  });
});
