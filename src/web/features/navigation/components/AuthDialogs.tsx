import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { trackNavClick } from '../../../lib/analytics.ts';
import { paths } from '../../../lib/paths.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pathAfterLogin } from '../../auth/next-path.ts';

// The forms (and the validation rules they bring) load when a dialog first opens.
const LoginForm = lazy(async () => ({
  default: (await import('../../auth/components/LoginForm.tsx')).LoginForm,
}));
const SignupForm = lazy(async () => ({
  default: (await import('../../auth/components/SignupForm.tsx')).SignupForm,
}));

export function LoginDialog({
  label = 'Log In',
  variant = 'ghost',
}: {
  label?: string;
  variant?: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} onClick={() => trackNavClick('Login', location)}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title="Log in to HomeFix" description="Welcome back. Enter your email and password.">
        <Suspense fallback={<Spinner />}>
          <LoginForm
            onNavigate={() => setOpen(false)}
            onSuccess={(user) => {
              setOpen(false);
              navigate(pathAfterLogin(user, null));
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

export function SignupDialog({
  label = 'Sign Up',
  variant = 'primary',
}: {
  label?: string;
  variant?: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} onClick={() => trackNavClick('Sign Up', location)}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Create your HomeFix account"
        description="Customers price and post jobs; providers find work."
        className="max-w-2xl"
      >
        <Suspense fallback={<Spinner />}>
          <SignupForm
            onNavigate={() => setOpen(false)}
            onSuccess={() => {
              setOpen(false);
              navigate(paths.emailNotVerified);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
