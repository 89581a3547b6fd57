import { createContext, useContext } from 'react';
import type { ResetStatus } from '@marquee/domain/accounts-session';

/** What the account modals show: one of the three forms (spec 2 Modals) or a success popup. */
export type AuthScreen =
  | { view: 'login'; notice: ResetStatus | null }
  | { view: 'register' }
  | { view: 'forgot'; notice: ResetStatus | null }
  | { view: 'registered' }
  | { view: 'reset-link-sent'; message: string };

export type AuthFormView = 'login' | 'register' | 'forgot';

export interface AuthModals {
  /** Opens a modal; the login and reset modals can show a status message (the `reset` parameter's). */
  openAuthModal: (view: AuthFormView, notice?: ResetStatus | null) => void;
  /** Starts loading the modals' code (on hover or focus of a button that opens them). */
  preloadAuthModals: () => void;
}

export const AuthModalsContext = createContext<AuthModals | null>(null);

export function useAuthModals(): AuthModals {
  const context = useContext(AuthModalsContext);
  if (!context) throw new Error('useAuthModals needs an AuthModalsProvider above it.');
  return context;
}

export function screenFor(view: AuthFormView, notice: ResetStatus | null = null): AuthScreen {
  return view === 'register' ? { view } : { view, notice };
}
