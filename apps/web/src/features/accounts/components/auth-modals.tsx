import { useEffect, useRef } from 'react';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { Dialog } from '../../../components/ui/dialog';
import { Popup } from '../../../components/ui/popup';
import { screenFor, type AuthFormView, type AuthScreen } from './auth-modals-context';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const TITLES: Record<AuthFormView, string> = {
  login: 'Sign Up or Log In',
  register: 'Sign Up',
  forgot: 'Password Reset',
};

export interface AuthModalsProps {
  screen: AuthScreen | null;
  onScreenChange: (screen: AuthScreen | null) => void;
}

/**
 * The three account modals (spec 2: login leads to register or password reset and back) in one dialog whose
 * content changes, and the success popups. Each view's first field (or its status message) takes the focus.
 */
export function AuthModals({ screen, onScreenChange }: AuthModalsProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const formView = screen && (screen.view === 'login' || screen.view === 'register' || screen.view === 'forgot') ? screen.view : null;
  const go = (view: AuthFormView) => onScreenChange(screenFor(view));
  const close = () => onScreenChange(null);

  // After the dialog has opened (its effect runs first), and on every move between the modals.
  useEffect(() => {
    if (!formView) return;
    contentRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [formView]);

  return (
    <>
      {/* The browser's close event also follows a close made here (a form giving way to its success popup):
          only a close while a form is still meant to be shown (Escape, Close) closes the modals. */}
      <Dialog
        isOpen={formView !== null}
        onClose={() => {
          if (formView) close();
        }}
        title={formView ? TITLES[formView] : ''}
      >
        <div ref={contentRef}>
          {screen?.view === 'login' ? (
            <LoginForm
              notice={screen.notice}
              onSignedIn={close}
              onRegister={() => go('register')}
              onForgotPassword={() => go('forgot')}
            />
          ) : screen?.view === 'register' ? (
            <RegisterForm onRegistered={() => onScreenChange({ view: 'registered' })} onLogin={() => go('login')} />
          ) : screen?.view === 'forgot' ? (
            <ForgotPasswordForm
              notice={screen.notice}
              onSent={(message) => onScreenChange({ view: 'reset-link-sent', message })}
              onLogin={() => go('login')}
            />
          ) : null}
        </div>
      </Dialog>
      <Popup
        isOpen={screen?.view === 'registered'}
        onClose={() => go('login')}
        variant="success"
        title={ACCOUNT_MESSAGES.registered}
        message={ACCOUNT_MESSAGES.pleaseLogin}
      />
      <Popup
        isOpen={screen?.view === 'reset-link-sent'}
        onClose={close}
        variant="success"
        title="Check your e-mail"
        message={screen?.view === 'reset-link-sent' ? screen.message : ''}
      />
    </>
  );
}
