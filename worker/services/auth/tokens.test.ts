import jwt from '@tsndr/cloudflare-worker-jwt';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const claims = { id: 'user-1', username: 'ada', provider: 'local', email: 'ada@example.com' };

describe('access tokens with the imported key kept per secret', () => {
  it('verifies tokens signed with the secret text, and keeps each secret to its own tokens', async () => {
    const first = { JWT_SECRET: 'first-secret-of-at-least-32-characters!!' };
    const second = { JWT_SECRET: 'second-secret-of-at-least-32-characters!' };
    const token = await signAccessToken(first, claims);
    expect(await verifyAccessToken(first, token)).toEqual(claims);
    // Signed by the library from the text, as any other HS256 signer would.
    const now = Math.floor(Date.now() / 1000);
    const external = await jwt.sign(
      { ...claims, sub: claims.id, aud: 'access', iat: now, exp: now + 60 },
      first.JWT_SECRET,
      { algorithm: 'HS256' },
    );
    expect(await verifyAccessToken(first, external)).toEqual(claims);
    // The other secret's key is its own, before and after the first was cached.
    expect(await verifyAccessToken(second, token)).toBeNull();
    expect(await verifyAccessToken(second, await signAccessToken(second, claims))).toEqual(claims);
    expect(await verifyAccessToken(first, await signAccessToken(second, claims))).toBeNull();
  });

  it('answers 500 when JWT_SECRET is missing', async () => {
    await expect(signAccessToken({}, claims)).rejects.toMatchObject({ status: 500 });
    await expect(verifyAccessToken({}, 'a.b.c')).rejects.toMatchObject({ status: 500 });
  });
});
