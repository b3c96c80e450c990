import { describe, expect, it } from 'vitest';
import { authFromMetadata, authHeader } from './auth';

describe('authHeader', () => {
  it('adds nothing without auth', () => {
    expect(authHeader({ type: 'none' })).toBeNull();
  });

  it('sends an API key as a bearer token', () => {
    expect(authHeader({ type: 'bearer', apiKey: 'sk-1' })).toEqual(['Authorization', 'Bearer sk-1']);
  });

  it('sends a basic key as given, and encodes a plain user:password', () => {
    expect(authHeader({ type: 'basic', apiKey: 'dXNlcjpwYXNz' })).toEqual(['Authorization', 'Basic dXNlcjpwYXNz']);
    expect(authHeader({ type: 'basic', apiKey: 'user:pass' })).toEqual(['Authorization', 'Basic dXNlcjpwYXNz']);
    expect(authHeader({ type: 'basic', apiKey: 'zoë:pässword' })).toEqual([
      'Authorization',
      'Basic em/Dqzpww6Rzc3dvcmQ=',
    ]);
  });

  it('sends a custom header as named', () => {
    expect(authHeader({ type: 'custom', header: 'X-Api-Key', apiKey: 'k' })).toEqual(['X-Api-Key', 'k']);
  });
});

describe('authFromMetadata (LibreChat action metadata)', () => {
  it('maps none, bearer, basic and a custom header', () => {
    expect(authFromMetadata(undefined, undefined)).toEqual({ type: 'none' });
    expect(authFromMetadata({ type: 'none' }, 'ignored')).toEqual({ type: 'none' });
    expect(authFromMetadata({ type: 'service_http', authorization_type: 'bearer' }, 'k')).toEqual({
      type: 'bearer',
      apiKey: 'k',
    });
    expect(authFromMetadata({ type: 'service_http', authorization_type: 'basic' }, 'k')).toEqual({
      type: 'basic',
      apiKey: 'k',
    });
    expect(
      authFromMetadata({ type: 'service_http', authorization_type: 'custom', custom_auth_header: ' X-Key ' }, 'k'),
    ).toEqual({ type: 'custom', header: 'X-Key', apiKey: 'k' });
  });

  it('says what is wrong with anything else', () => {
    expect(authFromMetadata({ type: 'service_http', authorization_type: 'bearer' }, '')).toBe(
      'The action needs an API key',
    );
    expect(authFromMetadata({ type: 'oauth' }, 'k')).toBe('Unsupported auth type: oauth');
    expect(authFromMetadata({ type: 'service_http', authorization_type: 'digest' }, 'k')).toBe(
      'Unsupported authorization type: digest',
    );
    for (const header of ['Host', 'Cookie', 'Transfer-Encoding', 'X Bad', ''])
      expect(
        authFromMetadata({ type: 'service_http', authorization_type: 'custom', custom_auth_header: header }, 'k'),
      ).toMatch(/is not a header an action may set/);
  });
});
