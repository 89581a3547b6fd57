import { Suspense, lazy, useSyncExternalStore } from 'react';

/** Spec 9: toasts last 3 seconds. */
export const TOAST_DURATION_MS = 3_000;

/**
 * sonner (about 10 KB of script) loads with the first toast, not with every page: the home page never
 * shows one. Until then nothing is mounted; a toast raised while the code loads is shown once it has
 * (sonner replays the active toasts to a Toaster that subscribes late).
 */
let isRequested = false;
const listeners = new Set<() => void>();

function requestToaster(): void {
  if (isRequested) return;
  isRequested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Where toasts appear (sonner: an aria-live region, pauses on hover and while the window is hidden).
 * Mounted once in the root layout; features call `toast(...)` from this module.
 */
export function Toaster() {
  const isNeeded = useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  );
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
        toastOptions={{ classNames: { toast: 'font-sans text-sm' } }}
        containerAriaLabel="Notifications"
      />
    </Suspense>
  );
}

type ToastKind = 'message' | 'success' | 'error';

function show(kind: ToastKind, message: string): void {
  requestToaster();
  void import('sonner').then(({ toast: sonnerToast }) => {
    if (kind === 'message') sonnerToast(message);
    else sonnerToast[kind](message);
  });
}

/** A toast (sonner's `toast`, the few forms the app uses), loading sonner on first use. */
export const toast = Object.assign((message: string) => show('message', message), {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
});
