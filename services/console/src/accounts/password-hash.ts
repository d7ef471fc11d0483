import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** OWASP's first Argon2id setting: 19 MiB, 2 passes, 1 lane. */
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

function derive(
  password: string,
  nonce: Buffer,
  p: { memory: number; passes: number; parallelism: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      {
        message: password,
        nonce,
        memory: p.memory,
        passes: p.passes,
        parallelism: p.parallelism,
        tagLength: PARAMS.tagLength,
      },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** Hashes a password with Argon2id (node:crypto), as a PHC string that carries its parameters. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await derive(password, nonce, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${tag.toString('base64url')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

/** True when `password` matches `stored` (compared in constant time). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64url');
  const tag = await derive(password, Buffer.from(m[4] ?? '', 'base64url'), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
  });
  return tag.length === expected.length && timingSafeEqual(tag, expected);
}

/** A stored hash of no one's password: checked when the account does not exist, so timing tells nothing. */
export const DECOY_PASSWORD_HASH = `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
