import { createStore } from '../../lib/store';

/**
 * The slots' sound: off until the member turns it on (a toggle on the game page), and then only
 * a short WebAudio tone as each reel lands and a rising one for a win above the stake — never
 * for a return at or below it. No audio files.
 */
export const soundOn = createStore(false);

let ctx: AudioContext | null = null;

function tone(freq: number, ms: number, at = 0): void {
  if (!soundOn.get()) return;
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const start = ctx.currentTime + at / 1000;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.08, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + ms / 1000);
  } catch {
    // No audio on this device: the game plays on silently.
  }
}

export const reelStopBeep = (): void => tone(440, 60);

export function winChime(): void {
  [523, 659, 784].forEach((f, i) => tone(f, 140, i * 120));
}
