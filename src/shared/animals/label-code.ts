// A printed label's code (issue 30, decision 0047): the animal's id (a random UUID, 122 random
// bits) written as 22 base64url characters, in a short link /a/{code}. The code names no farm and
// no animal: the link opens only for a signed-in member of the animal's farm, through the same
// farm-checked read as every animal page ('Not an animal of this farm' for anyone else).

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const codePattern = /^[A-Za-z0-9_-]{22}$/;

/** The label code of an animal id; throws on something that is not a UUID (a programming error). */
export function labelCode(animalId: string): string {
  if (!uuidPattern.test(animalId)) throw new Error(`Not an animal id: ${animalId}`);
  const bytes = animalId.replaceAll('-', '').match(/../g)!;
  const binary = String.fromCharCode(...bytes.map((pair) => parseInt(pair, 16)));
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The animal id a label code stands for, or null when the text is not a label code. */
export function animalIdOfLabelCode(code: string): string | null {
  if (!codePattern.test(code)) return null;
  const binary = atob(`${code.replaceAll('-', '+').replaceAll('_', '/')}==`);
  const hex = [...binary].map((char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // 22 characters carry 132 bits: one code per id, so the 4 left over must be zero
  return labelCode(id) === code ? id : null;
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
