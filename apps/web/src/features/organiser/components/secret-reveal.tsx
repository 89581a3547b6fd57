import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * A secret shown once (an API key, a webhook's signing secret): the text to select, a Copy button, and the
 * warning that it will not be shown again. Done hides it for good (the server keeps no copy to show).
 */
export function SecretReveal({
  title,
  secret,
  hint,
  onDone,
}: {
  title: string;
  secret: string;
  hint: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm">
        <strong>Copy it now: it will not be shown again.</strong> {hint}
      </p>
      <code
        tabIndex={0}
        className="rounded-lg border border-amber-300 bg-white p-3 font-mono text-sm break-all text-slate-900"
      >
        {secret}
      </code>
      <p aria-live="polite" className="text-sm">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Copying failed: select the text and copy it.' : ''}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="secondary" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}
