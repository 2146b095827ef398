// The account forms for dialogs outside this feature (the public header). Each form, with the validation rules
// it brings, loads when it first renders, in the same chunk the login and sign-up pages use.
import { lazy } from 'react';

export const LazyLoginForm = lazy(async () => ({
  default: (await import('./components/LoginForm.tsx')).LoginForm,
}));

export const LazySignupForm = lazy(async () => ({
  default: (await import('./components/SignupForm.tsx')).SignupForm,
}));
