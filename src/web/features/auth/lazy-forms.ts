// The account forms for dialogs outside this feature (the public header). Each form, with the validation rules
// it brings, loads when it first renders (or when preloaded), in the same chunk the login and sign-up pages use.
import { lazy } from 'react';

const loadLoginForm = () => import('./components/LoginForm.tsx');
const loadSignupForm = () => import('./components/SignupForm.tsx');

/** Starts loading a form's code (e.g. when the pointer reaches the button that opens it). */
export const preloadLoginForm = (): void => void loadLoginForm().catch(() => undefined);
export const preloadSignupForm = (): void => void loadSignupForm().catch(() => undefined);

export const LazyLoginForm = lazy(async () => ({ default: (await loadLoginForm()).LoginForm }));

export const LazySignupForm = lazy(async () => ({ default: (await loadSignupForm()).SignupForm }));
