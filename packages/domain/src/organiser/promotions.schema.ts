import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from '../money/money';

/**
 * The console's promotions (issue 22): an event's promo codes, what each `/api/organiser/{org}/events/{eventUid}
 * /promotions…` route takes and answers. The server validates and serialises with these; the console parses
 * with them. Codes are stored upper-case and matched case-insensitively (the buyer's side, modules/promotions).
 *
 * No `z.coerce` here (console-params.schema.ts says why): the promo id of the path is read there.
 */

/** Codes generated at once, at most. */
export const PROMO_GENERATE_MAX = 1000;
/** Random characters of a generated code after its prefix. */
export const PROMO_RANDOM_LENGTH = 8;
/** A code's longest text (a generated one: its prefix and the random part). */
export const PROMO_CODE_MAX = 40;
export const PROMO_PREFIX_MAX = 16;
/** Packages a code may name. */
export const PROMO_PACKAGES_MAX = 100;
/** PostgreSQL's integer. */
const MAX_INT = 2_147_483_647;

/**
 * The characters of generated codes: no 0/O, 1/I/L, 5/S, 2/Z or U/V, so a code read out or copied by hand
 * is not mistaken.
 */
export const PROMO_ALPHABET = '346789ABCDEFGHJKMNPQRTWXY';

export const PromoKindSchema = z.enum(['percent', 'fixed'], { error: 'must be percent or fixed' });
export type PromoKind = z.infer<typeof PromoKindSchema>;

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/** A code as typed: spaces at its ends dropped, upper-cased; letters, digits, `-` and `_`. */
export const PromoCodeTextSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(PROMO_CODE_MAX, `must be at most ${PROMO_CODE_MAX} characters`)
  .transform((text) => text.toUpperCase())
  .refine((text) => CODE_PATTERN.test(text), 'must be letters, digits, - and _ only, starting with a letter or digit');

/** A generated code's prefix (may be empty). */
export const PromoPrefixSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(PROMO_PREFIX_MAX, `must be at most ${PROMO_PREFIX_MAX} characters`)
  .transform((text) => text.toUpperCase())
  .refine((text) => text === '' || CODE_PATTERN.test(text), 'must be letters, digits, - and _ only');

const InstantInputSchema = z.iso.datetime({ offset: true, error: 'must be a date and time with its offset' });
const CountLimitSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_INT, 'is too large');
const ValueSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be more than 0')
  .max(MAX_INT, 'is too large');
const PackageIdsSchema = z
  .array(z.number({ error: 'must be a package id' }).int('must be a package id').min(1).max(MAX_INT), {
    error: 'must be a list of package ids',
  })
  .max(PROMO_PACKAGES_MAX, `must name at most ${PROMO_PACKAGES_MAX} packages`);

/** What a code does and when: shared by one code made by hand and N generated. */
const PromoRuleFields = {
  kind: PromoKindSchema,
  /** Percent: whole percent, 1-100; fixed: minor units off the order. */
  value: ValueSchema,
  /** Empty: every package of the event. Each must be a package of the event (422 otherwise). */
  package_ids: PackageIdsSchema.default([]),
  valid_from: InstantInputSchema.nullable().default(null),
  valid_to: InstantInputSchema.nullable().default(null),
  max_uses: CountLimitSchema.nullable().default(null),
  max_uses_per_email: CountLimitSchema.nullable().default(null),
  active: z.boolean({ error: 'must be true or false' }).default(true),
};

const AutoApplySchema = z.boolean({ error: 'must be true or false' });

interface RuleShape {
  kind?: PromoKind | undefined;
  value?: number | undefined;
  valid_from?: string | null | undefined;
  valid_to?: string | null | undefined;
}

/** The checks across fields: a percent at most 100, the end after the start. */
export function promoRuleProblems(rule: RuleShape): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rule.kind === 'percent' && rule.value !== undefined && rule.value > 100) {
    problems.value = 'a percentage must be at most 100';
  }
  if (rule.valid_from && rule.valid_to && Date.parse(rule.valid_to) <= Date.parse(rule.valid_from)) {
    problems.valid_to = 'must be after the start';
  }
  return problems;
}

function checkRule(rule: RuleShape, context: z.RefinementCtx) {
  for (const [field, message] of Object.entries(promoRuleProblems(rule))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
}

/**
 * POST …/promotions: one code. A code already in the event is a 409. `auto_apply`: the checkout applies it
 * without being typed (decisions/045); at most one active auto-apply code per event (another: 409).
 */
export const PromoCreateBodySchema = z
  .object({ code: PromoCodeTextSchema, ...PromoRuleFields, auto_apply: AutoApplySchema.default(false) })
  .strict()
  .superRefine(checkRule);
export type PromoCreateBody = z.infer<typeof PromoCreateBodySchema>;
export type PromoCreateInput = z.input<typeof PromoCreateBodySchema>;

/**
 * PATCH …/promotions/{id}: the fields to change (the code's text never changes: it may be printed already).
 * Kind or value of a code with uses: 409; max_uses below its uses: 422.
 */
export const PromoUpdateBodySchema = z
  .object({
    kind: PromoKindSchema.optional(),
    value: ValueSchema.optional(),
    package_ids: PackageIdsSchema.optional(),
    valid_from: InstantInputSchema.nullable().optional(),
    valid_to: InstantInputSchema.nullable().optional(),
    max_uses: CountLimitSchema.nullable().optional(),
    max_uses_per_email: CountLimitSchema.nullable().optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
    auto_apply: AutoApplySchema.optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (Object.keys(body).length === 0) context.addIssue({ code: 'custom', path: ['_'], message: 'nothing to change' });
    checkRule(body, context);
  });
export type PromoUpdateBody = z.infer<typeof PromoUpdateBodySchema>;

/**
 * POST …/promotions/generate: `count` codes, each the prefix and random characters, all with one rule. No
 * `auto_apply`: a code typed by no one is one code, made by hand.
 */
export const PromoGenerateBodySchema = z
  .object({
    prefix: PromoPrefixSchema.default(''),
    count: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(PROMO_GENERATE_MAX, `must be at most ${PROMO_GENERATE_MAX}`),
    ...PromoRuleFields,
  })
  .strict()
  .superRefine(checkRule);
export type PromoGenerateBody = z.infer<typeof PromoGenerateBodySchema>;
export type PromoGenerateInput = z.input<typeof PromoGenerateBodySchema>;

const CountSchema = z.number().int().nonnegative();

export const PromoCodeAnswerSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  kind: PromoKindSchema,
  value: z.number().int(),
  package_ids: z.array(z.number().int()),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_email: z.number().int().nullable(),
  active: z.boolean(),
  /** Applied at checkout without being typed while active (decisions/045). */
  auto_apply: z.boolean(),
  /** Paid uses, counted at payment under the code's lock. */
  used_count: CountSchema,
  /** From the paid orders with the code. */
  usage: z.object({ orders: CountSchema, tickets: CountSchema, discount: MinorUnitsSchema }),
  created_at: z.string(),
});
export type PromoCodeAnswer = z.infer<typeof PromoCodeAnswerSchema>;

export const PromoListAnswerSchema = z.object({
  currency: CurrencySchema,
  codes: z.array(PromoCodeAnswerSchema),
});
export type PromoListAnswer = z.infer<typeof PromoListAnswerSchema>;

export const PromoGenerateAnswerSchema = z.object({ count: CountSchema, codes: z.array(z.string()) });
export type PromoGenerateAnswer = z.infer<typeof PromoGenerateAnswerSchema>;
