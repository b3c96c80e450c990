import { describe, expect, it } from 'vitest';
import { expiresAtFor, isKeyActive, isKeyExpiryChoice, KEY_EXPIRY_CHOICES } from './key-expiry';
import { buildUserKeyValue, isValidBaseURL, userKeyFields } from './user-key-value';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

describe('key expiry', () => {
  it('offers 12 hours, 1 day, 1 week, 30 days and never', () => {
    expect(KEY_EXPIRY_CHOICES.map((choice) => choice.id)).toEqual(['12h', '1d', '7d', '30d', 'never']);
    expect(isKeyExpiryChoice('7d')).toBe(true);
    expect(isKeyExpiryChoice('1y')).toBe(false);
  });

  it('turns a choice into the ISO instant PUT /api/keys takes, or null for never', () => {
    expect(expiresAtFor('12h', NOW)).toBe('2025-06-02T00:00:00.000Z');
    expect(expiresAtFor('1d', NOW)).toBe('2025-06-02T12:00:00.000Z');
    expect(expiresAtFor('7d', NOW)).toBe('2025-06-08T12:00:00.000Z');
    expect(expiresAtFor('30d', NOW)).toBe('2025-07-01T12:00:00.000Z');
    expect(expiresAtFor('never', NOW)).toBeNull();
  });

  it('counts an expired key as missing', () => {
    expect(isKeyActive(null, NOW)).toBe(true);
    expect(isKeyActive('2025-06-01T12:00:01.000Z', NOW)).toBe(true);
    expect(isKeyActive('2025-06-01T12:00:00.000Z', NOW)).toBe(false);
    expect(isKeyActive('not a date', NOW)).toBe(false);
  });
});

describe('user key value', () => {
  it('asks for what the endpoint needs', () => {
    expect(userKeyFields({ type: 'openAI', userProvide: true, userProvideURL: false })).toEqual(['apiKey']);
    expect(userKeyFields({ type: 'custom', userProvide: true, userProvideURL: true })).toEqual(['apiKey', 'baseURL']);
    expect(userKeyFields({ type: 'custom', userProvide: false, userProvideURL: true })).toEqual(['baseURL']);
    expect(userKeyFields({ type: 'bedrock', userProvide: true, userProvideURL: false })).toEqual([
      'accessKeyId',
      'secretAccessKey',
      'sessionToken',
    ]);
  });

  it('stores a lone key as itself and several values as the JSON the worker reads', () => {
    expect(buildUserKeyValue(['apiKey'], { apiKey: ' sk-1 ' })).toBe('sk-1');
    expect(
      JSON.parse(buildUserKeyValue(['apiKey', 'baseURL'], { apiKey: 'sk-1', baseURL: 'https://x.test/v1' }) ?? ''),
    ).toEqual({
      apiKey: 'sk-1',
      baseURL: 'https://x.test/v1',
    });
    expect(JSON.parse(buildUserKeyValue(['baseURL'], { baseURL: 'https://x.test' }) ?? '')).toEqual({
      baseURL: 'https://x.test',
    });
  });

  it('lets only the session token be left out', () => {
    const fields = userKeyFields({ type: 'bedrock', userProvide: true, userProvideURL: false });
    expect(JSON.parse(buildUserKeyValue(fields, { accessKeyId: 'AKIA', secretAccessKey: 's' }) ?? '')).toEqual({
      accessKeyId: 'AKIA',
      secretAccessKey: 's',
    });
    expect(buildUserKeyValue(fields, { accessKeyId: 'AKIA' })).toBeNull();
    expect(buildUserKeyValue(['apiKey'], { apiKey: '  ' })).toBeNull();
  });

  it('accepts only web base URLs', () => {
    expect(isValidBaseURL('https://api.example.com/v1')).toBe(true);
    expect(isValidBaseURL('http://localhost:11434')).toBe(true);
    expect(isValidBaseURL('javascript:alert(1)')).toBe(false);
    expect(isValidBaseURL('api.example.com')).toBe(false);
  });
});
