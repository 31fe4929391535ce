import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'link';

export const buttonClasses: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400',
  secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400',
  ghost: 'text-stone-700 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0',
};

export const buttonBase =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`${buttonBase} ${buttonClasses[variant]} ${className}`} {...props} />;
}
