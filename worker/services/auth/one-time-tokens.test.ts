import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/auth-helpers';
import { sha256 } from './encoding';
import { RESET_PASSWORD_TOKEN_TTL_MS, consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens';

describe('one-time tokens', () => {
  it('issues a token for a matching account and stores only its hash', async () => {
    const user = await createTestUser();
    const issued = await issueOneTimeToken(
      env.DB,
      'reset_password',
      { email: user.email.toUpperCase() },
      { hasPassword: true },
    );
    expect(issued?.user).toEqual({ id: user.id, email: user.email, name: 'Test User' });
    const rows = await env.DB.prepare('SELECT tokenHash FROM one_time_tokens WHERE userId = ?')
      .bind(user.id)
      .all<{ tokenHash: string }>();
    expect(rows.results).toEqual([{ tokenHash: await sha256(issued?.token ?? '') }]);
  });

  it('issues nothing for an unknown email or an account failing the conditions', async () => {
    const social = await createTestUser({ passwordHash: null, provider: 'discord', providerId: crypto.randomUUID() });
    const verified = await createTestUser();
    expect(
      await issueOneTimeToken(env.DB, 'reset_password', { email: 'nobody@example.com' }, { hasPassword: true }),
    ).toBeNull();
    expect(await issueOneTimeToken(env.DB, 'reset_password', { userId: social.id }, { hasPassword: true })).toBeNull();
    expect(await issueOneTimeToken(env.DB, 'verify_email', { userId: verified.id }, { unverified: true })).toBeNull();
  });

  it('is spent once, only for its kind and owner, and not after expiry', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const now = Date.now();
    const issued = await issueOneTimeToken(env.DB, 'reset_password', { userId: user.id }, {}, now);
    const token = issued?.token ?? '';
    expect(await consumeOneTimeToken(env.DB, 'verify_email', token, { userId: user.id }, now)).toBeNull();
    expect(await consumeOneTimeToken(env.DB, 'reset_password', token, { userId: other.id }, now)).toBeNull();
    expect(
      await consumeOneTimeToken(
        env.DB,
        'reset_password',
        token,
        { userId: user.id },
        now + RESET_PASSWORD_TOKEN_TTL_MS,
      ),
    ).toBeNull();
    expect(
      await consumeOneTimeToken(
        env.DB,
        'reset_password',
        token,
        { userId: user.id },
        now + RESET_PASSWORD_TOKEN_TTL_MS - 1,
      ),
    ).toBe(user.id);
    expect(await consumeOneTimeToken(env.DB, 'reset_password', token, { userId: user.id }, now)).toBeNull();
  });

  it('lets only one of two concurrent uses succeed', async () => {
    const user = await createTestUser();
    const issued = await issueOneTimeToken(env.DB, 'reset_password', { userId: user.id });
    const results = await Promise.all(
      [1, 2, 3].map(() => consumeOneTimeToken(env.DB, 'reset_password', issued?.token ?? '', { userId: user.id })),
    );
    expect(results.filter((result) => result === user.id)).toHaveLength(1);
  });

  it('deletes earlier tokens of the same kind only', async () => {
    const user = await createTestUser({ emailVerified: false });
    const verify = await issueOneTimeToken(env.DB, 'verify_email', { userId: user.id });
    await issueOneTimeToken(env.DB, 'reset_password', { userId: user.id });
    await issueOneTimeToken(env.DB, 'reset_password', { userId: user.id });
    const kinds = await env.DB.prepare('SELECT kind FROM one_time_tokens WHERE userId = ? ORDER BY kind')
      .bind(user.id)
      .all<{ kind: string }>();
    expect(kinds.results.map((row) => row.kind)).toEqual(['reset_password', 'verify_email']);
    expect(await consumeOneTimeToken(env.DB, 'verify_email', verify?.token ?? '', { email: user.email })).toBe(user.id);
  });
});
