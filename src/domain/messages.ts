// Messaging texts the screens share with the server, kept apart from the zod schemas so the always-loaded
// navigation and dashboard widgets do not pull the schema library into the first load.

/** The text a removed message shows in place of its content. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed';
