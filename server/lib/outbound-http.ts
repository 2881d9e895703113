import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, errors, request, type Dispatcher } from 'undici';

/**
 * The one client for addresses a person typed (CONVENTIONS habit 23, OWASP's SSRF prevention cheat sheet): only the
 * policy's schemes (https), only public addresses — checked on every connection, after DNS (so a name that resolves
 * to 127.0.0.1, a decimal IP like http://2130706433 or a DNS answer that changes between two requests is caught where
 * the socket is opened) —, redirects never followed (a 3xx is the caller's to judge), every answer bounded in size and
 * time. Addresses the operator configured in the environment go through the `trusted` policy: no scheme or address
 * check, the same bounds. Later integrations reuse this client.
 */

/** what an address a person typed may reach */
export type OutboundPolicy = {
  /** URL schemes allowed, e.g. `['https:']` */
  protocols: readonly string[];
  /** whether a resolved (or literal) IP address may be connected to */
  allowAddress: (address: string) => boolean;
};

const globalUnicastV6 = ipaddr.IPv6.parse('2000::');

/**
 * Public: ipaddr.js's range `unicast` (not loopback, private, link-local — the metadata address 169.254.169.254 among
 * them —, unique-local, multicast, unspecified, CGNAT, broadcast, reserved or documentation ranges), IPv4-mapped IPv6
 * judged as the IPv4 address it carries, other IPv6 only inside the global unicast block 2000::/3.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(globalUnicastV6, 3);
}

/** addresses an admin types: https to public addresses only */
export const publicHttpsOnly: OutboundPolicy = { protocols: ['https:'], allowAddress: isPublicAddress };

/** the largest answer read (bytes); reading stops past it */
export const OUTBOUND_MAX_BYTES = 4 * 1024 * 1024;
const CONNECT_TIMEOUT_MS = 10_000;

export type OutboundFailure = 'protocol' | 'address' | 'url' | 'too_large' | 'timeout' | 'aborted' | 'network';

/** why a call did not get an answer; `reason` only, never the remote side's text */
export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(`outbound request failed: ${reason}`);
    this.name = 'OutboundError';
  }
}

/** the connector of a checked agent: a literal IP is judged before connecting, a name by its DNS answers */
function checkedConnector(policy: OutboundPolicy): buildConnector.connector {
  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      // every answer must be allowed: a name with one public and one private address is refused as a whole
      if (addresses.length === 0 || addresses.some((a) => !policy.allowAddress(a.address))) {
        return callback(new OutboundError('address'), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS, lookup });
  return (options, callback) => {
    // net.connect skips `lookup` for a literal IP (also what the URL parser made of 2130706433 or 0x7f.1)
    if (net.isIP(options.hostname) !== 0 && !policy.allowAddress(options.hostname)) return callback(new OutboundError('address'), null);
    connect(options, callback);
  };
}

const agentOptions = { maxResponseSize: OUTBOUND_MAX_BYTES, headersTimeout: 30_000, bodyTimeout: 30_000 } as const;
const trustedAgent = new Agent({ ...agentOptions, connect: { timeout: CONNECT_TIMEOUT_MS } });
const checkedAgents = new WeakMap<OutboundPolicy, Agent>();

function agentFor(policy: OutboundPolicy | 'trusted'): Agent {
  if (policy === 'trusted') return trustedAgent;
  let agent = checkedAgents.get(policy);
  if (!agent) {
    agent = new Agent({ ...agentOptions, connect: checkedConnector(policy) });
    checkedAgents.set(policy, agent);
  }
  return agent;
}

export type OutboundRequest = {
  method: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string;
  /** the caller's end (the admin's request gone, a run stopped): the call ends with `aborted` */
  signal?: AbortSignal;
  /** the most this one call may take, answer included */
  timeoutMs: number;
};
export type OutboundResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * One request to `url` under `policy` (`trusted`: the operator's own address). The answer comes back whole (at most
 * OUTBOUND_MAX_BYTES) with any status, a 3xx included: it is never followed. Fails only with OutboundError.
 */
export async function sendOutbound(url: string, policy: OutboundPolicy | 'trusted', init: OutboundRequest): Promise<OutboundResponse> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('url');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new OutboundError('protocol');
  if (policy !== 'trusted' && !policy.protocols.includes(target.protocol)) throw new OutboundError('protocol');
  if (init.signal?.aborted) throw new OutboundError('aborted');
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    const res = await request(target, {
      dispatcher: agentFor(policy),
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal,
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  } catch (err) {
    if (init.signal?.aborted) throw new OutboundError('aborted');
    if (timeout.aborted) throw new OutboundError('timeout');
    if (err instanceof OutboundError) throw err;
    if (err instanceof errors.ResponseExceededMaxSizeError) throw new OutboundError('too_large');
    if ((err as { cause?: unknown }).cause instanceof OutboundError) throw (err as { cause: OutboundError }).cause;
    throw new OutboundError('network');
  }
}
