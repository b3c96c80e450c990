import { findUserByEmail, type UserRow } from '../../db/users';
import { spendPasswordCheckTime, verifyPassword } from './passwords';

/**
 * The account for an email and password, or null. Every path derives exactly one PBKDF2 hash —
 * unknown email, social-only account without a password, wrong password, right password — so
 * the response time does not tell which emails have accounts.
 */
export async function checkCredentials(d1: D1Database, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(d1, email);
  if (!user?.passwordHash) {
    await spendPasswordCheckTime(password);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
