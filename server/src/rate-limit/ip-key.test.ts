import assert from 'node:assert/strict';
import { BlockList, isIPv4 } from 'node:net';
import { describe, test } from 'node:test';
import { ipKey } from './ip-key';

describe('the key an IP address is counted under', () => {
  test('every address of one IPv6 /64 has one key, the /64 that Node says holds it', () => {
    const addresses = [
      '2001:db8:abcd:12::1',
      '2001:db8:abcd:12:ffff:ffff:ffff:ffff',
      '2001:0db8:abcd:0012:0000:0000:0000:0002',
      '2001:DB8:ABCD:12:8a2e:370:7334:1',
    ];
    const keys = new Set(addresses.map(ipKey));
    assert.equal(keys.size, 1);
    const [key] = keys;
    const [prefix, bits] = key.split('/');
    assert.equal(bits, '64');
    const block = new BlockList();
    block.addSubnet(prefix, 64, 'ipv6');
    for (const a of addresses) assert.ok(block.check(a, 'ipv6'), a);
    assert.ok(!block.check('2001:db8:abcd:13::1', 'ipv6'));
  });

  test('neighbouring /64s and IPv4 addresses have keys of their own', () => {
    assert.notEqual(ipKey('2001:db8:abcd:12::1'), ipKey('2001:db8:abcd:13::1'));
    assert.notEqual(ipKey('203.0.113.1'), ipKey('203.0.113.2'));
    assert.ok(isIPv4(ipKey('203.0.113.1')));
  });

  test('an IPv4-mapped IPv6 address counts as its IPv4 address', () => {
    assert.equal(ipKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(ipKey('::ffff:cb00:7107'), '203.0.113.7');
  });
});
