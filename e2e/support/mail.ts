// Just enough MIME to read the emails Paddock sends (nodemailer: multipart/alternative with text and
// HTML parts, quoted-printable or base64). No mail-parsing library: the project installs none.

export type ReceivedEmail = {
  /** envelope recipients (RCPT TO), lower case */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** the first http(s) link of the text part (the confirmation or reset link) */
  link: string | undefined;
  raw: string;
};

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines (a line starting with white space continues the previous header).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function decodeQuotedPrintable(value: string): string {
  const unfolded = value.replace(/=\r?\n/g, ''); // soft line breaks
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index++) {
    const hex = unfolded.slice(index + 1, index + 3);
    if (unfolded[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words in headers, e.g. =?UTF-8?Q?Confirm_your?= */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The leaf parts of a message, each as { contentType, content } with its transfer encoding undone. */
function leaves(part: Part): { contentType: string; content: string }[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) {
    return [{ contentType: contentType.toLowerCase(), content: decodeBody(part) }];
  }
  const sections = part.body.split(`--${boundary}`).slice(1); // before the first boundary: preamble
  const result: { contentType: string; content: string }[] = [];
  for (const section of sections) {
    if (section.startsWith('--')) break; // the closing boundary
    result.push(...leaves(splitPart(section.replace(/^\r?\n/, ''))));
  }
  return result;
}

export function parseEmail(raw: string, envelopeTo: string[]): ReceivedEmail {
  const message = splitPart(raw);
  const parts = leaves(message);
  const text = parts.find((part) => part.contentType.startsWith('text/plain'))?.content ?? '';
  const html = parts.find((part) => part.contentType.startsWith('text/html'))?.content ?? '';
  const link = /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
  return {
    to: envelopeTo.map((address) => address.toLowerCase()),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    html,
    link,
    raw,
  };
}
