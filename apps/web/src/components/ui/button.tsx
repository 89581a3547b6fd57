import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  // brand-700 on white and white on brand-700 are both above 6:1.
  primary: 'bg-brand-700 text-white hover:bg-brand-900 disabled:bg-slate-400',
  secondary:
    'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-600',
  // For dark (brand-950) surfaces: dark indigo text on amber.
  accent: 'bg-accent-400 text-brand-950 hover:bg-accent-300 disabled:bg-slate-300',
  ghost: 'text-brand-700 hover:bg-brand-50 disabled:text-slate-600',
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  // 44px minimum target for md and up (WCAG 2.5.8 asks for 24px; touch guidance for 44px).
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** The classes of a button, for elements that must look like one (a link, a summary). */
export function buttonClassName({ variant = 'primary', size = 'md' }: ButtonStyle = {}, className = ''): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyle;

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size }, className)} {...props} />;
}

export type ButtonLinkProps = LinkProps & ButtonStyle;

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size }, typeof className === 'string' ? className : '')} {...props} />
  );
}
