// Licenses and insurance (decision 0046): a provider uploads one with its document, an admin approves it (a badge
// on the public page, the bids and the lists, through its expiry day) or denies it with a comment. Any provider
// may upload: verification is about trust, not a paid feature.
//
// - Editing what a badge states (a license's state or number, a policy's number or coverage, the expiry) sends
//   the credential back to pending: the badge is gone until an admin checks it again. Other edits keep the status.
// - A verdict writes its audit entry, tells the provider (credentialReviewed) and the public page
//   (publicPageChanged) in one transaction, and schedules what follows: the reminders 30 and 7 days before expiry
//   that are still ahead, and the document's deletion 90 days after the expiry (approved) or the denial.
// - Scheduled work re-reads the credential when it runs: an edited, deleted or re-dated one gets no stale
//   reminder, and a document is deleted only when the credential is still denied or expired 90 days on.
import { addDaysToYmd, utcToday } from '#domain/dates';
import { fullName } from '#domain/format';
import { isUuid } from '#domain/ids';
import {
  badgeActive,
  CREDENTIAL_DOCUMENT_KEEP_DAYS,
  CREDENTIAL_REMINDER_DAYS,
  type CredentialKind,
} from '#domain/profiles';
import {
  credentialFieldsSchema,
  type AdminCredential,
  type Credential,
  type CredentialFields,
  type CredentialPatch,
} from '#domain/schemas/pro-profile.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { auditActions, recordAudit } from '#server/modules/audit';
import { checkCredentialDocument, documentFileName } from './credential-document.ts';
import * as repo from './credentials.repo.ts';

const DAY_MS = 86_400_000;

export const CREDENTIAL_MESSAGES = {
  notFound: 'Credential not found',
  documentDeleted: (on: string) =>
    `This document was deleted on ${on}, ${CREDENTIAL_DOCUMENT_KEEP_DAYS} days after the denial or the expiry`,
  expiresInPast: 'The expiry date must be after today',
  notOfKind: (kind: CredentialKind) =>
    `Not a field of ${kind === 'license' ? 'a license' : 'an insurance policy'}`,
} as const;

/** What each kind's badge states: changing one of these needs an admin's check again. */
const CHECKED_FIELDS: Record<CredentialKind, readonly (keyof CredentialPatch)[]> = {
  license: ['state', 'number', 'expiresOn'],
  insurance: ['policyNumber', 'coverageAmount', 'expiresOn'],
};
const KIND_FIELDS: Record<CredentialKind, readonly (keyof CredentialPatch)[]> = {
  license: ['state', 'number', 'trade', 'expiresOn'],
  insurance: ['insurer', 'policyNumber', 'coverageAmount', 'expiresOn'],
};

/** When a reminder is due: mid-morning in the US (15:00 UTC) on its day. */
const reminderDueAt = (ymd: string) => new Date(`${ymd}T15:00:00Z`);

export function toCredential(row: repo.CredentialMeta, today: string): Credential {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    state: row.state,
    number: row.number,
    trade: row.trade,
    insurer: row.insurer,
    policyNumber: row.policyNumber,
    coverageAmount: row.coverageAmount,
    expiresOn: row.expiresOn,
    documentType: row.documentType,
    documentBytes: row.documentBytes,
    documentDeleted: row.documentDeletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewComment: row.reviewComment,
    badgeActive: badgeActive(row, today),
  };
}

/** A zod failure as the one error shape: the first message, every field's own. */
function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'kind'] ??= issue.message;
  return new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid request', fields);
}

export function createCredentialsService(ctx: Pick<AppContext, 'db' | 'now' | 'events' | 'work'>) {
  const { db, now, events, work } = ctx;
  const missing = () => notFound(CREDENTIAL_MESSAGES.notFound);

  function assertFuture(expiresOn: string, today: string) {
    if (expiresOn <= today) {
      throw new AppError('VALIDATION', CREDENTIAL_MESSAGES.expiresInPast, {
        expiresOn: CREDENTIAL_MESSAGES.expiresInPast,
      });
    }
  }

  /** Reads and checks the fields (multipart strings) before the document, so a bad field costs no decoding. */
  function parseFields(raw: Record<string, string>, today: string): CredentialFields {
    const parsed = credentialFieldsSchema.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error.issues);
    assertFuture(parsed.data.expiresOn, today);
    return parsed.data;
  }

  /** The reminders still ahead and the document's deletion, after an approval or a denial. */
  async function scheduleAfterVerdict(tx: Executor, row: repo.CredentialMeta, at: Date) {
    if (row.status === 'approved') {
      for (const days of CREDENTIAL_REMINDER_DAYS) {
        const dueAt = reminderDueAt(addDaysToYmd(row.expiresOn, -days));
        if (dueAt <= at) continue;
        // The expiry is in the key: re-approved with a new expiry, the new dates are scheduled beside the old
        // items (which then find nothing to say).
        await work.schedule(
          tx,
          'credentialReminder',
          { credentialId: row.id, daysBefore: days },
          { dueAt, key: `credentialReminder:${row.id}:${days}:${row.expiresOn}` },
        );
      }
    }
    const purgeAt =
      row.status === 'approved'
        ? new Date(`${addDaysToYmd(row.expiresOn, CREDENTIAL_DOCUMENT_KEEP_DAYS)}T00:00:00Z`)
        : new Date(at.getTime() + CREDENTIAL_DOCUMENT_KEEP_DAYS * DAY_MS);
    await work.schedule(
      tx,
      'credentialDocumentPurge',
      { credentialId: row.id },
      { dueAt: purgeAt, key: `credentialDocumentPurge:${row.id}:${purgeAt.toISOString()}` },
    );
  }

  return {
    parseFields,

    /** A provider's upload: the fields checked, then the document; stored pending. */
    async upload(provider: { id: string }, fields: CredentialFields, document: Buffer): Promise<Credential> {
      const checked = await checkCredentialDocument(document);
      const at = now();
      const today = utcToday(at);
      assertFuture(fields.expiresOn, today);
      const row = await repo.insertCredential(db, {
        providerId: provider.id,
        kind: fields.kind,
        status: 'pending',
        ...(fields.kind === 'license'
          ? { state: fields.state, number: fields.number, trade: fields.trade }
          : {
              insurer: fields.insurer,
              policyNumber: fields.policyNumber,
              coverageAmount: fields.coverageAmount,
            }),
        expiresOn: fields.expiresOn,
        documentType: checked.type,
        documentBytes: checked.data.length,
        document: checked.data,
        createdAt: at,
        updatedAt: at,
      });
      return toCredential(row, today);
    },

    async list(provider: { id: string }): Promise<{ items: Credential[] }> {
      const today = utcToday(now());
      return { items: (await repo.listOwn(db, provider.id)).map((r) => toCredential(r, today)) };
    },

    async patch(provider: { id: string }, id: string, body: CredentialPatch): Promise<Credential> {
      if (!isUuid(id)) throw missing();
      const at = now();
      const today = utcToday(at);
      const row = await events.transaction(async (tx) => {
        const current = await repo.lockCredential(tx, id);
        if (!current || current.providerId !== provider.id) throw missing();
        const allowed = KIND_FIELDS[current.kind];
        const sent = (Object.keys(body) as (keyof CredentialPatch)[]).filter((k) => body[k] !== undefined);
        const foreign = sent.filter((k) => !allowed.includes(k));
        if (foreign.length > 0) {
          const message = CREDENTIAL_MESSAGES.notOfKind(current.kind);
          throw new AppError('VALIDATION', message, Object.fromEntries(foreign.map((k) => [k, message])));
        }
        if (body.expiresOn !== undefined && body.expiresOn !== current.expiresOn) {
          assertFuture(body.expiresOn, today);
        }
        const changed = sent.filter((k) => body[k] !== current[k]);
        const recheck = changed.some((k) => CHECKED_FIELDS[current.kind].includes(k));
        const updated = await repo.updateCredential(tx, id, {
          ...Object.fromEntries(changed.map((k) => [k, body[k]])),
          updatedAt: at,
          ...(recheck && current.status !== 'pending'
            ? { status: 'pending' as const, reviewedAt: null, reviewedBy: null, reviewComment: null }
            : {}),
        });
        // The badge went with the check.
        if (recheck && badgeActive(current, today)) {
          await events.publish(tx, 'publicPageChanged', { page: 'pro', id: provider.id });
        }
        return updated;
      });
      return toCredential(row, today);
    },

    async remove(provider: { id: string }, id: string): Promise<void> {
      if (!isUuid(id)) throw missing();
      const today = utcToday(now());
      await events.transaction(async (tx) => {
        const current = await repo.lockCredential(tx, id);
        if (!current || current.providerId !== provider.id) throw missing();
        await repo.deleteOwn(tx, id, provider.id);
        if (badgeActive(current, today)) {
          await events.publish(tx, 'publicPageChanged', { page: 'pro', id: provider.id });
        }
      });
    },

    /** The document for its owner or an admin; anyone else is told it does not exist. */
    async document(viewer: { id: string; role: string }, id: string) {
      if (!isUuid(id)) throw missing();
      const row = await repo.documentOf(db, id);
      if (!row || (row.providerId !== viewer.id && viewer.role !== 'admin')) throw missing();
      if (!row.document) {
        throw notFound(
          CREDENTIAL_MESSAGES.documentDeleted((row.documentDeletedAt ?? now()).toISOString().slice(0, 10)),
        );
      }
      return {
        type: row.documentType,
        data: row.document,
        fileName: documentFileName(row.kind, row.id, row.documentType),
      };
    },

    async adminList(q: { status: repo.AdminStatusFilter; page: number; pageSize: number }) {
      const today = utcToday(now());
      const { rows, total } = await repo.adminPage(db, q);
      const items: AdminCredential[] = rows.map((r) => ({
        ...toCredential(r.credential, today),
        provider: {
          id: r.provider.id,
          name: fullName(r.provider),
          email: r.provider.email,
          companyName: r.provider.companyName,
        },
      }));
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    /** An admin's verdict; a denial carries the comment the provider is told. */
    async decide(
      admin: { id: string },
      id: string,
      verdict: { status: 'approved' | 'denied'; comment: string },
    ): Promise<AdminCredential> {
      if (!isUuid(id)) throw missing();
      const at = now();
      const today = utcToday(at);
      const { row, provider } = await events.transaction(async (tx) => {
        const current = await repo.lockCredential(tx, id);
        if (!current) throw missing();
        const provider = await repo.providerOf(tx, current.providerId);
        if (!provider) throw missing();
        const comment = verdict.comment.trim();
        const row = await repo.updateCredential(tx, id, {
          status: verdict.status,
          reviewedAt: at,
          reviewedBy: admin.id,
          reviewComment: comment || null,
          updatedAt: at,
        });
        await recordAudit(tx, {
          actorId: admin.id,
          action: verdict.status === 'approved' ? auditActions.verifyCredential : auditActions.denyCredential,
          targetType: 'credential',
          targetId: id,
          details: {
            kind: current.kind,
            from: current.status,
            to: verdict.status,
            providerId: provider.id,
            providerName: fullName(provider),
            providerEmail: provider.email,
            ...(current.kind === 'license'
              ? { state: current.state, number: current.number }
              : { policyNumber: current.policyNumber, coverageAmount: current.coverageAmount }),
            expiresOn: current.expiresOn,
            ...(comment ? { comment } : {}),
          },
          at,
        });
        await events.publish(tx, 'credentialReviewed', {
          credentialId: id,
          providerId: provider.id,
          reviewerId: admin.id,
          kind: current.kind,
          status: verdict.status,
          comment,
          at,
        });
        await events.publish(tx, 'publicPageChanged', { page: 'pro', id: provider.id });
        await scheduleAfterVerdict(tx, row, at);
        return { row, provider };
      });
      return {
        ...toCredential(row, today),
        provider: {
          id: provider.id,
          name: fullName(provider),
          email: provider.email,
          companyName: provider.companyName,
        },
      };
    },

    /**
     * Registers the scheduled work's handlers. Each re-reads the credential under its lock: a reminder is said
     * only of an approved credential whose expiry is that many days ahead (more than the next reminder's), so one
     * edited back to pending, deleted or given a new expiry gets none; a document is deleted only when the
     * credential is still denied 90 days after its verdict, or expired 90 days ago.
     */
    registerWork() {
      work.handle('credentialReminder', async ({ payload }) => {
        const { credentialId, daysBefore } = payload;
        const at = now();
        const today = utcToday(at);
        await events.transaction(async (tx) => {
          const row = await repo.lockCredential(tx, credentialId);
          if (!row || row.status !== 'approved' || today > row.expiresOn) return;
          const left = Math.round(
            (Date.parse(`${row.expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
          );
          const later = CREDENTIAL_REMINDER_DAYS.filter((d) => d < daysBefore);
          const floor = later.length > 0 ? Math.max(...later) : -1;
          if (left > daysBefore || left <= floor) return;
          await events.publish(tx, 'credentialExpiring', {
            credentialId,
            providerId: row.providerId,
            kind: row.kind,
            expiresOn: row.expiresOn,
            daysBefore,
            at,
          });
        });
      });
      work.handle('credentialDocumentPurge', async ({ payload }) => {
        const at = now();
        const today = utcToday(at);
        await db.transaction(async (tx) => {
          const row = await repo.lockCredential(tx, payload.credentialId);
          if (!row || row.documentDeletedAt) return;
          const deniedLongAgo =
            row.status === 'denied' &&
            row.reviewedAt !== null &&
            at.getTime() - row.reviewedAt.getTime() >= CREDENTIAL_DOCUMENT_KEEP_DAYS * DAY_MS;
          const expiredLongAgo = addDaysToYmd(row.expiresOn, CREDENTIAL_DOCUMENT_KEEP_DAYS) <= today;
          if (deniedLongAgo || expiredLongAgo) await repo.purgeDocument(tx, row.id, at);
        });
      });
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
