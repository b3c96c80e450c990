import { describe, expect, it } from 'vitest';
import { matchesAccountEmail } from './confirmation-email';
import { secretFromOtpauthUrl } from './otpauth';
import { sanitizeProofInput, toProof } from './two-factor-input';

describe('two-factor input', () => {
  it('sends a code only when it is exactly six digits', () => {
    expect(toProof('token', '12345')).toBeNull();
    expect(toProof('token', '12345a')).toBeNull();
    expect(toProof('token', '123456')).toEqual({ token: '123456' });
  });

  it('sends a backup code only when it has eight characters', () => {
    expect(toProof('backupCode', 'abc1234')).toBeNull();
    expect(toProof('backupCode', 'abc12345')).toEqual({ backupCode: 'abc12345' });
  });

  it('keeps digits for codes and drops spaces from backup codes, capped at their length', () => {
    expect(sanitizeProofInput('token', '12 34-5678')).toBe('123456');
    expect(sanitizeProofInput('backupCode', 'ab cd ef gh ij')).toBe('abcdefgh');
  });

  it('reads the secret from an otpauth URL', () => {
    expect(secretFromOtpauthUrl('otpauth://totp/App:a%40b.c?secret=ABC234&issuer=App')).toBe('ABC234');
    expect(secretFromOtpauthUrl('not a url')).toBe('');
  });

  it('matches the account email trimmed and case-insensitively, never when empty', () => {
    expect(matchesAccountEmail('  ADA@example.COM ', 'Ada@Example.com')).toBe(true);
    expect(matchesAccountEmail('ada@example.co', 'Ada@Example.com')).toBe(false);
    expect(matchesAccountEmail('   ', '')).toBe(false);
  });
});
