import { z } from 'zod';
import type { SocialProvider } from '@marquee/domain/accounts-session';
import { apiSend } from '../../../lib/api-client';
import { assignLocation } from '../lib/assign-location';

const SocialSignInAnswerSchema = z.object({ url: z.string().min(1), redirect: z.boolean().optional() });

/**
 * Social sign-in: the server answers the provider's authorisation address, and the browser goes there; the
 * provider sends it back to the page it left (or, on a failure, to that page again).
 */
export async function signInSocial(provider: SocialProvider, here: string): Promise<void> {
  const answer = await apiSend(
    'POST',
    '/api/auth/sign-in/social',
    { provider, callbackURL: here, errorCallbackURL: here },
    SocialSignInAnswerSchema,
  );
  assignLocation(answer.url);
}
