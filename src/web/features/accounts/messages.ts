// The account screens' toast and error texts, word for word as users must see them.
export const PROFILE_UPDATED = {
  title: 'Profile updated',
  description: 'Your profile has been updated successfully',
} as const;
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const PROVIDER_SETTINGS_FAILED_TITLE = 'Update Failed';
export const FETCH_USER_FAILED = 'Failed to fetch user';

export const SETTINGS_SAVED = 'Your messaging preferences have been saved.';
export const SETTINGS_UPDATE_FAILED = 'Failed to update settings';
export const SETTINGS_FETCH_FAILED = 'Failed to fetch user settings';

export const ROLE_REQUEST_SUBMITTED = 'Your request has been submitted for admin review.';
export const ROLE_REQUEST_FAILED = 'Failed to submit role request';
export const ROLE_REQUESTS_FETCH_FAILED = 'Failed to fetch role requests';

export const SUBSCRIPTION_UPDATED = {
  title: 'Subscription updated',
  description: 'Subscription updated successfully!',
} as const;
export const SUBSCRIPTION_CHANGE_FAILED = 'Failed to change subscription';

export const ACCOUNT_CANCELED = 'Account Canceled';
export const ACCOUNT_CANCEL_FAILED = 'Failed to cancel account';
