import assert from 'node:assert/strict';
import { BlockList, isIPv4 } from 'node:net';
import { describe, test } from 'node:test';
import { ipKey, networksOf } from './ip-key';

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

  test('the /56 and /48 of an IPv6 address: one key for all of it, the block Node says holds it', () => {
    for (const [bits, level, inside, outside] of [
      [
        56,
        'site',
        ['2001:db8:abcd:1200::1', '2001:db8:abcd:12ff:ffff::9', '2001:db8:abcd:1234:5678::'],
        '2001:db8:abcd:1300::1',
      ],
      [48, 'organisation', ['2001:db8:abcd::1', '2001:db8:abcd:ffff::1', '2001:db8:abcd:12:1::'], '2001:db8:abce::1'],
    ] as const) {
      const keys = new Set(inside.map((a) => networksOf(a)[level]));
      assert.equal(keys.size, 1, `${bits}: ${[...keys]}`);
      const [prefix, length] = String([...keys][0]).split('/');
      assert.equal(length, String(bits));
      const block = new BlockList();
      block.addSubnet(prefix, bits, 'ipv6');
      for (const a of inside) assert.ok(block.check(a, 'ipv6'), `${a} in ${prefix}/${bits}`);
      assert.ok(!block.check(outside, 'ipv6'), `${outside} outside ${prefix}/${bits}`);
      assert.notEqual(networksOf(outside)[level], [...keys][0]);
    }
    // 21 /64s of one /56: 21 hosts, one site, one organisation
    const addresses = Array.from({ length: 21 }, (_, i) => `2001:db8:7:${(0x4200 + i).toString(16)}::1`);
    assert.equal(new Set(addresses.map((a) => networksOf(a).host)).size, 21);
    assert.equal(new Set(addresses.map((a) => networksOf(a).site)).size, 1);
    assert.equal(new Set(addresses.map((a) => networksOf(a).organisation)).size, 1);
  });

  test('an IPv4 address: itself, no site, its /24 as the organisation', () => {
    const net = networksOf('::ffff:198.51.100.77');
    assert.deepEqual(net, { host: '198.51.100.77', site: null, organisation: '198.51.100.0/24' });
    const block = new BlockList();
    block.addSubnet('198.51.100.0', 24, 'ipv4');
    assert.ok(block.check('198.51.100.255', 'ipv4') && !block.check('198.51.101.0', 'ipv4'));
    assert.equal(networksOf('198.51.100.255').organisation, net.organisation);
    assert.notEqual(networksOf('198.51.101.0').organisation, net.organisation);
  });
});
