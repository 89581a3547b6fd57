import { randomInt } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { CHECK_VIOLATION, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, isViolationOf } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import {
  PROMO_ALPHABET,
  PROMO_RANDOM_LENGTH,
  promoRuleProblems,
  type PromoCodeAnswer,
  type PromoCreateBody,
  type PromoGenerateAnswer,
  type PromoGenerateBody,
  type PromoListAnswer,
  type PromoUpdateBody,
} from '@marquee/domain/promotions-console';
import { AppError, invalidField } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import * as repository from './repository';

export type PromotionsConsoleService = ReturnType<typeof createPromotionsConsoleService>;

export const PROMOTIONS_MESSAGES = {
  notFound: 'No such promo code.',
  eventNotFound: 'No such event.',
  duplicate: 'This event already has that code.',
  foreignPackages: 'Choose packages of this event.',
  kindOrValueUsed: 'This code has been used: its kind and value can no longer change. Deactivate it and make another.',
  maxUsesBelowUses: 'The limit cannot be below the uses already made.',
  usedNoDelete: 'This code has been used: deactivate it instead of deleting it.',
  generateCollided: 'Could not make enough unique codes. Try again, or use a longer prefix.',
  autoApplyTaken: 'Another code of this event is already applied automatically: unmark it first.',
} as const;

/** The refusal of a second active auto-apply code (decisions/045), naming the one there is when it is known. */
function autoApplyTaken(other: string | null): AppError {
  const message =
    other === null
      ? PROMOTIONS_MESSAGES.autoApplyTaken
      : `${other} is already applied automatically: unmark it first (one code per event is).`;
  return new AppError('conflict', message, { auto_apply: [message] });
}
const isAutoApplyTaken = (error: unknown) =>
  isViolationOf(error, UNIQUE_VIOLATION, 'promo_codes_one_auto_apply_per_event');

/** Attempts at a batch of generated codes before giving up (a collision of 8 random characters is rare). */
const GENERATE_ATTEMPTS = 3;
const isUnique = (error: unknown) => isViolationOf(error, UNIQUE_VIOLATION, 'promo_codes_event_code_key');

class GenerateCollision extends Error {}

function answerOf(row: repository.PromoCodeRow): PromoCodeAnswer {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    package_ids: row.packageIds,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_email: row.maxUsesPerEmail,
    active: row.active,
    auto_apply: row.autoApply,
    used_count: row.usedCount,
    usage: { orders: row.usage.orders, tickets: row.usage.tickets, discount: row.usage.discount },
    created_at: row.createdAt.toISOString(),
  };
}

const instant = (value: string | null) => (value === null ? null : new Date(value));

function ruleOf(body: PromoCreateBody | PromoGenerateBody): repository.PromoRule {
  return {
    kind: body.kind,
    value: body.value,
    packageIds: [...new Set(body.package_ids)],
    validFrom: instant(body.valid_from),
    validTo: instant(body.valid_to),
    maxUses: body.max_uses,
    maxUsesPerEmail: body.max_uses_per_email,
    active: body.active,
    // Generated codes are never applied automatically (one active auto-apply code per event).
    autoApply: 'auto_apply' in body ? body.auto_apply : false,
  };
}

/** The rule as the audit log records it (no secrets in a promo code's rule). */
function auditRuleOf(rule: Partial<repository.PromoRule>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rule)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

function eventOf(actor: OrganiserActor) {
  if (!actor.event) throw new Error('promotions: the route must be scoped to an event');
  return actor.event;
}

async function checkPackages(tx: ScopedTx, eventId: number, ids: readonly number[]) {
  const foreign = await repository.foreignPackageIds(tx, eventId, ids);
  if (foreign.length > 0) throw invalidField('package_ids', PROMOTIONS_MESSAGES.foreignPackages);
}

function randomCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < PROMO_RANDOM_LENGTH; i += 1) code += PROMO_ALPHABET[randomInt(PROMO_ALPHABET.length)];
  return code;
}

/** CSV's field: quoted when it must be; a leading =, +, - or @ is made text, so a spreadsheet runs no formula. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  'code',
  'kind',
  'value',
  'package_ids',
  'valid_from',
  'valid_to',
  'max_uses',
  'max_uses_per_email',
  'active',
  'used_count',
  'orders',
  'tickets',
  'discount',
  'currency',
];

/**
 * The console's promotions (issue 22): an event's codes with their usage, one made, changed, deactivated or
 * deleted (only when never used), N generated at once, and all downloaded as CSV. Every use case runs in one
 * scoped transaction (walls 1 and 2) and every change appends its audit row in it. A code's kind, value and
 * limits are decided under the code's row lock, the one a payment takes to count a use.
 */
export function createPromotionsConsoleService(deps: { db: Db }) {
  const { db } = deps;

  const list = (actor: OrganiserActor): Promise<PromoListAnswer> =>
    withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
      const event = await repository.findScopedEvent(tx, eventOf(actor).id);
      if (!event) throw new AppError('not_found', PROMOTIONS_MESSAGES.eventNotFound);
      const rows = await repository.findEventCodes(tx, event.id);
      return { currency: event.currency, codes: rows.map(answerOf) };
    });

  async function insertOne(actor: OrganiserActor, body: PromoCreateBody): Promise<PromoCodeAnswer> {
    const { id: eventId, uid } = eventOf(actor);
    const rule = ruleOf(body);
    try {
      return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        await checkPackages(tx, eventId, rule.packageIds);
        if (rule.autoApply && rule.active) {
          const other = await repository.findOtherAutoApplyCode(tx, eventId, null);
          if (other !== null) throw autoApplyTaken(other);
        }
        const [inserted] = await repository.insertCodes(tx, eventId, [body.code], rule);
        if (!inserted)
          throw new AppError('conflict', PROMOTIONS_MESSAGES.duplicate, { code: [PROMOTIONS_MESSAGES.duplicate] });
        await appendAudit(tx, {
          action: 'promo.create',
          entityType: 'promo_code',
          entityId: inserted.id,
          eventId,
          eventUid: uid,
          after: { code: inserted.code, ...auditRuleOf(rule) },
        });
        const row = await repository.findEventCode(tx, eventId, inserted.id);
        if (!row) throw new Error('promotions: the code just made is not found');
        return answerOf(row);
      });
    } catch (error) {
      if (isUnique(error))
        throw new AppError('conflict', PROMOTIONS_MESSAGES.duplicate, { code: [PROMOTIONS_MESSAGES.duplicate] });
      // Another request marked a code meanwhile: the index decided.
      if (isAutoApplyTaken(error)) throw autoApplyTaken(null);
      throw error;
    }
  }

  return {
    list,

    create: insertOne,

    async update(actor: OrganiserActor, promoId: number, body: PromoUpdateBody): Promise<PromoCodeAnswer> {
      const { id: eventId, uid } = eventOf(actor);
      try {
        return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
          const code = await repository.lockEventCode(tx, eventId, promoId);
          if (!code) throw new AppError('not_found', PROMOTIONS_MESSAGES.notFound);
          const change: Partial<repository.PromoRule> = {};
          if (body.kind !== undefined && body.kind !== code.kind) change.kind = body.kind;
          if (body.value !== undefined && body.value !== code.value) change.value = body.value;
          if (body.package_ids !== undefined) change.packageIds = [...new Set(body.package_ids)];
          if (body.valid_from !== undefined) change.validFrom = instant(body.valid_from);
          if (body.valid_to !== undefined) change.validTo = instant(body.valid_to);
          if (body.max_uses !== undefined) change.maxUses = body.max_uses;
          if (body.max_uses_per_email !== undefined) change.maxUsesPerEmail = body.max_uses_per_email;
          if (body.active !== undefined) change.active = body.active;
          if (body.auto_apply !== undefined) change.autoApply = body.auto_apply;

          // The rule as it will be: a percent at most 100, the end after the start.
          const problems = promoRuleProblems({
            kind: change.kind ?? code.kind,
            value: change.value ?? code.value,
            valid_from: (change.validFrom === undefined ? code.validFrom : change.validFrom)?.toISOString() ?? null,
            valid_to: (change.validTo === undefined ? code.validTo : change.validTo)?.toISOString() ?? null,
          });
          if (Object.keys(problems).length > 0) {
            throw new AppError(
              'validation_failed',
              Object.values(problems).join(' '),
              Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
            );
          }
          if ((change.kind !== undefined || change.value !== undefined) && code.usedCount > 0) {
            throw new AppError('conflict', PROMOTIONS_MESSAGES.kindOrValueUsed, {
              [change.kind !== undefined ? 'kind' : 'value']: [PROMOTIONS_MESSAGES.kindOrValueUsed],
            });
          }
          if (change.maxUses !== undefined && change.maxUses !== null && change.maxUses < code.usedCount) {
            throw invalidField('max_uses', `${PROMOTIONS_MESSAGES.maxUsesBelowUses} (${code.usedCount} so far)`);
          }
          if (change.packageIds !== undefined) await checkPackages(tx, eventId, change.packageIds);
          // Marked, or reactivated while marked: the event's one active auto-apply code (decisions/045).
          const isAutoAfter = (change.autoApply ?? code.autoApply) && (change.active ?? code.active);
          if (isAutoAfter && !(code.autoApply && code.active)) {
            const other = await repository.findOtherAutoApplyCode(tx, eventId, code.id);
            if (other !== null) throw autoApplyTaken(other);
          }

          await repository.updateCode(tx, code.id, change);
          const before: Record<string, unknown> = {};
          for (const key of Object.keys(change) as (keyof repository.PromoRule)[]) before[key] = code[key];
          await appendAudit(tx, {
            action: 'promo.update',
            entityType: 'promo_code',
            entityId: code.id,
            eventId,
            eventUid: uid,
            before: { code: code.code, ...auditRuleOf(before as Partial<repository.PromoRule>) },
            after: auditRuleOf(change),
          });
          const row = await repository.findEventCode(tx, eventId, code.id);
          if (!row) throw new Error('promotions: the code just changed is not found');
          return answerOf(row);
        });
      } catch (error) {
        if (isAutoApplyTaken(error)) throw autoApplyTaken(null);
        // The database's last wall: a payment counted past a new limit cannot happen under the lock, but never a 500.
        if (isViolationOf(error, CHECK_VIOLATION)) throw invalidField('max_uses', PROMOTIONS_MESSAGES.maxUsesBelowUses);
        throw error;
      }
    },

    /** Deactivates a code (the buyer's side finds only active codes); a code already inactive is left as it is. */
    deactivate(actor: OrganiserActor, promoId: number): Promise<PromoCodeAnswer> {
      const { id: eventId, uid } = eventOf(actor);
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const code = await repository.lockEventCode(tx, eventId, promoId);
        if (!code) throw new AppError('not_found', PROMOTIONS_MESSAGES.notFound);
        if (code.active) {
          await repository.updateCode(tx, code.id, { active: false });
          await appendAudit(tx, {
            action: 'promo.deactivate',
            entityType: 'promo_code',
            entityId: code.id,
            eventId,
            eventUid: uid,
            before: { code: code.code, active: true },
            after: { active: false },
          });
        }
        const row = await repository.findEventCode(tx, eventId, code.id);
        if (!row) throw new Error('promotions: the code just deactivated is not found');
        return answerOf(row);
      });
    },

    /** Deletes a code never used (no use counted, no order naming it); a used one is deactivated instead (409). */
    async remove(actor: OrganiserActor, promoId: number): Promise<void> {
      const { id: eventId, uid } = eventOf(actor);
      try {
        await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
          const code = await repository.lockEventCode(tx, eventId, promoId);
          if (!code) throw new AppError('not_found', PROMOTIONS_MESSAGES.notFound);
          if (code.usedCount > 0 || (await repository.isNamedByOrders(tx, code.id))) {
            throw new AppError('conflict', PROMOTIONS_MESSAGES.usedNoDelete);
          }
          await repository.deleteCode(tx, code.id);
          await appendAudit(tx, {
            action: 'promo.delete',
            entityType: 'promo_code',
            entityId: code.id,
            eventId,
            eventUid: uid,
            before: { code: code.code, kind: code.kind, value: code.value },
          });
        });
      } catch (error) {
        // An order placed with the code between the check and the delete.
        if (isViolationOf(error, FOREIGN_KEY_VIOLATION))
          throw new AppError('conflict', PROMOTIONS_MESSAGES.usedNoDelete);
        throw error;
      }
    },

    /**
     * Makes `count` codes, the prefix and random characters each, unique within the event, in one INSERT. Codes
     * the event has are drawn again first; one made meanwhile by another request makes the INSERT come back
     * short, and the whole batch is rolled back and drawn again (at most GENERATE_ATTEMPTS times).
     */
    async generate(actor: OrganiserActor, body: PromoGenerateBody): Promise<PromoGenerateAnswer> {
      const { id: eventId, uid } = eventOf(actor);
      const rule = ruleOf(body);
      for (let attempt = 1; attempt <= GENERATE_ATTEMPTS; attempt += 1) {
        try {
          return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
            await checkPackages(tx, eventId, rule.packageIds);
            const codes = new Set<string>();
            for (let draws = 0; codes.size < body.count && draws < body.count * 4; draws += 1) {
              codes.add(randomCode(body.prefix));
            }
            for (const taken of await repository.existingCodes(tx, eventId, [...codes])) codes.delete(taken);
            if (codes.size < body.count) throw new GenerateCollision();
            const inserted = await repository.insertCodes(tx, eventId, [...codes], rule);
            if (inserted.length < body.count) throw new GenerateCollision();
            await appendAudit(tx, {
              action: 'promo.generate',
              entityType: 'promo_code',
              entityId: null,
              eventId,
              eventUid: uid,
              after: { prefix: body.prefix, count: inserted.length, ...auditRuleOf(rule) },
            });
            const made = inserted.map((row) => row.code).sort();
            return { count: made.length, codes: made };
          });
        } catch (error) {
          if (!(error instanceof GenerateCollision) && !isUnique(error)) throw error;
        }
      }
      throw new AppError('conflict', PROMOTIONS_MESSAGES.generateCollided);
    },

    /** The event's codes and their usage as CSV (one line each, a header first). */
    async csv(actor: OrganiserActor): Promise<{ filename: string; body: string }> {
      const answer = await list(actor);
      const lines = [CSV_HEADER.join(',')];
      for (const code of answer.codes) {
        lines.push(
          [
            code.code,
            code.kind,
            code.value,
            code.package_ids.join(' '),
            code.valid_from,
            code.valid_to,
            code.max_uses,
            code.max_uses_per_email,
            code.active,
            code.used_count,
            code.usage.orders,
            code.usage.tickets,
            code.usage.discount,
            answer.currency,
          ]
            .map(csvField)
            .join(','),
        );
      }
      return { filename: `promo-codes-${eventOf(actor).uid}.csv`, body: `${lines.join('\r\n')}\r\n` };
    },
  };
}
