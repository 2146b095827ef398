// An admin who gave up their own admin role (wasDowngraded): "Access Revoked", then the home page after 2 s
// (the wait lets them read it). The session is read again only then, so the message is what they see first.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { refreshSession } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';

export const SELF_DOWNGRADE_REDIRECT_MS = 2000;

export function useAccessRevoked() {
  const [revoked, setRevoked] = useState(false);
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const revoke = useCallback(() => {
    setRevoked(true);
    toast({
      title: 'Access Revoked',
      description: 'You no longer have admin privileges. Taking you to the home page.',
      variant: 'destructive',
    });
    timer.current = setTimeout(() => {
      void refreshSession(client).finally(() => navigate(paths.home, { replace: true }));
    }, SELF_DOWNGRADE_REDIRECT_MS);
  }, [client, navigate]);
  return { revoked, revoke };
}
