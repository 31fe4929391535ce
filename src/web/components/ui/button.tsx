import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'link';

export const buttonClasses: Record<Variant, string> = {
  primary: 'px-4 bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400',
  secondary:
    'px-4 border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400',
  ghost: 'px-4 text-stone-700 hover:bg-stone-100',
  destructive: 'px-4 bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
  link: 'text-brand-700 underline-offset-4 hover:underline',
};

export const buttonBase =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`${buttonBase} ${buttonClasses[variant]} ${className}`} {...props} />;
}
