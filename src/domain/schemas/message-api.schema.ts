// Messaging responses and realtime events (decision 0016). The web feature types
// its calls and socket handling from these.
import { z } from 'zod';
import { roles } from '../permissions.ts';

export const MESSAGE_ERRORS = {
  notFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  estimateNotFound: 'Estimate not found',
  receiverNotFound: 'Recipient not found',
  self: 'You cannot send a message to yourself',
  noReason: 'You can only message the customer who posted this estimate',
  customerReply: 'You can reply only to providers who have messaged you about this estimate',
  notSender: 'You can delete only your own messages',
  providerCap: (limit: number) =>
    `You have reached your plan's limit of ${limit} customers this month. Upgrade your plan to message more customers.`,
  messageLimit: (limit: number) =>
    `This customer is not accepting messages from more providers about this estimate (limit ${limit}).`,
  /** The estimate's owner writes first to a provider who bid, and that provider's plan has no customer left. */
  providerFull: 'This provider cannot take on more customers this month. Try another provider who bid.',
  /** The estimate's owner writes first to one more provider than their messaging limit allows. */
  ownerMessageLimit: (limit: number) =>
    `You are already talking with ${limit} providers about this estimate, your messaging limit. Raise it in Settings to message more providers.`,
} as const;

/** One message as every call and event returns it. A removed message has empty content and isDeleted. */
export const messageSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  estimateTitle: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  senderFirstName: z.string(),
  senderName: z.string(),
  senderRole: z.enum(roles),
});
export type Message = z.infer<typeof messageSchema>;

export const sendMessageResponseSchema = z.object({ message: messageSchema });

export const conversationSchema = z.object({
  estimateId: z.string(),
  estimateTitle: z.string(),
  otherId: z.string(),
  otherName: z.string(),
  otherRole: z.enum(roles),
  lastMessage: z.string(),
  lastMessageDate: z.string(),
  lastMessageIsDeleted: z.boolean(),
  unreadCount: z.number().int(),
  /** A provider's median first-response time (from a customer's first message to the reply); null otherwise. */
  otherMedianResponseSeconds: z.number().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** A thread page: oldest first; `nextBefore` fetches the older page (null at the start of the thread). */
export const threadSchema = z.object({
  estimateId: z.string(),
  estimateTitle: z.string(),
  other: z.object({ id: z.string(), firstName: z.string(), role: z.enum(roles) }).nullable(),
  messages: z.array(messageSchema),
  nextBefore: z.string().nullable(),
});
export type Thread = z.infer<typeof threadSchema>;

/** `before`: a message id; the page holds the messages older than it. */
export const threadQuerySchema = z.object({
  before: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const markReadResponseSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export const deleteMessageResponseSchema = z.object({ message: messageSchema });

/** What the server sends on /ws. */
export const wsServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string(), unreadCount: z.number().int() }),
  z.object({ type: z.literal('messageReceived'), message: messageSchema }),
  z.object({ type: z.literal('messageSent'), clientId: z.string().nullable(), message: messageSchema }),
  z.object({ type: z.literal('messageDeleted'), message: messageSchema }),
  z.object({
    type: z.literal('messagesRead'),
    messageIds: z.array(z.string()),
    readerId: z.string(),
    readAt: z.string(),
  }),
  z.object({ type: z.literal('unreadCount'), unreadCount: z.number().int() }),
  /** A provider's new priority notification: the New Notifications count now (decision 0021). */
  z.object({ type: z.literal('notifications'), unreadCount: z.number().int() }),
  /** Sent after the backfill a lastMessageId asked for. */
  z.object({ type: z.literal('synced'), lastMessageId: z.string().nullable() }),
  z.object({
    type: z.literal('error'),
    clientId: z.string().nullable(),
    status: z.number().int(),
    /** The REST error code of the same refusal (`TWO_STEP_REQUIRED`, `FORBIDDEN`...), when there is one. */
    code: z.string().optional(),
    message: z.string(),
  }),
]);
export type WsServerEvent = z.infer<typeof wsServerEventSchema>;

/** Admin message threads (GET /api/admin/messages). */
export const adminMessageThreadSchema = z.object({
  estimateId: z.string(),
  task: z.string(),
  finalEstimate: z.number(),
  customerId: z.string(),
  customerName: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  messages: z.array(messageSchema),
});
export const adminMessagesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminMessagesResponseSchema = z.object({
  threads: z.array(adminMessageThreadSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
