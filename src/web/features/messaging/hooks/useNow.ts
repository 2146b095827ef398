// The current time, ticking every 30 s, so "Just now" and "N minutes ago" move on by themselves.
import { useEffect, useState } from 'react';

export function useNow(periodMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), periodMs);
    return () => clearInterval(id);
  }, [periodMs]);
  return now;
}
