import type { ScanTone } from './gate-engine';

/**
 * A short tone per result, from an oscillator (no audio file to fetch, nothing to cache): a high double beep
 * admits, a low long one refuses, a middle one says "already scanned". The colour and the words say the same:
 * the sound is for a door too busy to look down.
 */
const TONES: Record<ScanTone, { frequency: number; beeps: number; seconds: number; type: OscillatorType }> = {
  admitted: { frequency: 1320, beeps: 2, seconds: 0.09, type: 'sine' },
  warning: { frequency: 660, beeps: 3, seconds: 0.08, type: 'triangle' },
  refused: { frequency: 220, beeps: 1, seconds: 0.45, type: 'square' },
};

let context: AudioContext | null = null;

/** Plays the result's tone; silent where the browser has no Web Audio (or refuses it before a tap). */
export function playScanTone(tone: ScanTone): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    void context.resume();
    const { frequency, beeps, seconds, type } = TONES[tone];
    let at = context.currentTime;
    for (let beep = 0; beep < beeps; beep += 1) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds + 0.06;
    }
  } catch {
    // A sound is a courtesy: the panel has already said it.
  }
}
