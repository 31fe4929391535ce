// Text cut at 50 characters (SPEC) with 'More' to read the whole of it in place, and 'Less'.
import { useId, useState } from 'react';
import { cut, isCut } from '../../shared/care/rules';

export function ExpandableText({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!isCut(text)) return <p className={className}>{text}</p>;
  return (
    <p className={className}>
      <span id={id} className={open ? 'whitespace-pre-line' : undefined}>
        {open ? text : cut(text)}
      </span>{' '}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-6 items-center rounded px-1 text-sm font-medium text-brand-700 underline underline-offset-4 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {open ? 'Less' : 'More'}
      </button>
    </p>
  );
}
