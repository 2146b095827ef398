// The realtime channel's state (Connected / Offline) as a tiny store, so screens can show it and fall back to
// refetching without loading the socket code itself.
import { useSyncExternalStore } from 'react';

export type ConnectionStatus = 'connecting' | 'connected' | 'offline';

let status: ConnectionStatus = 'offline';
const listeners = new Set<() => void>();

export function setConnectionStatus(next: ConnectionStatus): void {
  if (next === status) return;
  status = next;
  for (const l of listeners) l();
}

export function getConnectionStatus(): ConnectionStatus {
  return status;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribe, getConnectionStatus, getConnectionStatus);
}
