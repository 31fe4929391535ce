// A chart's numbers under 'Show as table' (or another summary): a disclosure whose table is made
// only once it is opened. Made closed, the tables under Production's two charts were a quarter of
// its page (322 of 1,223 elements) for a phone to build and style at every visit (issue 31).
import { useState, type ReactNode } from 'react';

export function ShowAsTable({
  summary = 'Show as table',
  children,
}: {
  summary?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer py-1 font-medium text-brand-700">{summary}</summary>
      {open && <div className="mt-2">{children}</div>}
    </details>
  );
}
