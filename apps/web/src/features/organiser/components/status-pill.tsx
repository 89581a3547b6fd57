import type { ReactNode } from 'react';
import type { BadgeTone } from '../lib/event-display';

/** Text on a pale fill of its own hue: each pair is above 7:1. */
const TONES: Record<BadgeTone, string> = {
  slate: 'bg-slate-200 text-slate-900',
  green: 'bg-emerald-100 text-emerald-900',
  blue: 'bg-sky-100 text-sky-900',
  amber: 'bg-amber-100 text-amber-950',
  red: 'bg-red-100 text-red-900',
  violet: 'bg-violet-100 text-violet-900',
};

/** A short status word in a rounded pill; the word carries the meaning, the colour only helps. */
export function StatusPill({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
