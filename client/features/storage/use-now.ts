// The current time, refreshed every `intervalMs`, for countdowns and expiry states.
import { useEffect, useState } from 'react';
import { useInitialNow } from '#client/lib/first-render';

export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(useInitialNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
