// A printed label's code (issue 30, decision 0047): the animal's id (a random UUID, 122 random
// bits) written as 22 base64url characters, in a short link /a/{code}. The code names no farm and
// no animal: the link opens only for a signed-in member of the animal's farm, through the same
// farm-checked read as every animal page ('Not an animal of this farm' for anyone else).

const uuidPattern = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;
const codePattern = /^[A-Za-z0-9_-]{22}$/;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function bytesToBase64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    out += alphabet[(chunk >> 18) & 63]! + alphabet[(chunk >> 12) & 63]!;
    if (left > 1) out += alphabet[(chunk >> 6) & 63]!;
    if (left > 2) out += alphabet[chunk & 63]!;
  }
  return out;
}

/** The label code of an animal id; throws on something that is not a UUID (a programming error). */
export function labelCode(animalId: string): string {
  const parts = uuidPattern.exec(animalId);
  if (!parts) throw new Error(`Not an animal id: ${animalId}`);
  const hex = parts.slice(1).join('');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytesToBase64url(bytes);
}

/** The animal id a label code stands for, or null when the text is not a label code. */
export function animalIdOfLabelCode(code: string): string | null {
  if (!codePattern.test(code)) return null;
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of code) {
    value = (value << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 255);
    }
  }
  // 22 characters carry 132 bits: the 4 left over must be zero, so each id has one code
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The path a label's QR code opens: /a/{code}. */
export const labelPath = (animalId: string) => `/a/${labelCode(animalId)}`;

/**
 * The animal id of a scanned or typed label link (any host: the label of another Paddock address
 * still names an animal), or null when the text is not one.
 */
export function animalIdOfLabelLink(text: string): string | null {
  let path = text.trim();
  try {
    path = new URL(path).pathname;
  } catch {
    // not a whole URL: perhaps the path alone
  }
  const code = /^\/a\/([A-Za-z0-9_-]+)\/?$/.exec(path)?.[1];
  return code ? animalIdOfLabelCode(code) : null;
}
