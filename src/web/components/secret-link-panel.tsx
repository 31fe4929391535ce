// A private link the farm hands out — a health record's share link, the calendar feed: made on
// demand, shown once with 'Copy' (the server keeps only its hash), replaced by a new one, ended by
// 'Revoke'. The caller says what the link is for; this holds the steps and the messages.
import { Check, Copy, Link2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { offlineMessage } from '../lib/api';
import { Button } from './ui/button';
import { cardClasses } from './ui/card';
import { TextField } from './ui/field';
import { useToast } from './ui/toaster';

export type SecretLinkPanelProps = {
  id: string;
  heading: string;
  /** the link's field label */
  linkLabel: string;
  /** when the live link was made (ISO), null when there is none; undefined while loading */
  since: string | null | undefined;
  create: () => Promise<{ url: string }>;
  revoke: () => Promise<unknown>;
  creating: boolean;
  revoking: boolean;
  createLabel: string;
  creatingLabel: string;
  texts: {
    /** before there is a link: what it would do */
    intro: ReactNode;
    /** under a link just made */
    shownOnce: ReactNode;
    /** while one is live (the link itself is no longer known) */
    live: (since: string) => ReactNode;
    createFailed: string;
    revokeFailed: string;
    revoked: { title: string; description: string };
  };
  className?: string;
};

export function SecretLinkPanel(props: SecretLinkPanelProps) {
  const { texts, since } = props;
  const toast = useToast();
  const [link, setLink] = useState<{ url: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const make = async () => {
    try {
      setLink(await props.create());
      setCopied(false);
    } catch (error) {
      toast({ title: texts.createFailed, description: offlineMessage(error), variant: 'destructive' });
    }
  };
  const end = async () => {
    try {
      await props.revoke();
      setLink(null);
      toast(texts.revoked);
    } catch (error) {
      toast({ title: texts.revokeFailed, description: offlineMessage(error), variant: 'destructive' });
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      toast({ title: 'Copy the link by hand: your browser did not allow it.' });
    }
  };

  const live = Boolean(since);
  return (
    <section
      aria-labelledby={`${props.id}-heading`}
      className={`${cardClasses} space-y-3 ${props.className ?? ''}`}
    >
      <h2 id={`${props.id}-heading`} className="text-lg font-semibold">
        {props.heading}
      </h2>
      {link ? (
        <div className="space-y-2">
          <TextField
            label={props.linkLabel}
            readOnly
            value={link.url}
            onFocus={(event) => event.target.select()}
          />
          <p className="text-xs text-stone-600">{texts.shownOnce}</p>
        </div>
      ) : since ? (
        <p className="text-sm text-stone-700">{texts.live(since)}</p>
      ) : (
        <p className="text-sm text-stone-700">{texts.intro}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {link && (
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
        <Button
          variant={link ? 'ghost' : 'primary'}
          disabled={props.creating || since === undefined}
          onClick={() => void make()}
        >
          <Link2 aria-hidden className="size-4" />
          {props.creating ? props.creatingLabel : live ? 'New Link' : props.createLabel}
        </Button>
        {live && (
          <Button variant="destructive" disabled={props.revoking} onClick={() => void end()}>
            {props.revoking ? 'Revoking...' : 'Revoke'}
          </Button>
        )}
      </div>
      {live && !link && (
        <p className="text-xs text-stone-600">A new link replaces the old one, which stops working.</p>
      )}
    </section>
  );
}
