import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { trackNavClick } from '../../../lib/analytics.ts';
import { paths } from '../../../lib/paths.ts';
import { LoginForm } from '../../auth/components/LoginForm.tsx';
import { SignupForm } from '../../auth/components/SignupForm.tsx';
import { pathAfterLogin } from '../../auth/next-path.ts';

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
        <LoginForm
          onNavigate={() => setOpen(false)}
          onSuccess={(user) => {
            setOpen(false);
            navigate(pathAfterLogin(user, null));
          }}
        />
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
        <SignupForm
          onNavigate={() => setOpen(false)}
          onSuccess={() => {
            setOpen(false);
            navigate(paths.emailNotVerified);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
