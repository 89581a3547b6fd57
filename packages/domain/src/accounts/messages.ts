/**
 * Accounts (spec 2 Modals, 3 User session and Registration, 4 Authentication, 7 Calls): every message the
 * server and the web app show about accounts, CSRF and the captcha.
 */
import { SIGNED_OUT_MESSAGE } from './session-messages';

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: 'Your name can be at most 100 characters.',
  nameInvalid: 'Your name can only have letters, spaces and punctuation.',
  emailInvalid: 'Enter a valid e-mail address.',
  emailTaken: 'An account with this e-mail already exists. Log in, or reset your password.',
  passwordTooShort: 'Your password must be at least 8 characters.',
  passwordTooLong: 'Your password can be at most 128 characters.',
  passwordMismatch: 'The passwords do not match.',
  registered: 'Registration successful',
  pleaseLogin: 'Please login',
  resetLinkSent:
    'If an account exists for this e-mail, we have sent it a link to reset the password. Check your e-mail; the link works for one hour.',
  resetDone: 'Your password has been changed. Log in with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one below.',
  wrongCredentials: 'The e-mail or password is wrong.',
  wrongPassword: 'The password is wrong.',
  wrongCode: 'The code is wrong or has expired. Enter the code your authenticator app shows now.',
  wrongBackupCode: 'This backup code is wrong or has already been used.',
  codeInvalid: 'Enter the 6-digit code from your authenticator app.',
  backupCodeInvalid: 'Enter a backup code as it was given to you (like AbC12-dEf34).',
  twoFactorSignInAgain: 'Too many wrong codes, or the sign-in took too long. Sign in again with your password.',
  signInRequiredForTwoFactor: 'Please sign in to turn on two-factor sign-in.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on for this account.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  signedOut: SIGNED_OUT_MESSAGE,
  signInRequired: 'Please sign in to see your bookings.',
  csrf: 'Your session has expired. Please refresh the page and try again.',
  captchaFailed: 'We could not confirm that you are human. Please tick the check box again and retry.',
} as const;
