/**
 * Countdowns shown to the user (QR code lifetime, SMS resend gap). Deadlines are taken on this
 * machine's clock when the server's answer arrives (now + its seconds), never from the server's
 * timestamps, so a PC whose clock is off by minutes still counts the real 120 or 60 seconds.
 */
import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (epoch ms), rounded up, never below 0. */
export function secondsUntil(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "14:59": minutes and seconds of a countdown. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${String(minutes).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/** The deadline `seconds` from `now`. */
export function deadlineIn(seconds: number, now = Date.now()): number {
  return now + seconds * 1000;
}

/** Seconds left until `deadline`, re-rendering every second while it runs; 0 when null or past. */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(deadline, now);
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}
