import { describe, expect, it } from 'vitest';
import { assertPublicHttpUrl, blockedHostReason, parseIPv4, parseIPv6, UrlNotAllowedError } from './url-guard';

function refused(url: string): string {
  try {
    assertPublicHttpUrl(url);
  } catch (error) {
    if (error instanceof UrlNotAllowedError) return error.reason;
    throw error;
  }
  throw new Error(`${url} was allowed`);
}

describe('assertPublicHttpUrl: allowed', () => {
  it.each([
    'https://api.openai.com/v1',
    'http://api.example.com:8080/v1',
    'https://openrouter.ai/api/v1',
    'https://8.8.8.8/v1',
    'http://[2606:4700:4700::1111]/v1',
    'https://api.example.com./v1',
    'https://100.63.255.255/',
    'https://172.32.0.1/',
  ])('%s', (url) => {
    expect(assertPublicHttpUrl(url)).toBeInstanceOf(URL);
  });
});

describe('assertPublicHttpUrl: refused schemes, credentials and garbage', () => {
  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'javascript:alert(1)',
    'ws://example.com/',
    'not a url',
    '',
  ])('%s', (url) => {
    expect(refused(url)).toBeTruthy();
  });

  it('refuses credentials in the URL', () => {
    expect(refused('https://user:pass@api.example.com/')).toMatch(/credentials/);
    expect(refused('https://user@api.example.com/')).toMatch(/credentials/);
  });
});

describe('assertPublicHttpUrl: loopback in every encoding', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/v1',
    'http://127.1/',
    'http://127.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0177.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://0x7F.0.0.0x1/',
    'http://017700000001/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://１２７.０.０.１/',
    'http://127.255.255.254/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:7f00:0001]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[::127.0.0.1]/',
  ])('%s', (url) => {
    expect(refused(url)).toMatch(/loopback|unspecified|IPv4-compatible/);
  });
});

describe('assertPublicHttpUrl: private, link-local, metadata, CGNAT, multicast, unspecified', () => {
  it.each([
    ['http://10.0.0.1/', /private/],
    ['http://167772161/', /private/],
    ['http://172.16.0.1/', /private/],
    ['http://172.31.255.255/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://0xc0.0xa8.1.1/', /private/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://0xa9fea9fe/', /link-local/],
    ['http://[::ffff:169.254.169.254]/', /link-local.*IPv4-mapped/],
    ['http://[::ffff:a9fe:a9fe]/', /link-local/],
    ['http://[64:ff9b::a9fe:a9fe]/', /link-local.*NAT64/],
    ['http://[64:ff9b::10.1.2.3]/', /private.*NAT64/],
    ['http://[64:ff9b:1::a]/', /local-use NAT64/],
    ['http://[2002:c0a8:101::1]/', /private.*6to4/],
    ['http://100.64.0.1/', /carrier-grade/],
    ['http://100.100.100.200/', /carrier-grade/],
    ['http://168.63.129.16/', /metadata/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://0/', /unspecified/],
    ['http://[::]/', /unspecified/],
    ['http://224.0.0.1/', /multicast/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://[ff02::1]/', /multicast/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[febf::1]/', /link-local/],
    ['http://[fc00::1]/', /unique-local/],
    ['http://[fd00:ec2::254]/', /unique-local/],
    ['http://[fec0::1]/', /site-local/],
    ['http://[2001:0::1]/', /Teredo/],
    ['http://[2001:db8::1]/', /documentation/],
    ['http://192.0.0.192/', /IETF/],
    ['http://198.18.0.1/', /benchmarking/],
  ])('%s', (url, reason) => {
    expect(refused(url)).toMatch(reason);
  });
});

describe('assertPublicHttpUrl: local names', () => {
  it.each([
    'http://localhost/',
    'http://LOCALHOST:3080/',
    'http://localhost./',
    'http://localhost../',
    'http://ｌｏｃａｌｈｏｓｔ/',
    'http://api.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.google.internal./',
    'http://instance-data.ec2.internal/',
    'http://router.home.arpa/',
    'http://metadata/',
    'http://kubernetes/',
    'http://127.0.0.1.nip.io/',
    'http://10.0.0.1.sslip.io/',
  ])('%s', (url) => {
    expect(refused(url)).toMatch(/loopback name|local|wildcard/);
  });
});

describe('the address parsers', () => {
  it('parses every IPv4 form the URL standard accepts', () => {
    const loopback = 0x7f000001;
    expect(
      ['127.0.0.1', '127.1', '2130706433', '0177.0.0.1', '0x7f.1', '0x7f.0.0.1', '0x7f000001'].map(parseIPv4),
    ).toEqual(new Array(7).fill(loopback));
    expect(
      ['1.2.3.4.5', 'example.com', '256.0.0.1', '1.2.3.256', '4294967296', '08.0.0.1', '0xg.1', ''].map(parseIPv4),
    ).toEqual(new Array(8).fill(undefined));
    expect(parseIPv4('255.255.255.255')).toBe(0xffffffff);
  });

  it('parses compressed, full and dotted-tail IPv6 and refuses malformed text', () => {
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6('2001:db8:0:0:0:0:0:1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    for (const bad of [
      '1::2::3',
      '12345::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '::ffff:1.2.3',
      'fe80::1%eth0',
      'g::1',
    ]) {
      expect(parseIPv6(bad), bad).toBeUndefined();
    }
  });

  it('checks hosts given directly, without the URL parser', () => {
    expect(blockedHostReason('0x7f.1')).toMatch(/loopback/);
    expect(blockedHostReason('[::ffff:127.0.0.1]')).toMatch(/loopback/);
    expect(blockedHostReason('[not-ipv6]')).toMatch(/not a valid/);
    expect(blockedHostReason('api.openai.com')).toBeUndefined();
    expect(blockedHostReason('[2606:4700::1111]')).toBeUndefined();
  });
});
