// A person's email choices (decision 0043): per kind of their role, read and changed on /settings (a change carries
// only the kinds it changes), the old all-or-defaults switch over them, and the one-click unsubscribe of a mail's
// kind (or of every kind of its digest) with its undo. Stored: the kinds a person chose, whatever they chose (a
// later change of plan moves only the defaults).
import {
  choicesFor,
  DAILY_DIGEST_HOUR,
  emailChoiceLabels,
  kindsFor,
  notificationKindInfo,
  notificationKinds,
  type EmailChoice,
  type NotificationKind,
} from '#domain/notification-kinds';
import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationSettings,
} from '#domain/schemas/notification.schema';
import type { AppContext } from '#server/context';
import { AppError, notFound } from '#server/errors';
import { nextLocalHour } from '#domain/zip-time-zone';
import { effectiveRole } from '#domain/permissions';
import { choicesOf, timeZoneOf } from './notification-email-plan.ts';
import * as repo from './notification-mail.repo.ts';
import { readUnsubscribe, verifyUnsubscribe, type UnsubscribeScope } from './unsubscribe-token.ts';

/** What an unsubscribe link did, or would undo: each kind with the choice it had before. */
export interface UnsubscribeResult {
  scope: UnsubscribeScope;
  /** The kinds turned off, each with its choice before. */
  turnedOff: { kind: NotificationKind; label: string; was: EmailChoice }[];
}

/** A link that is not one of ours, was changed, or whose key was replaced: refused, nothing changes. */
export class InvalidUnsubscribeLink extends Error {}

export function createNotificationPreferences(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;

  async function load(userId: string) {
    const p = await repo.person(db, userId);
    if (!p) throw notFound('Account not found');
    return p;
  }

  function view(p: repo.Recipient): NotificationPreferences {
    const mine = choicesOf(p, now());
    const email: NotificationPreferences['email'] = {};
    const choices: NotificationPreferences['choices'] = {};
    for (const kind of kindsFor(effectiveRole(p, now()))) {
      email[kind] = mine[kind];
      choices[kind] = [...choicesFor(kind)];
    }
    return { email, choices };
  }

  async function get(userId: string): Promise<NotificationPreferences> {
    return view(await load(userId));
  }

  async function update(
    userId: string,
    change: NotificationPreferencesUpdate,
  ): Promise<NotificationPreferences> {
    const p = await load(userId);
    const mine = kindsFor(effectiveRole(p, now()));
    const stored = { ...(p.emailChoices ?? {}) };
    const before = choicesOf(p, now());
    const off: NotificationKind[] = [];
    const toNow: NotificationKind[] = [];
    const toDaily: NotificationKind[] = [];
    for (const [kind, choice] of Object.entries(change.email) as [NotificationKind, EmailChoice][]) {
      if (!mine.includes(kind)) {
        throw new AppError('VALIDATION', `“${kind}” is not a notification you receive`, {
          [`email.${kind}`]: 'Not a notification you receive',
        });
      }
      const allowed = choicesFor(kind);
      if (!allowed.includes(choice)) {
        const words = allowed.map((c) => emailChoiceLabels[c]).join(', ');
        throw new AppError(
          'VALIDATION',
          `“${notificationKindInfo[kind].label}” can be set to ${words} (not ${emailChoiceLabels[choice]})`,
          { [`email.${kind}`]: `Choose one of: ${allowed.join(', ')}` },
        );
      }
      stored[kind] = choice;
      if (choice === 'off') off.push(kind);
      else if (choice !== before[kind]) (choice === 'daily' ? toDaily : toNow).push(kind);
    }
    // What waits for a kind whose choice changed follows the new choice: none when off, the next 8:00 when daily,
    // now otherwise (the composer still keeps the kind's window).
    const at = now();
    await db.transaction(async (tx) => {
      await repo.saveChoices(tx, userId, stored);
      await repo.dropPending(tx, userId, off);
      await repo.reschedulePending(tx, userId, toNow, at);
      await repo.reschedulePending(
        tx,
        userId,
        toDaily,
        nextLocalHour(at, timeZoneOf(p.zipCode), DAILY_DIGEST_HOUR),
      );
    });
    return view({ ...p, emailChoices: stored });
  }

  /** The old switch: on unless every kind of the person's role is off. */
  async function settings(userId: string): Promise<NotificationSettings> {
    const p = await load(userId);
    const mine = choicesOf(p, now());
    const kinds = kindsFor(effectiveRole(p, now()));
    return { emailNotifications: kinds.length === 0 || kinds.some((k) => mine[k] !== 'off') };
  }

  /** false: every kind off (and what was waiting dropped); true: every kind back to its default. */
  async function saveSettings(userId: string, s: NotificationSettings): Promise<NotificationSettings> {
    await load(userId);
    const stored: Record<string, string> = s.emailNotifications
      ? {}
      : Object.fromEntries(notificationKinds.map((k) => [k, 'off']));
    await db.transaction(async (tx) => {
      await repo.saveChoices(tx, userId, stored);
      if (!s.emailNotifications) await repo.dropPending(tx, userId, notificationKinds);
    });
    return s;
  }

  /** The person and scope of a token whose signature holds; InvalidUnsubscribeLink otherwise. */
  async function checked(token: string | undefined) {
    const claim = token ? readUnsubscribe(token) : null;
    const p = claim ? await repo.person(db, claim.userId) : null;
    if (!claim || !p || !p.unsubscribeKey || !verifyUnsubscribe(token!, p.unsubscribeKey)) {
      throw new InvalidUnsubscribeLink('This unsubscribe link is not valid');
    }
    const mine = kindsFor(effectiveRole(p, now()));
    if (claim.scope !== 'daily' && claim.scope !== 'hourly' && !mine.includes(claim.scope)) {
      throw new InvalidUnsubscribeLink('This unsubscribe link is not valid');
    }
    return { claim, p, mine };
  }

  /** The kinds a link names now: its kind, or every kind of the person's role on its digest. */
  function inScope(
    scope: UnsubscribeScope,
    mine: readonly NotificationKind[],
    current: Record<NotificationKind, EmailChoice>,
  ) {
    if (scope === 'daily' || scope === 'hourly') return mine.filter((k) => current[k] === scope);
    return [scope];
  }

  /** Turns off what the link names (already off: nothing to do, said as such). */
  async function unsubscribe(token: string | undefined): Promise<UnsubscribeResult> {
    const { claim, p, mine } = await checked(token);
    const current = choicesOf(p, now());
    const kinds = inScope(claim.scope, mine, current).filter((k) => current[k] !== 'off');
    if (kinds.length > 0) {
      const stored = { ...(p.emailChoices ?? {}) };
      for (const k of kinds) stored[k] = 'off';
      await db.transaction(async (tx) => {
        await repo.saveChoices(tx, p.id, stored);
        await repo.dropPending(tx, p.id, kinds);
      });
    }
    return {
      scope: claim.scope,
      turnedOff: kinds.map((k) => ({ kind: k, label: notificationKindInfo[k].label, was: current[k] })),
    };
  }

  /**
   * Gives back the choices an unsubscribe turned off (`restore`: kind to its choice before), for the kinds the
   * link names and only where they are still off; what the link does not name, or a choice a kind cannot have, is
   * refused whole.
   */
  async function undo(
    token: string | undefined,
    restore: Record<string, string>,
  ): Promise<UnsubscribeResult> {
    const { claim, p, mine } = await checked(token);
    const current = choicesOf(p, now());
    const back: UnsubscribeResult['turnedOff'] = [];
    for (const [kind, was] of Object.entries(restore)) {
      const k = kind as NotificationKind;
      const digest = claim.scope === 'daily' || claim.scope === 'hourly';
      const named = digest ? mine.includes(k) && was === claim.scope : k === claim.scope;
      if (!named || !(choicesFor(k) as readonly string[]).includes(was) || was === 'off') {
        throw new InvalidUnsubscribeLink('This undo is not valid');
      }
      if (current[k] === 'off')
        back.push({ kind: k, label: notificationKindInfo[k].label, was: was as EmailChoice });
    }
    if (back.length > 0) {
      const stored = { ...(p.emailChoices ?? {}) };
      for (const b of back) stored[b.kind] = b.was;
      await repo.saveChoices(db, p.id, stored);
    }
    return { scope: claim.scope, turnedOff: back };
  }

  return { get, update, settings, saveSettings, unsubscribe, undo };
}

export type NotificationPreferencesService = ReturnType<typeof createNotificationPreferences>;
