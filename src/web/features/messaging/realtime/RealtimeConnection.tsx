// Mounted (lazily) for a signed-in user: keeps the tab's one realtime socket open while they stay signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startRealtime } from './realtime-client.ts';

export function RealtimeConnection({ userId }: { userId: string }) {
  const client = useQueryClient();
  useEffect(() => startRealtime(client, userId), [client, userId]);
  return null;
}
