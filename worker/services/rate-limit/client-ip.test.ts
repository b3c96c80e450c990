import { describe, expect, it } from 'vitest';
import { ipSubject } from './client-ip';

describe('ipSubject', () => {
  it.each([
    [undefined, 'ip:unknown'],
    ['', 'ip:unknown'],
    ['203.0.113.7', 'ip:203.0.113.7'],
    [' 203.0.113.7 ', 'ip:203.0.113.7'],
    ['::ffff:203.0.113.7', 'ip:203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', 'ip:203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', 'ip6:2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', 'ip6:2001:db8:1:2::/64'],
    ['2001:db8::1', 'ip6:2001:db8:0:0::/64'],
    ['::1', 'ip6:0:0:0:0::/64'],
    ['fe80::1%eth0', 'ip6:fe80:0:0:0::/64'],
    ['2001:db8::1::2', 'ip:2001:db8::1::2'],
  ])('%s → %s', (header, expected) => {
    expect(ipSubject(header)).toBe(expected);
  });

  it('puts two addresses of one /64 together and two /64s apart', () => {
    expect(ipSubject('2001:db8:aa:bb::1')).toBe(ipSubject('2001:db8:aa:bb:ffff:1:2:3'));
    expect(ipSubject('2001:db8:aa:bb::1')).not.toBe(ipSubject('2001:db8:aa:bc::1'));
  });
});
