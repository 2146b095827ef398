// The messaging screens against a scripted API: the list's states, the thread's states, Enter / Shift+Enter,
// the disabled Send, the toasts, and the realtime client patching the caches from /ws events (the browser's
// WebSocket is replaced by a scripted one; the server's /ws has its own tests with real sockets).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message, Thread } from '#domain/schemas/message-api.schema';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';
import { backoffDelay, socketUrl } from '../realtime/realtime-client.ts';
import { FakeSocket, installFakeSockets } from '#web/test/fake-socket.ts';

installFakeSockets();

const customer = makeUser({ id: 'c1', firstName: 'Casey' });
const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });
const E = '11111111-1111-4111-8111-111111111111';

function message(over: Partial<Message> = {}): Message {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    estimateId: E,
    estimateTitle: 'Kitchen Remodel',
    senderId: 'p1',
    receiverId: 'c1',
    content: 'Hello there',
    read: true,
    readAt: null,
    isDeleted: false,
    createdAt: new Date().toISOString(),
    senderFirstName: 'Pat',
    senderName: 'Pat Lee',
    senderRole: 'provider',
    ...over,
  };
}

const thread = (messages: Message[], nextBefore: string | null = null): Thread => ({
  estimateId: E,
  estimateTitle: 'Kitchen Remodel',
  other: { id: 'p1', firstName: 'Pat', role: 'provider' },
  messages,
  nextBefore,
});

describe('/messages', () => {
  it('lists conversations with unread badges and links to each thread', async () => {
    renderApp({
      path: '/messages',
      user: customer,
      routes: {
        'GET /api/messages': {
          body: [
            {
              estimateId: E,
              estimateTitle: 'Kitchen Remodel',
              otherId: 'p1',
              otherName: 'Pat Lee',
              otherRole: 'provider',
              lastMessage: 'When can you start?',
              lastMessageDate: new Date().toISOString(),
              lastMessageIsDeleted: false,
              unreadCount: 2,
              otherMedianResponseSeconds: 5400,
            },
          ],
        },
        'GET /api/messages/unread-count': { body: { unreadCount: 2 } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const link = within(list).getByRole('link', { name: /Pat Lee/ });
    expect(link).toHaveAttribute('href', `/messages/${E}/p1`);
    expect(within(link).getByText('(Service Provider)')).toBeInTheDocument();
    expect(within(link).getByText('When can you start?')).toBeInTheDocument();
    expect(within(link).getByText('2')).toBeInTheDocument();
    expect(within(link).getByText('Usually replies within 2 hours')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' }) ?? null).toBeTruthy();
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('says "No messages yet." for an empty list and "Error loading messages." when the call fails', async () => {
    const empty = renderApp({
      path: '/provider/messages',
      user: provider,
      routes: { 'GET /api/messages': { body: [] } },
    });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    empty.unmount();
    renderApp({
      path: '/messages',
      user: customer,
      routes: { 'GET /api/messages': { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByText('Error loading messages.')).toBeInTheDocument();
  });
});

describe('/messages/{estimateId}/{userId}', () => {
  it('shows the title, the back arrow, labels and "Just now"; the empty thread invites the first message', async () => {
    const view = renderApp({
      path: `/provider/messages/${E}/c1`,
      user: provider,
      routes: {
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        [`GET /api/messages/${E}/c1`]: {
          body: { ...thread([]), other: { id: 'c1', firstName: 'Casey', role: 'customer' } },
        },
      },
    });
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen Remodel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute(
      'href',
      '/provider/messages',
    );
    view.unmount();

    renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: {
        [`GET /api/messages/${E}/p1`]: {
          body: thread([
            message(),
            message({
              id: '33333333-3333-4333-8333-333333333333',
              senderId: 'c1',
              receiverId: 'p1',
              content: 'Hi Pat',
            }),
          ]),
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('Pat (Service Provider)')).toBeInTheDocument();
    expect(within(list).getByText('You')).toBeInTheDocument();
    expect(within(list).getAllByText('Just now')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages');
  });

  it('names the other person under the title and shows a long title whole, wrapping on a phone', async () => {
    const title = 'Replace the upstairs bathroom floor, the vanity and every tile around the tub';
    const view = renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: {
        [`GET /api/messages/${E}/p1`]: {
          body: {
            ...thread([message({ estimateTitle: title, senderName: 'Pat L.' })]),
            estimateTitle: title,
          },
        },
      },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(heading.className).not.toMatch(/\btruncate\b|line-clamp/);
    expect(screen.getByText(/^with/)).toHaveTextContent('with Pat L. (Service Provider)');
    view.unmount();

    // Before the other person has written, their first name (all the thread knows of them).
    renderApp({
      path: `/provider/messages/${E}/c1`,
      user: provider,
      routes: {
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        [`GET /api/messages/${E}/c1`]: {
          body: { ...thread([]), other: { id: 'c1', firstName: 'Casey', role: 'customer' } },
        },
      },
    });
    expect(await screen.findByText(/^with/)).toHaveTextContent('with Casey (Customer)');
  });

  it('shows "Error loading messages." when the thread fails', async () => {
    renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: { [`GET /api/messages/${E}/p1`]: { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByText('Error loading messages.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Conversation' })).toBeInTheDocument();
  });

  it('Send is disabled while blank; Shift+Enter adds a line; Enter sends the trimmed text and toasts', async () => {
    const sent = message({
      id: '44444444-4444-4444-8444-444444444444',
      senderId: 'c1',
      receiverId: 'p1',
      content: 'Line one\nLine two',
    });
    const { user, calls } = renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: {
        [`GET /api/messages/${E}/p1`]: { body: thread([]) },
        'POST /api/messages': { status: 201, body: { message: sent } },
      },
    });
    const box = await screen.findByPlaceholderText('Type your message...');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(calls.filter((c) => c.path === '/api/messages')).toEqual([]);
    expect(send).toBeEnabled();
    await user.type(box, '{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/messages')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/messages')?.body).toEqual({
      estimateId: E,
      receiverId: 'p1',
      content: 'Line one\nLine two',
    });
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText(/Line one/)).toBeInTheDocument();
  });

  it("a provider's first message is an introduction: required, then at least 20 characters, before anything is sent", async () => {
    const sent = message({ content: 'Hello Casey, I can start on Monday.' });
    const { user, calls } = renderApp({
      path: `/provider/messages/${E}/c1`,
      user: provider,
      routes: {
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        [`GET /api/messages/${E}/c1`]: {
          body: { ...thread([]), other: { id: 'c1', firstName: 'Casey', role: 'customer' } },
        },
        'POST /api/messages': { status: 201, body: { message: sent } },
      },
    });
    const box = await screen.findByPlaceholderText('Introduce yourself and your offer…');
    expect(screen.getByText('Your first message: at least 20 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message is required');
    await user.type(box, 'Hi Casey{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Message should be at least 20 characters');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/messages')).toEqual([]);
    await user.type(box, ', I can start on Monday.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(box, '{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/messages')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/messages')?.body).toMatchObject({
      content: 'Hi Casey, I can start on Monday.',
    });
  });

  it('a refused send toasts "Failed to send message" with the reason; a network failure says an error occurred', async () => {
    let fail: 'refuse' | 'network' = 'refuse';
    const { user } = renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: {
        [`GET /api/messages/${E}/p1`]: { body: thread([]) },
        'POST /api/messages': () => {
          if (fail === 'network') throw new TypeError('Failed to fetch');
          return {
            status: 403,
            body: {
              error: 'You can reply only to providers who have messaged you about this estimate',
              code: 'FORBIDDEN',
            },
          };
        },
      },
    });
    const box = await screen.findByPlaceholderText('Type your message...');
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    fail = 'network';
    await user.type(box, '{Enter}');
    expect(await screen.findByText('An error occurred while sending message')).toBeInTheDocument();
  });

  it('deletes an own message after confirming; a failure toasts "Failed to delete message"', async () => {
    const MINE = '55555555-5555-4555-8555-555555555555';
    const mine = message({
      id: MINE,
      senderId: 'c1',
      receiverId: 'p1',
      content: 'Oops',
    });
    const { user } = renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: {
        [`GET /api/messages/${E}/p1`]: { body: thread([mine]) },
        [`DELETE /api/messages/${MINE}`]: { status: 500, body: INTERNAL_ERROR },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete message')).toBeInTheDocument();
  });

  it('the realtime channel shows Connected, adds an arriving message to the open thread and marks it read', async () => {
    const { calls } = renderApp({
      path: `/messages/${E}/p1`,
      user: customer,
      routes: {
        [`GET /api/messages/${E}/p1`]: { body: thread([]) },
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        'PATCH /api/messages/mark-read': { body: { updated: 1, unreadCount: 0 } },
      },
    });
    await screen.findByText('No messages yet. Start the conversation!');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost:3000/ws'.replace('localhost:3000', window.location.host));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    socket.open();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    const incoming = message({
      id: '66666666-6666-4666-8666-666666666666',
      read: false,
      content: 'Are you there?',
    });
    socket.emit({ type: 'messageReceived', message: incoming });
    expect(await screen.findByText('Are you there?')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ messageIds: [incoming.id] }),
    );
  });
});

describe('realtime client', () => {
  it('asks for what it missed with the last message id and backs off with jitter up to 30 s', () => {
    expect(socketUrl({ protocol: 'https:', host: 'a.test' }, null)).toBe('wss://a.test/ws');
    expect(socketUrl({ protocol: 'http:', host: 'a.test' }, 'abc')).toBe('ws://a.test/ws?lastMessageId=abc');
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(20, () => 0)).toBe(15_000);
  });
});
