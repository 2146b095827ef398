// The sign-up form's choice cards (the role cards in SignupForm.tsx, the plan cards in ProviderFields.tsx): the card,
// and its look when chosen and when not.
export const choiceCard =
  'flex cursor-pointer flex-col rounded-lg border p-4 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:has-[:focus-visible]:ring-blue-400';
export const choiceOn = 'border-blue-700 bg-blue-50 dark:border-blue-400 dark:bg-blue-950';
export const choiceOff = 'border-slate-300 hover:border-slate-400 dark:border-slate-600';
