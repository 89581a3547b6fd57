/**
 * The one account message every page's header needs (signing out, from the account menu), in a module of its
 * own: the web app's first bundle takes this string instead of every account message (messages.ts).
 */
export const SIGNED_OUT_MESSAGE = 'You are signed out.';
