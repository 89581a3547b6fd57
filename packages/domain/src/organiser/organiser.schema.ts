import { z } from 'zod';
import { OrganisationRoleSchema } from './permissions';

/** An organisation's slug, the console's address (/organiser/{slug}): as the database's CHECK has it. */
export const OrganisationSlugSchema = z
  .string()
  .regex(
    /^[a-z0-9](-?[a-z0-9]){2,39}$/,
    'An organisation address is 3-40 lower-case letters, digits and single hyphens.',
  );

export const ORGANISATION_STATUSES = ['pending', 'approved', 'suspended'] as const;
export const OrganisationStatusSchema = z.enum(ORGANISATION_STATUSES);

export const OrganisationParamsSchema = z.object({ org: OrganisationSlugSchema });

/** GET /api/organiser/me: the signed-in user's organisations, and what the console must ask of them. */
export const OrganiserMeAnswerSchema = z.object({
  organisations: z.array(
    z.object({
      slug: OrganisationSlugSchema,
      name: z.string(),
      status: OrganisationStatusSchema,
      role: OrganisationRoleSchema,
      /** false: the member acts only on chosen events. */
      all_events: z.boolean(),
    }),
  ),
  /** Marquee's own staff (the operator console). */
  is_operator: z.boolean(),
  two_factor: z.object({
    /** The account has a verified authenticator. */
    enabled: z.boolean(),
    /** This session was made (or stepped up) with a code: owners, managers and operators need it. */
    this_session: z.boolean(),
  }),
});
export type OrganiserMeAnswer = z.infer<typeof OrganiserMeAnswerSchema>;

/** GET /api/organiser/{org}: the organisation's own fields, as any member may read them. */
export const OrganisationAnswerSchema = z.object({
  slug: OrganisationSlugSchema,
  name: z.string(),
  country: z.enum(['LK', 'SG', 'AU']),
  status: OrganisationStatusSchema,
  contact_email: z.string().nullable(),
});
export type OrganisationAnswer = z.infer<typeof OrganisationAnswerSchema>;
