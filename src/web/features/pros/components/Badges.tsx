// Verified credentials as badges (decision 0046): each says what was checked, when and until when, in the words of
// badgeText ("Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31"). The server sends only the
// badges that show today (approved, not past their expiry), so a lapsed one is never drawn.
import { badgeText, type Badge as BadgeFacts } from '#domain/profiles';
import { CheckIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';

/** One badge: a check and its words, all of them read out (the check is decoration). */
export function Badge({ badge, className }: { badge: BadgeFacts; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-start gap-1.5 rounded-md border border-green-700 bg-green-50 px-2 py-1 text-sm text-green-950 dark:border-green-400 dark:bg-green-950 dark:text-green-50',
        className,
      )}
    >
      <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-800 dark:text-green-300" />
      <span className="min-w-0 break-words">{badgeText(badge)}</span>
    </span>
  );
}

/** The badges as a list named for what they are; nothing without any. */
export function BadgeList({
  badges,
  label = 'Verified credentials',
  className,
}: {
  badges: readonly BadgeFacts[] | undefined;
  label?: string;
  className?: string;
}) {
  if (!badges || badges.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {badges.map((b) => (
        <li key={`${b.kind}-${b.state ?? ''}-${b.number ?? ''}-${b.expiresOn}`} className="max-w-full">
          <Badge badge={b} />
        </li>
      ))}
    </ul>
  );
}
