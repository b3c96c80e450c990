import { describe, expect, it } from 'vitest';
import { validateConfirmation, validateEmail, validateName, validatePassword } from './validation';

describe('auth field validation', () => {
  it('email: required, at most 120, x@y.z', () => {
    expect(validateEmail('  ')).toEqual({ key: 'com_auth_email_required' });
    expect(validateEmail('a@b')).toEqual({ key: 'com_auth_email_pattern' });
    expect(validateEmail(`${'a'.repeat(110)}@example.com`)).toEqual({ key: 'com_auth_email_max_length', limit: 120 });
    expect(validateEmail(' ada@example.com ')).toBeNull();
    expect(validateEmail('ab', { min: 3 })).toEqual({ key: 'com_auth_email_min_length', limit: 3 });
  });

  it('password: 8 to 128', () => {
    expect(validatePassword('')).toEqual({ key: 'com_auth_password_required' });
    expect(validatePassword('1234567')).toEqual({ key: 'com_auth_password_min_length', limit: 8 });
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePassword('x'.repeat(128))).toBeNull();
    expect(validatePassword('x'.repeat(129))).toEqual({ key: 'com_auth_password_max_length', limit: 128 });
  });

  it('name: at least 3; confirmation must match', () => {
    expect(validateName('')).toEqual({ key: 'com_auth_name_required' });
    expect(validateName(' Al ')).toEqual({ key: 'com_auth_name_min_length', limit: 3 });
    expect(validateName('Ada')).toBeNull();
    expect(validateConfirmation('abcdefgh', 'abcdefgH')).toEqual({ key: 'com_auth_password_not_match' });
    expect(validateConfirmation('abcdefgh', 'abcdefgh')).toBeNull();
  });
});
