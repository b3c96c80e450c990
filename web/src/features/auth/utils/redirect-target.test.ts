import { describe, expect, it } from 'vitest';
import { loginHrefFor, resolveRedirectTarget } from './redirect-target';

const ORIGIN = 'https://chat.example';

describe('resolveRedirectTarget', () => {
  it.each([
    [null, { kind: 'internal', to: '/c/new' }],
    ['', { kind: 'internal', to: '/c/new' }],
    ['false', { kind: 'internal', to: '/c/new' }],
    ['/c/abc?x=1', { kind: 'internal', to: '/c/abc?x=1' }],
    ['https://chat.example/c/abc', { kind: 'external', href: 'https://chat.example/c/abc' }],
    ['HTTPS://chat.example/d/prompts', { kind: 'external', href: 'https://chat.example/d/prompts' }],
    ['https://evil.example/c/abc', { kind: 'internal', to: '/c/new' }],
    ['http://chat.example/c/abc', { kind: 'internal', to: '/c/new' }],
    ['https://chat.example.evil.example/', { kind: 'internal', to: '/c/new' }],
    ['//evil.example/path', { kind: 'internal', to: '/c/new' }],
    ['/\\evil.example', { kind: 'internal', to: '/c/new' }],
    ['javascript:alert(1)', { kind: 'internal', to: '/c/new' }],
    ['c/abc', { kind: 'internal', to: '/c/new' }],
  ])('%s → %o', (value, expected) => {
    expect(resolveRedirectTarget(value, ORIGIN)).toEqual(expected);
  });
});

describe('loginHrefFor', () => {
  it('adds the wanted page unless it is the default destination', () => {
    expect(loginHrefFor('/c/new')).toBe('/login');
    expect(loginHrefFor('/')).toBe('/login');
    expect(loginHrefFor('/login?redirect=false')).toBe('/login');
    expect(loginHrefFor('/c/abc?q=1')).toBe('/login?redirect=%2Fc%2Fabc%3Fq%3D1');
  });
});
