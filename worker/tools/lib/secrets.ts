import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The secrets the Worker needs to run at all; LibreChat's names and sizes. */
export interface LocalSecrets {
  JWT_SECRET: string;
  JWT_REFRESH_SECRET: string;
  /** 32 bytes, hex: the AES-256 key for stored user API keys. */
  CREDS_KEY: string;
  /** 16 bytes, hex: the AES initialisation vector LibreChat pairs with CREDS_KEY. */
  CREDS_IV: string;
}

export function generateLocalSecrets(): LocalSecrets {
  const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
  return { JWT_SECRET: hex(32), JWT_REFRESH_SECRET: hex(32), CREDS_KEY: hex(32), CREDS_IV: hex(16) };
}

/** The text of a fresh local `.dev.vars`: a header, development mode and new secrets, no provider keys. */
export function devVarsText(
  secrets: LocalSecrets = generateLocalSecrets(),
  extra: Record<string, string> = {},
): string {
  const lines = [
    '# Local settings read by `wrangler dev` (`npm start`).',
    `# Generated on ${new Date().toISOString()} with fresh random secrets for this machine.`,
    '# Keep it private: it is git-ignored. Every supported variable is listed in .dev.vars.example;',
    '# add provider keys here (OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_KEY, …) to enable those endpoints.',
    '',
    'ENVIRONMENT=development',
    '',
    '# Signing keys for access and refresh tokens. Changing them signs everyone out.',
    `JWT_SECRET=${secrets.JWT_SECRET}`,
    `JWT_REFRESH_SECRET=${secrets.JWT_REFRESH_SECRET}`,
    '# Encryption key and IV for the API keys users store. Changing them makes stored keys unreadable.',
    `CREDS_KEY=${secrets.CREDS_KEY}`,
    `CREDS_IV=${secrets.CREDS_IV}`,
    ...Object.entries(extra).map(([name, value]) => `${name}=${value}`),
    '',
  ];
  return lines.join('\n');
}

/**
 * Creates `file` with fresh secrets unless it already exists (never overwritten, even by two
 * concurrent starts: the file is created exclusively). Returns whether it was created.
 */
export async function ensureDevVars(file: string, extra: Record<string, string> = {}): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, devVarsText(generateLocalSecrets(), extra), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
    throw error;
  }
}
