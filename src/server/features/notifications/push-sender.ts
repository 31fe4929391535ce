// Sends one Web Push message to one device (decision 0045): web-push encrypts the payload
// (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request itself is ours, so that
// it goes only where the rules allow — the endpoint's host is resolved here and every address it
// names must be public (the connection is made to the address checked, so a name that changes its
// answer between the check and the request gains nothing); no redirect is followed; 10 seconds at
// most. Answers the push service's status, or throws on a refused address, a timeout or a
// network error.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { VapidKeys } from '../../config';
import { isPrivateAddress } from './push-address';

export type PushMessage = {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  /** seconds the push service keeps it for a device that is off */
  ttl: number;
  urgency: 'normal' | 'high';
};

export type PushSend = (message: PushMessage) => Promise<{ status: number }>;

export class PushRefused extends Error {}

/** A DNS lookup that refuses a name with any private, loopback or link-local address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((one) => isPrivateAddress(one.address));
    if (refused || addresses.length === 0)
      return callback(new PushRefused(`the push service ${hostname} is not on the public internet`), '', 0);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export function createPushSender(options: {
  vapid: VapidKeys;
  /** tests only: http and private addresses allowed */
  allowPrivateEndpoints: boolean;
  timeoutMs?: number;
}): PushSend {
  const { vapid, allowPrivateEndpoints } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return (message) => {
    const details = webpush.generateRequestDetails(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      message.payload,
      {
        vapidDetails: vapid,
        TTL: message.ttl,
        urgency: message.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const url = new URL(details.endpoint);
    if (url.protocol !== 'https:' && !(allowPrivateEndpoints && url.protocol === 'http:'))
      return Promise.reject(new PushRefused('the push service’s address is not https'));
    if (url.username || url.password)
      return Promise.reject(new PushRefused('the push service’s address holds credentials'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // an address in the URL is never looked up: checked here
    if (!allowPrivateEndpoints && isIP(host) && isPrivateAddress(host))
      return Promise.reject(new PushRefused('the push service is not on the public internet'));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers,
      timeout: timeoutMs,
      // a connection of its own: a kept-alive one the push service has just closed fails the push
      agent: false,
      ...(allowPrivateEndpoints ? {} : { lookup: publicOnlyLookup }),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(url, requestOptions, (response) => {
        // the answer's body says nothing we act on: read and drop it (at most what arrives)
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      });
      const timer = setTimeout(
        () => request.destroy(new Error('the push service did not answer in time')),
        timeoutMs,
      );
      request.on('close', () => clearTimeout(timer));
      request.on('timeout', () => request.destroy(new Error('the push service did not answer in time')));
      request.on('error', reject);
      request.end(details.body);
    });
  };
}
