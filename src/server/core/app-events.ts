// The app's events: every write another part of the app reacts to, with what it carries. One map, so a publisher
// and its listeners agree on the payload without importing each other. Payloads are plain data (ids, dates, the
// domain's types); none is a row of a feature's table.
import type { Message } from '#domain/schemas/message-api.schema';
import type { EventBus } from './events.ts';

/** An estimate as the providers told of its posting read it. */
export interface PostedEstimate {
  id: string;
  ownerId: string;
  title: string;
  category: string;
  taskName: string;
  regionLabel: string;
  minCents: number;
  maxCents: number;
  /** The centroid of its ZIP code (decision 0048); null without one. */
  location: { lat: number; lng: number } | null;
}

/** A public project as the providers told of its posting read it (budgets in cents, each end optional). */
export interface PostedProject {
  id: string;
  ownerId: string;
  title: string;
  category: string;
  city: string;
  minCents: number | null;
  maxCents: number | null;
  /** The centroid of its ZIP code (decision 0048); null without one. */
  location: { lat: number; lng: number } | null;
}

/**
 * Sessions that ended: one (sign-out), every one of a user but `exceptTokenHash` (password change, deletion), or one
 * token replaced by `renewedTo` for the same sign-in (re-authentication: its sockets go on under the new token).
 */
export type SessionsEnded =
  { tokenHash: string; renewedTo?: string } | { userId: string; exceptTokenHash?: string };

export interface AppEvents {
  /** The owner posted an estimate; `first` when it was never posted before (a repost is not). */
  estimatePosted: { estimate: PostedEstimate; first: boolean; at: Date };
  /**
   * The owner changed the title or the description of a posted estimate (`changed` names which); `title` is the
   * new one. An edit of a draft publishes nothing: no provider sees a draft.
   */
  estimateUpdated: {
    estimateId: string;
    editorId: string;
    title: string;
    changed: ('title' | 'description')[];
    at: Date;
  };
  /**
   * The owner took a posted estimate off the board (`unposted`: back to draft; `closed`: cancelled or marked
   * completed) or deleted an estimate in any status (`deleted`): nothing on it stays open (decision 0049). A hire
   * is bidAccepted.
   */
  estimateWithdrawn: {
    estimateId: string;
    ownerId: string;
    estimateTitle: string;
    how: 'unposted' | 'closed' | 'deleted';
    at: Date;
  };
  /**
   * An account was closed: by its owner, or deleted by an admin. Published in the closing transaction: after a
   * soft deletion redacted its personal fields, or before a hard one removes its rows (a soft-deleted account
   * removed later publishes nothing more).
   */
  accountClosed: { userId: string; at: Date };
  /** A customer posted a public project (it is live from then on; decision 0038). */
  projectPosted: { project: PostedProject; at: Date };
  /**
   * A provider's new bid on a posted estimate (a repeated bid publishes nothing); `withQuote` when its quote was
   * saved in the same call (quoteSaved follows, with `newBid`).
   */
  bidPlaced: { bidId: string; estimateId: string; providerId: string; withQuote: boolean; at: Date };
  /** The owner accepted a provider's bid: the provider is hired and `jobId` is the job it started. */
  bidAccepted: {
    bidId: string;
    estimateId: string;
    estimateTitle: string;
    providerId: string;
    customerName: string;
    jobId: string;
    at: Date;
  };
  /** The hire declined these providers' pending bids on the estimate ("Not selected"). */
  bidsDeclined: { estimateId: string; estimateTitle: string; providerIds: string[]; at: Date };
  /** The provider withdrew a pending bid. */
  bidWithdrawn: { bidId: string; estimateId: string; providerId: string; at: Date };
  /**
   * The provider quoted their bid (`revision` 1) or revised the quote; `newBid` when the bid was placed in the same
   * call (its bidPlaced already told the owner).
   */
  quoteSaved: {
    bidId: string;
    estimateId: string;
    providerId: string;
    revision: number;
    newBid: boolean;
    at: Date;
  };
  /** A pending bid's latest quote passed its validUntil date unaccepted. */
  quoteExpired: { bidId: string; estimateId: string; providerId: string; at: Date };
  /**
   * Something happened on a job (each entry of its timeline): `event` names it (`scheduleProposed`,
   * `scheduleConfirmed`, `started`, `completionRequested`, `completed`, `reopened`, `cancelled`,
   * `changeOrderProposed`, `changeOrderApproved`, `changeOrderDeclined`); `actorId` null for the system.
   */
  jobChanged: {
    jobId: string;
    estimateId: string;
    estimateTitle: string;
    customerId: string;
    providerId: string;
    actorId: string | null;
    event: string;
    detail: string;
    at: Date;
  };
  /**
   * A message was stored; `seq` is its place in the messages' order. `origin` names the socket that sent it over
   * /ws (that socket is told it was sent rather than received), null for the REST call.
   */
  messageSent: {
    message: Message;
    seq: number;
    origin: { connectionId: string; clientId: string | null } | null;
  };
  /** The reader marked messages they received read. */
  messagesRead: { readerId: string; messageIds: string[]; senderIds: string[]; readAt: string };
  /** The sender deleted a message. */
  messageDeleted: { messageId: string; senderId: string; receiverId: string };
  /** An admin approved or denied a person's role request. */
  roleRequestReviewed: {
    requestId: string;
    userId: string;
    reviewerId: string;
    status: 'approved' | 'denied';
    requestedRole: string;
    at: Date;
  };
  /**
   * A completed job's reviews were published at once (decision 0044): both parties wrote (in the request that wrote
   * the second), or the window closed (scheduled work). `reviewIds` are those published (none when nobody wrote).
   */
  reviewsPublished: {
    jobId: string;
    estimateTitle: string;
    customerId: string;
    providerId: string;
    reviewIds: string[];
    at: Date;
  };
  /** The reviewed party answered a published review (the first answer; an edit publishes nothing). */
  reviewAnswered: {
    reviewId: string;
    jobId: string;
    estimateTitle: string;
    authorId: string;
    responderId: string;
    at: Date;
  };
  /**
   * A reminder to review a completed job, to the parties who have not (`userIds`): at completion ('completed') and
   * REVIEW_REMINDER_DAYS_BEFORE_CLOSE before the window closes ('closing').
   */
  reviewReminder: {
    jobId: string;
    estimateTitle: string;
    userIds: string[];
    stage: 'completed' | 'closing';
    closesAt: Date;
    at: Date;
  };
  /** An admin approved or denied a provider's credential (decision 0045); the provider is told with the comment. */
  credentialReviewed: {
    credentialId: string;
    providerId: string;
    reviewerId: string;
    kind: 'license' | 'insurance';
    status: 'approved' | 'denied';
    comment: string;
    at: Date;
  };
  /** A verified credential expires in `daysBefore` days (scheduled work, once each). */
  credentialExpiring: {
    credentialId: string;
    providerId: string;
    kind: 'license' | 'insurance';
    expiresOn: string;
    daysBefore: number;
    at: Date;
  };
  /** A customer invited a provider to bid on their posted estimate, from the provider's public page. */
  providerInvited: {
    invitationId: string;
    estimateId: string;
    estimateTitle: string;
    providerId: string;
    customerId: string;
    customerName: string;
    at: Date;
  };
  /**
   * What a server-rendered public page shows changed: a pro's page (profile edit, a credential verdict, a review
   * published or answered, the portfolio, the account closed) or a project's; each instance drops its copy.
   */
  publicPageChanged: { page: 'pro' | 'project'; id: string };
  /**
   * Something happened to a site visit (decision 0049): `event` names it; `actorId` is the party who acted, null
   * for the system (the reminder, a cancellation because another provider was hired or an account closed).
   * `expired` is a proposal cancelled because none of its times was chosen before they passed. `when` is the
   * visit's time as its parties read it ("Tue Dec 2, 9:00 AM EST": the chosen slot's, else the first proposed one's).
   */
  siteVisitChanged: {
    visitId: string;
    estimateId: string;
    estimateTitle: string;
    customerId: string;
    providerId: string;
    actorId: string | null;
    event:
      'proposed' | 'confirmed' | 'declined' | 'cancelled' | 'expired' | 'reminder' | 'noShow' | 'disputed';
    /**
     * Who is told of a change the system made (`actorId` null): the provider unless said otherwise (a provider's
     * account closed: the customer).
     */
    tell?: 'customer' | 'provider';
    when: string;
    /** The note, reason or slot count the event carries, as written ('' when none). */
    detail: string;
    at: Date;
  };
  /** Sessions ended or got a new token. */
  sessionsEnded: SessionsEnded;
  /** In-app notifications were written for these users; the priority ones among them are told at once. */
  notificationsCreated: { userIds: string[]; priorityUserIds: string[] };
}

export type AppEventBus = EventBus<AppEvents>;
