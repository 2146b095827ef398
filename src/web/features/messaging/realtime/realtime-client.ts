// One WebSocket per tab while signed in (decision 0016): same-origin /ws, authenticated by
// the session cookie. It reconnects with exponential backoff and jitter, asks for what it missed with the last
// message id it saw, and keeps the TanStack Query caches (conversations, open threads, unread count) current.
import type { QueryClient } from '@tanstack/react-query';
import type { WsServerEvent } from '#domain/schemas/message-api.schema';
import { markMessagesRead, refreshConversations, upsertMessage } from '../api/cache.ts';
import { UNREAD_KEY } from '../api/keys.ts';
import { applyNotificationPush, refreshNotifications } from '#web/features/notifications/index.ts';
import { SESSION_QUERY_KEY } from '#web/lib/query-client.ts';
import { setConnectionStatus } from './status.ts';

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** The close code the server uses when the socket's session ended (signed out here or from another device). */
const SESSION_ENDED = 4401;

/** The wait before reconnect attempt `attempt` (0-based): doubling up to 30 s, with "equal jitter". */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function socketUrl(loc: Pick<Location, 'protocol' | 'host'>, lastMessageId: string | null): string {
  const base = `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
  return lastMessageId ? `${base}?lastMessageId=${encodeURIComponent(lastMessageId)}` : base;
}

/** Applies one server event to the caches; returns the id of a message it carried (for the backfill mark). */
export function applyEvent(client: QueryClient, viewerId: string, event: WsServerEvent): string | null {
  switch (event.type) {
    case 'ready':
      client.setQueryData(UNREAD_KEY, { unreadCount: event.unreadCount });
      // From here on every notification is pushed; one that came before (while the page loaded, or while the
      // socket was down) is read with the lists (and the bell's count) again.
      refreshNotifications(client);
      return null;
    case 'unreadCount':
      client.setQueryData(UNREAD_KEY, { unreadCount: event.unreadCount });
      return null;
    case 'messageReceived':
    case 'messageSent':
    case 'messageDeleted':
      upsertMessage(client, viewerId, event.message);
      void refreshConversations(client);
      return event.type === 'messageDeleted' ? null : event.message.id;
    case 'messagesRead':
      markMessagesRead(client, event.messageIds, event.readAt);
      void refreshConversations(client);
      return null;
    case 'synced':
      void refreshConversations(client);
      return null;
    case 'notifications':
      // Every role's bell: the count at once, then the lists read again.
      applyNotificationPush(client, event.unreadCount);
      return null;
    case 'error':
      return null;
  }
}

/** Opens the channel; the returned function closes it for good (sign-out, tab teardown). */
export function startRealtime(client: QueryClient, viewerId: string): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let lastMessageId: string | null = null;

  const connect = () => {
    if (stopped) return;
    timer = null;
    setConnectionStatus('connecting');
    const ws = new WebSocket(socketUrl(window.location, lastMessageId));
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setConnectionStatus('connected');
      // Whatever changed while we were away and is not a message (reads, deletions) comes from a refetch.
      void client.invalidateQueries({ queryKey: UNREAD_KEY });
    };
    ws.onmessage = (e: MessageEvent) => {
      let event: WsServerEvent;
      try {
        event = JSON.parse(String(e.data)) as WsServerEvent;
      } catch {
        return;
      }
      const id = applyEvent(client, viewerId, event);
      if (id) lastMessageId = id;
    };
    ws.onclose = (e?: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      setConnectionStatus('offline');
      // The session ended (from "Where you're signed in" on another device, a password change...): the session is
      // read again, so this tab shows it is signed out at once instead of at its next request.
      if (e?.code === SESSION_ENDED) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      schedule();
    };
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(connect, backoffDelay(attempt++));
  };

  const onOnline = () => {
    if (socket || stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    attempt = 0;
    connect();
  };
  const onOffline = () => socket?.close();

  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  connect();

  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    if (timer) clearTimeout(timer);
    const ws = socket;
    socket = null;
    ws?.close();
    setConnectionStatus('offline');
  };
}
