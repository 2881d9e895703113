import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, OUTBOUND_MAX_BYTES, type OutboundError, publicHttpsOnly, sendOutbound, type OutboundPolicy } from './outbound-http';

// issue 33: the one client for addresses a person typed. The address table is ipaddr.js's ranges as the policy reads
// them; the calls go to a local server on 127.0.0.1 that counts its connections.

describe('isPublicAddress', () => {
  it('given public IPv4 and global IPv6 addresses, they are allowed', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('given loopback, private, link-local, metadata, CGNAT, unique-local, multicast, unspecified and IPv4 carried in IPv6, they are refused', () => {
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.7',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001:db8::1',
      'not-an-address',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('sendOutbound', () => {
  let server: http.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') return res.end(Buffer.alloc(OUTBOUND_MAX_BYTES + 1024, 'x'));
      if (req.url === '/moved') return res.writeHead(302, { Location: '/secret' }).end();
      res.end('{"ok":true}');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const reason = async (p: Promise<unknown>) =>
    (
      (await p.then(
        () => null,
        (e: unknown) => e,
      )) as OutboundError | null
    )?.reason;
  const get = (url: string, policy: OutboundPolicy | 'trusted') => sendOutbound(url, policy, { method: 'GET', timeoutMs: 5000 });

  it('given the public-only policy, http, a literal loopback, a decimal IP and a name resolving to loopback are refused before any connection', async () => {
    const anyScheme = { ...publicHttpsOnly, protocols: ['http:', 'https:'] };
    expect(await reason(get(`http://127.0.0.1:${port}/`, publicHttpsOnly))).toBe('protocol');
    expect(await reason(get(`http://127.0.0.1:${port}/`, anyScheme))).toBe('address');
    expect(await reason(get(`http://2130706433:${port}/`, anyScheme))).toBe('address');
    expect(await reason(get(`http://localhost:${port}/`, anyScheme))).toBe('address');
    expect(connections).toBe(0);
  });

  it('given an allowed address, the answer comes back; a 3xx is returned, not followed; past the size bound reading stops', async () => {
    const local: OutboundPolicy = { protocols: ['http:'], allowAddress: (a) => a === '127.0.0.1' };
    expect(await get(`http://127.0.0.1:${port}/x`, local)).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(await get(`http://127.0.0.1:${port}/moved`, local)).toMatchObject({ status: 302 });
    expect(await reason(get(`http://127.0.0.1:${port}/big`, local))).toBe('too_large');
    expect(await reason(get(`http://127.0.0.1:${port}/big`, 'trusted'))).toBe('too_large');
  });
});
