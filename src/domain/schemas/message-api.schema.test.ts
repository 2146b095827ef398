// The realtime channel's message shapes: what a client may send and what the server's events look like.
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX_LENGTH,
  markReadSchema,
  sendMessageSchema,
  wsClientMessageSchema,
} from './message.schema.ts';
import { MESSAGE_ERRORS, threadQuerySchema, wsServerEventSchema } from './message-api.schema.ts';

const UUID = '6f1c7a3e-2b1d-4c6e-9a55-0c2f3d4e5f60';

describe('wsClientMessageSchema', () => {
  it.each([
    [{ type: 'auth' }, true],
    [{ type: 'auth', userId: 'someone' }, true],
    [{ type: 'auth', lastMessageId: UUID }, true],
    [{ type: 'auth', lastMessageId: 'not-a-uuid' }, false],
    [{ type: 'sendMessage', receiverId: 'u', message: { estimateId: 'e', content: ' hi ' } }, true],
    [{ type: 'sendMessage', receiverId: 'u', message: { estimateId: 'e', content: '   ' } }, false],
    [
      {
        type: 'sendMessage',
        receiverId: 'u',
        clientId: 'x'.repeat(101),
        message: { estimateId: 'e', content: 'a' },
      },
      false,
    ],
    [{ type: 'markRead', messageIds: [UUID] }, true],
    [{ type: 'markRead', messageIds: Array.from({ length: 501 }, () => UUID) }, false],
    [{ type: 'subscribe' }, false],
  ])('%j parses: %s', (input, ok) => {
    expect(wsClientMessageSchema.safeParse(input).success).toBe(ok);
  });

  it('trims the content it sends', () => {
    const r = wsClientMessageSchema.parse({
      type: 'sendMessage',
      receiverId: 'u',
      message: { estimateId: 'e', content: '  hello  ' },
    });
    expect(r.type === 'sendMessage' && r.message.content).toBe('hello');
  });
});

describe('REST bodies and queries', () => {
  it('content is 1 to 5,000 characters after trimming', () => {
    const body = (content: string) => ({ estimateId: 'e', receiverId: 'u', content });
    expect(sendMessageSchema.safeParse(body('x'.repeat(MESSAGE_MAX_LENGTH))).success).toBe(true);
    expect(sendMessageSchema.safeParse(body(`  ${'x'.repeat(MESSAGE_MAX_LENGTH)}  `)).success).toBe(true);
    expect(sendMessageSchema.safeParse(body('x'.repeat(MESSAGE_MAX_LENGTH + 1))).success).toBe(false);
    expect(sendMessageSchema.safeParse(body(' \n\t ')).success).toBe(false);
  });

  it('mark-read takes up to 500 ids; a thread page 1 to 200 messages, 50 by default', () => {
    expect(markReadSchema.safeParse({ messageIds: [] }).success).toBe(true);
    expect(threadQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(threadQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(threadQuerySchema.safeParse({ before: 'x' }).success).toBe(false);
  });
});

describe('server events and messages', () => {
  it('an error event carries the status and the message', () => {
    const e = { type: 'error', clientId: 'c1', status: 403, message: MESSAGE_ERRORS.providerCap(25) };
    expect(wsServerEventSchema.parse(e)).toEqual(e);
    expect(MESSAGE_ERRORS.providerCap(25)).toContain('25 customers this month');
    expect(MESSAGE_ERRORS.messageLimit(5)).toContain('limit 5');
  });
});
