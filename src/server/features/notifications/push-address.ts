// Where the server may send a push (decision 0045): a push service on the public internet, over
// https. A subscription's endpoint comes from a browser, so anyone signed in could hand us any URL:
// refusing private, loopback, link-local, CGNAT and unique-local addresses (by name when the URL
// gives one, and by every address the name resolves to when sending) keeps the server from being
// turned into a request forwarder into the network it runs in. Tests allow them explicitly.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is anywhere but the public internet. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, 'ipv4');
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return isIP(v4) !== 4 || blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
}

/** Names that never reach the public internet. */
const privateName = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/**
 * Why a subscription's endpoint is refused, or undefined when it may be stored: https (http only
 * when private endpoints are allowed), no user name or password, and — unless allowed — a host
 * that names no private or loopback address (an IP literal in such a range, 'localhost', a
 * single-label or local name). The names it resolves to are checked again when sending.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Not a web address of a push service';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'The push service’s address must start with https://';
  if (url.username || url.password) return 'The push service’s address must not hold a user name or password';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host))
    return isPrivateAddress(host) ? 'The push service must be on the public internet' : undefined;
  if (!host.includes('.') || privateName.test(host)) return 'The push service must be on the public internet';
  return undefined;
}
