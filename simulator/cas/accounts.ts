import { seedUsers, type SeedUser } from '../fixtures/users.ts';
import { safeEqual } from './safe-equal.ts';

/**
 * The CAS's user directory: the seeded users, of which those given a password
 * can log in. Passwords are generated per start by the platform and never
 * stored in the fixtures.
 */
export class Accounts {
  readonly #passwords: ReadonlyMap<string, string>;

  constructor(passwords: ReadonlyMap<string, string>) {
    this.#passwords = passwords;
  }

  /** The user whose login and password match, or undefined (same answer for unknown user and wrong password). */
  verifyPassword(login: string, password: string): SeedUser | undefined {
    const expected = this.#passwords.get(login);
    const user = findUser(login);
    if (expected === undefined || user === undefined) return undefined;
    return safeEqual(password, expected) ? user : undefined;
  }
}

export function findUser(login: string): SeedUser | undefined {
  return seedUsers.find((user) => user.login === login);
}
