import { createContext, useContext, type ComponentType } from 'react';
import type { GenericSeatMap } from '@marquee/domain/seat-map';

/** Who is signed in, as the app's session says (the accounts feature, composed in by the route). */
export type ConsoleSession = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; email: string };

/**
 * What the console takes from the rest of the app. Features do not import each other (CONVENTIONS), so the
 * route that mounts the console hands these in: the session and the sign-in modal (accounts), and the
 * buyer's seat-map renderer for the layout builder's preview (seat-map).
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
}

export const ConsoleServicesContext = createContext<ConsoleServices | null>(null);

export function useConsoleServices(): ConsoleServices {
  const services = useContext(ConsoleServicesContext);
  if (!services) throw new Error('The organiser console needs a ConsoleServicesContext above it.');
  return services;
}
