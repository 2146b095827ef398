import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button, type ButtonVariant } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { trackNavClick, type NavLabel } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
// The forms (and the validation rules they bring) load when a dialog first opens.
import {
  LazyLoginForm as LoginForm,
  LazySignupForm as SignupForm,
  pathAfterLogin,
} from '#web/features/auth/index.ts';

interface TriggerProps {
  label?: string;
  variant?: ButtonVariant;
}

/** A header button that opens one of the account forms in a dialog and records the nav click. */
function AuthDialog({
  label,
  variant,
  navLabel,
  title,
  description,
  className,
  children,
}: Required<TriggerProps> & {
  navLabel: NavLabel;
  title: string;
  description: string;
  className?: string;
  children: (close: () => void, navigate: (to: string) => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} onClick={() => trackNavClick(navLabel, location)}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description} className={className}>
        <Suspense fallback={<Spinner />}>{children(close, navigate)}</Suspense>
      </DialogContent>
    </Dialog>
  );
}

export function LoginDialog({ label = 'Log In', variant = 'ghost' }: TriggerProps) {
  return (
    <AuthDialog
      label={label}
      variant={variant}
      navLabel="Login"
      title="Log in to HomeFix"
      description="Welcome back. Enter your email and password."
    >
      {(close, navigate) => (
        <LoginForm
          onNavigate={close}
          onSuccess={(user) => {
            close();
            navigate(pathAfterLogin(user, null));
          }}
        />
      )}
    </AuthDialog>
  );
}

export function SignupDialog({ label = 'Sign Up', variant = 'primary' }: TriggerProps) {
  return (
    <AuthDialog
      label={label}
      variant={variant}
      navLabel="Sign Up"
      title="Create your HomeFix account"
      description="Customers price and post jobs; providers find work."
      className="max-w-2xl"
    >
      {(close, navigate) => (
        <SignupForm
          onNavigate={close}
          onSuccess={() => {
            close();
            navigate(paths.emailNotVerified);
          }}
        />
      )}
    </AuthDialog>
  );
}
