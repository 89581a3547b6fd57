import { z } from 'zod';
import { BestAvailableRequestSchema } from '@marquee/domain/best-available';

/**
 * What a checkout keeps in sessionStorage (this tab only) per event:
 * - the Idempotency-Key of the current attempt, so a double click or a retry saves one order;
 * - the saved order's id and access token, so a reload at step 3 resumes it;
 * - once it is paid, the same access as the confirmed order, so a reload of the confirmation still shows it.
 * Storage can be unavailable (privacy modes): the checkout then lasts as long as the page.
 */
const memory = new Map<string, string>();

/** sessionStorage when this browser lets the page use it, else null (the in-memory map stands in). */
function storage(): Storage | null {
  try {
    const probe = 'marquee:probe';
    sessionStorage.setItem(probe, probe);
    sessionStorage.removeItem(probe);
    return sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  const store = storage();
  return store ? store.getItem(key) : (memory.get(key) ?? null);
}

function write(key: string, value: string | null): void {
  const store = storage();
  if (!store) {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  } else if (value === null) store.removeItem(key);
  else store.setItem(key, value);
}

export function idempotencyKeyStorageKey(eventUid: string): string {
  return `marquee:checkout-key:${eventUid}`;
}

export function activeOrderStorageKey(eventUid: string): string {
  return `marquee:checkout-order:${eventUid}`;
}

/** The key of this checkout attempt, made (a UUID) the first time it is asked for. */
export function getIdempotencyKey(eventUid: string): string {
  const key = idempotencyKeyStorageKey(eventUid);
  const stored = read(key);
  if (stored && /^[A-Za-z0-9_:-]{8,100}$/.test(stored)) return stored;
  const fresh = crypto.randomUUID();
  write(key, fresh);
  return fresh;
}

/** A new attempt (after a cancel, an expiry or a refused request) gets a new key. */
export function clearIdempotencyKey(eventUid: string): void {
  write(idempotencyKeyStorageKey(eventUid), null);
}

const ActiveOrderSchema = z.object({ orderId: z.string().min(1).max(64), accessToken: z.string().min(1).max(200) });
export type ActiveOrder = z.infer<typeof ActiveOrderSchema>;

export function confirmedOrderStorageKey(eventUid: string): string {
  return `marquee:confirmed-order:${eventUid}`;
}

function readAccess(key: string): ActiveOrder | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    const parsed = ActiveOrderSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readActiveOrder(eventUid: string): ActiveOrder | null {
  return readAccess(activeOrderStorageKey(eventUid));
}

export function saveActiveOrder(eventUid: string, order: ActiveOrder): void {
  write(activeOrderStorageKey(eventUid), JSON.stringify(order));
}

/** The order ended (cancelled, expired, gone): the next attempt starts afresh. */
export function forgetActiveOrder(eventUid: string): void {
  write(activeOrderStorageKey(eventUid), null);
  clearIdempotencyKey(eventUid);
}

/** The paid order of this event in this tab: the confirmation (step 4) can be reloaded. */
export function rememberConfirmedOrder(eventUid: string, order: ActiveOrder): void {
  write(confirmedOrderStorageKey(eventUid), JSON.stringify(order));
}

export function readConfirmedOrder(eventUid: string): ActiveOrder | null {
  return readAccess(confirmedOrderStorageKey(eventUid));
}

/**
 * Best available (issue 24): what the buyer asked for at step 2 instead of seats, kept until the order is
 * booked or the buyer picks on the map instead. `sectionName` is the chosen section's name for the summary.
 */
const BestAvailableChoiceSchema = z.object({
  request: BestAvailableRequestSchema,
  sectionName: z.string().max(200).nullable(),
});
export type BestAvailableChoice = z.infer<typeof BestAvailableChoiceSchema>;

export function bestAvailableStorageKey(eventUid: string): string {
  return `marquee:best-available:${eventUid}`;
}

const choiceListeners = new Set<() => void>();
// useSyncExternalStore wants the same object while nothing changed: the last parse is kept per key.
const parsedChoices = new Map<string, { raw: string; choice: BestAvailableChoice | null }>();

export function readBestAvailable(eventUid: string): BestAvailableChoice | null {
  const key = bestAvailableStorageKey(eventUid);
  const raw = read(key);
  if (raw === null) return null;
  const cached = parsedChoices.get(key);
  if (cached?.raw === raw) return cached.choice;
  let choice: BestAvailableChoice | null;
  try {
    const parsed = BestAvailableChoiceSchema.safeParse(JSON.parse(raw));
    choice = parsed.success ? parsed.data : null;
  } catch {
    choice = null;
  }
  parsedChoices.set(key, { raw, choice });
  return choice;
}

export function saveBestAvailable(eventUid: string, choice: BestAvailableChoice): void {
  write(bestAvailableStorageKey(eventUid), JSON.stringify(choice));
  choiceListeners.forEach((listener) => listener());
}

/** Booked, or the buyer went back to choosing on the map: the request no longer applies. */
export function forgetBestAvailable(eventUid: string): void {
  write(bestAvailableStorageKey(eventUid), null);
  choiceListeners.forEach((listener) => listener());
}

export function subscribeToBestAvailable(listener: () => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}
