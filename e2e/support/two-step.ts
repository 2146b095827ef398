// The code an authenticator app shows for a two-step key, as the journeys compute it from the key on screen.
import * as OTPAuth from 'otpauth';

/** The 6-digit code of this base32 key `stepsFromNow` 30-second steps from now (the server accepts ±1 step). */
export function codeFor(secret: string, stepsFromNow = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsFromNow * 30_000,
  });
}
