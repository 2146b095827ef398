import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { Button, type ButtonSize, type ButtonVariant } from '#web/components/ui/button.tsx';
import { trackNavClick, type NavLabel } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
// The dialog and the forms (with the validation rules they bring) load on demand, not with the page.
import {
  LazyLoginForm as LoginForm,
  LazySignupForm as SignupForm,
  pathAfterLogin,
  preloadLoginForm,
  preloadSignupForm,
} from '#web/features/auth/index.ts';

const loadPanel = () => import('./AuthDialogPanel.tsx');
const AuthDialogPanel = lazy(async () => ({ default: (await loadPanel()).AuthDialogPanel }));

interface TriggerProps {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A header button that opens one of the account forms in a dialog and records the nav click. */
function AuthDialog({
  label,
  variant,
  size,
  className,
  navLabel,
  title,
  description,
  dialogClassName,
  preload,
  children,
}: Required<Pick<TriggerProps, 'label' | 'variant'>> &
  Pick<TriggerProps, 'size' | 'className'> & {
    navLabel: NavLabel;
    title: string;
    description: string;
    dialogClassName?: string;
    preload: () => unknown;
    children: (close: () => void, navigate: (to: string) => void) => ReactNode;
  }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [location, navigate] = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  const warm = () => {
    void loadPanel().catch(() => undefined);
    preload();
  };
  return (
    <>
      <Button
        ref={trigger}
        type="button"
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          trackNavClick(navLabel, location);
          setMounted(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {mounted && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <AuthDialogPanel
              open={open}
              onOpenChange={setOpen}
              title={title}
              description={description}
              className={dialogClassName}
              returnFocusTo={trigger}
            >
              {children(close, navigate)}
            </AuthDialogPanel>
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}

export function LoginDialog({ label = 'Log In', variant = 'ghost', size, className }: TriggerProps) {
  return (
    <AuthDialog
      label={label}
      variant={variant}
      size={size}
      className={className}
      navLabel="Login"
      title="Log in to HomeFix"
      description="Enter your email and password."
      preload={preloadLoginForm}
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

export function SignupDialog({ label = 'Sign Up', variant = 'primary', size, className }: TriggerProps) {
  return (
    <AuthDialog
      label={label}
      variant={variant}
      size={size}
      className={className}
      navLabel="Sign Up"
      title="Create your HomeFix account"
      description="Customers price and post jobs; providers find work."
      dialogClassName="max-w-2xl"
      preload={preloadSignupForm}
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
