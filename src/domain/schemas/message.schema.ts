// Messages: the content rule, the send bodies and the realtime channel's client messages.
import { z } from 'zod';
import { idSchema } from './common.ts';

export const MESSAGE_MAX_LENGTH = 5000;

/** Conversation send and posted-estimate reply: trimmed content must not be empty. */
export const messageContentSchema = z
  .string()
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH);

/** POST /api/messages body; estimate and receiver ids come from the route. */
export const sendMessageSchema = z.object({
  estimateId: idSchema,
  receiverId: idSchema,
  content: messageContentSchema,
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/**
 * A provider's first message to a customer about an estimate (the message dialog after a bid): required, at
 * least 20 characters, so the customer gets a real introduction. The server holds every first message from a
 * provider to the same rule.
 */
export const FIRST_MESSAGE = {
  min: 20,
  required: 'Message is required',
  tooShort: 'Message should be at least 20 characters',
} as const;

/** The first-message rule's complaint about `text`, or null when it passes. */
export function firstMessageError(text: string): string | null {
  const t = text.trim();
  if (t === '') return FIRST_MESSAGE.required;
  return t.length < FIRST_MESSAGE.min ? FIRST_MESSAGE.tooShort : null;
}

/** The provider's "message the customer" dialog: required, at least 20 characters. */
export const messageToCustomerSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, { message: FIRST_MESSAGE.required, abort: true })
    .min(FIRST_MESSAGE.min, FIRST_MESSAGE.tooShort)
    .max(MESSAGE_MAX_LENGTH),
});
export type MessageToCustomerInput = z.infer<typeof messageToCustomerSchema>;

/** PATCH /api/messages/mark-read body. */
export const markReadSchema = z.object({ messageIds: z.array(idSchema).max(500) });

/**
 * The realtime channel's client messages. The socket is already signed in by the session
 * cookie at the upgrade: `auth` never changes who it is (a userId naming someone else is ignored); its
 * `lastMessageId` asks for everything received or sent since that message (reconnect backfill). `sendMessage`
 * goes through the same rules as POST /api/messages; `clientId` comes back on `messageSent` or `error`.
 */
export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    userId: idSchema.optional(),
    lastMessageId: z.string().uuid().optional(),
  }),
  z.object({
    type: z.literal('sendMessage'),
    receiverId: idSchema,
    clientId: z.string().max(100).optional(),
    message: z.object({ estimateId: idSchema, content: messageContentSchema }),
  }),
  z.object({ type: z.literal('markRead'), messageIds: z.array(idSchema).max(500) }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;
