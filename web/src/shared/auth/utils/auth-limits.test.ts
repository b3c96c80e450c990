import { describe, expect, it } from 'vitest';
import * as contract from '@contract/auth';
import { AUTH_LIMITS, EMAIL_PATTERN } from './auth-limits';

// The mirror exists to keep zod out of the login page; it must never disagree with the contract.
describe('auth limits mirror', () => {
  it('matches the contract exactly', () => {
    expect(AUTH_LIMITS).toEqual(contract.AUTH_LIMITS);
    expect(EMAIL_PATTERN.source).toBe(contract.EMAIL_PATTERN.source);
    expect(EMAIL_PATTERN.flags).toBe(contract.EMAIL_PATTERN.flags);
  });
});
