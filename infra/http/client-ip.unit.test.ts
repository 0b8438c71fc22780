import t from 'tap';
import { createClientIpResolver, isAddressOrCidr } from './client-ip.ts';

t.test('X-Real-IP is believed only from a trusted peer; anyone else is their socket address', async (t) => {
  const clientIp = createClientIpResolver(['10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
  t.equal(clientIp('10.200.3.4', '203.0.113.9'), '203.0.113.9', 'a peer inside a trusted IPv4 block');
  t.equal(clientIp('192.0.2.7', '2001:db8::7'), '2001:db8::7', 'a trusted single address; an IPv6 client');
  t.equal(clientIp('fd12::1', '203.0.113.9'), '203.0.113.9', 'a peer inside a trusted IPv6 block');
  t.equal(clientIp('::ffff:10.1.1.1', '203.0.113.9'), '203.0.113.9', 'an IPv4 peer seen on a dual-stack socket');
  t.equal(clientIp('11.0.0.1', '203.0.113.9'), '11.0.0.1', 'an untrusted peer: its own address');
  t.equal(clientIp('192.0.2.8', '203.0.113.9'), '192.0.2.8', 'the neighbour of a trusted address is not trusted');
  t.equal(clientIp('::1', '203.0.113.9'), '::1', 'loopback is trusted only when listed');
  t.equal(clientIp('::ffff:11.0.0.1', '203.0.113.9'), '11.0.0.1', 'a mapped untrusted peer is reported as the IPv4 address');
  t.equal(clientIp('10.0.0.2', 'not-an-address'), '10.0.0.2', 'a trusted peer with a malformed header: the peer');
  t.equal(clientIp('10.0.0.2', undefined), '10.0.0.2', 'a trusted peer without the header: the peer');
  t.equal(clientIp('10.0.0.2', ['203.0.113.9', '203.0.113.10']), '10.0.0.2', 'a repeated header is not one address');
  t.equal(clientIp(undefined, '203.0.113.9'), 'unknown', 'a closed socket');
});

t.test('TRUSTED_PROXY entries: addresses and CIDR blocks', async (t) => {
  for (const good of ['127.0.0.1', '::1', '10.0.0.0/8', '0.0.0.0/0', 'fd00::/8', '2001:db8::/128']) t.ok(isAddressOrCidr(good), good);
  for (const bad of ['', 'localhost', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/-1', '300.1.1.1']) {
    t.notOk(isAddressOrCidr(bad), JSON.stringify(bad));
  }
});
