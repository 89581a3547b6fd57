import { Toaster as SonnerToaster } from 'sonner';

/** Spec 9: toasts last 3 seconds. */
export const TOAST_DURATION_MS = 3_000;

/**
 * Where toasts appear (sonner: an aria-live region, pauses on hover and while the window is hidden).
 * Mounted once in the root layout; features call `toast(...)` from 'sonner'.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      toastOptions={{ classNames: { toast: 'font-sans text-sm' } }}
      containerAriaLabel="Notifications"
    />
  );
}
