import type { PublicUser } from '#domain/schemas/user.schema';

export function initials(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'>): string {
  const a = user.firstName.trim().charAt(0);
  const b = user.lastName.trim().charAt(0);
  return (a + b).toUpperCase() || user.email.charAt(0).toUpperCase();
}

export function Avatar({ user }: { user: PublicUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white"
    >
      {initials(user)}
    </span>
  );
}
