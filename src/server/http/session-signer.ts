// The session cookie's signer (@fastify/cookie's HMAC), remembering the cookies it has verified:
// a signed-in request would otherwise compute two HMACs (the cookie checked, then signed again
// for the restored session). Only valid cookies are remembered, so forged ones cannot fill it,
// and they are checked in full (constant time) every time.
import { Signer } from '@fastify/cookie';

type Unsigned = { valid: true; renew: boolean; value: string };
type UnsignResult = Unsigned | { valid: false; renew: false; value: null };

/** Enough for every session of a large team; past it the memory starts over. */
const MAX_REMEMBERED = 20_000;

export class RememberingSigner {
  private readonly signer: Signer;
  private readonly verified = new Map<string, Unsigned>();
  private readonly signedById = new Map<string, string>();

  constructor(secret: string) {
    this.signer = new Signer(secret, 'sha256');
  }

  sign(value: string): string {
    return this.signedById.get(value) ?? this.signer.sign(value);
  }

  unsign(signedValue: string): UnsignResult {
    const known = this.verified.get(signedValue);
    if (known) return known;
    const result = this.signer.unsign(signedValue) as UnsignResult;
    if (result.valid) {
      if (this.verified.size >= MAX_REMEMBERED) {
        this.verified.clear();
        this.signedById.clear();
      }
      this.verified.set(signedValue, result);
      if (!result.renew) this.signedById.set(result.value, signedValue);
    }
    return result;
  }
}
