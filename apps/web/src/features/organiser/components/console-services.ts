import { createContext, useContext, type ComponentType } from 'react';
import type { EventDetail } from '@marquee/domain/catalog';
import type { GenericSeatMap, SeatMap } from '@marquee/domain/seat-map';

/** What the seat assignment hands the buyer's renderer to draw (the event page's Seats section). */
export interface SeatAssignmentMapProps {
  map: SeatMap;
  /** The event's packages that own seats, each drawn in its colour and named in the map's legend. */
  packages: readonly { id: number; name: string; color_class: number }[];
  /** The seats of every package but the chosen one: stable until the event is saved again. */
  owners: ReadonlyMap<string, number>;
  /** The package being assigned and its seats as they are being edited; null while none is chosen. */
  chosen: { id: number; seatIds: ReadonlySet<string> } | null;
  /** A seat clicked, tapped, or toggled with Space or Enter. */
  onSeatActivate(seatId: string): void;
  /** The words for the seat the keyboard is on (announced as it moves). */
  describeSeat(seatId: string): string;
  /** R or S on the map: the row or the section of the seat the keyboard is on. Absent: read only. */
  onGroupActivate?(seatId: string, group: 'row' | 'section'): void;
}

/** Who is signed in, as the app's session says (the accounts feature, composed in by the route). */
export type ConsoleSession = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; email: string };

/**
 * What the console takes from the rest of the app. Features do not import each other (CONVENTIONS), so the
 * route that mounts the console hands these in: the session and the sign-in modal (accounts), the buyer's
 * seat-map renderer for the layout builder's preview and for seat assignment (seat-map), and the buyer's event
 * page for the event preview (event).
 */
export interface ConsoleServices {
  session: ConsoleSession;
  openSignIn(): void;
  /** Starts loading the sign-in modal's code (on hover), where the app can. */
  preloadSignIn?(): void;
  /** The server said the session is gone (401): the app reads its session again, and shows itself signed out. */
  onSessionLost(): void;
  /** Draws a generic seat map as buyers will see it. */
  LayoutPreview: ComponentType<{ map: GenericSeatMap }>;
  /** Draws a venue's map coloured by the event's packages, for seat assignment. */
  SeatAssignmentMap: ComponentType<SeatAssignmentMapProps>;
  /** The buyer's event page for an event's answer, read only (the console's preview). */
  EventPreview: ComponentType<{ event: EventDetail }>;
}

export const ConsoleServicesContext = createContext<ConsoleServices | null>(null);

export function useConsoleServices(): ConsoleServices {
  const services = useContext(ConsoleServicesContext);
  if (!services) throw new Error('The organiser console needs a ConsoleServicesContext above it.');
  return services;
}
