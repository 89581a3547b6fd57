import { useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionAnswer, SocialProvider } from '@marquee/domain/accounts-session';
import { signInSocial } from '../api/sign-in-social';
import { accountErrorMessages } from '../lib/error-messages';
import { FormAlert } from './form-alert';

const PROVIDER_LABELS: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

/** Google and Apple sign-in (spec 4), each only when the server has it configured. */
export function SocialSignIn({ providers }: { providers: SessionAnswer['providers'] }) {
  const location = useLocation();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const enabled = (['google', 'apple'] as const).filter((provider) => providers[provider]);
  if (enabled.length === 0) return null;

  async function onClick(provider: SocialProvider) {
    if (pending) return;
    setProblems([]);
    setPending(provider);
    try {
      // Back to this page (path and query) after the provider, whether it signed the buyer in or not.
      await signInSocial(provider, `${location.pathname}${location.search}`);
      // The browser is leaving for the provider; the button stays busy until it has.
    } catch (error) {
      setProblems(accountErrorMessages(error));
      setPending(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300">
        or
      </p>
      <FormAlert messages={problems} />
      {enabled.map((provider) => (
        <button
          key={provider}
          type="button"
          aria-disabled={pending !== null || undefined}
          onClick={() => void onClick(provider)}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 aria-disabled:cursor-wait"
        >
          {pending === provider ? (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
            />
          ) : null}
          Continue with {PROVIDER_LABELS[provider]}
        </button>
      ))}
    </div>
  );
}
