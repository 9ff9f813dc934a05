/**
 * Download codes (issue 23), the pure rules: the alphabet, the printed shape of a code,
 * how a typed code is read back, and the messages a fan sees at /redeem.
 *
 * A code is 12 characters from 31 that cannot be mistaken for one another when read
 * aloud or off a card (no 0/O, 1/I/L), printed in three groups of four: "7KQM-3XWA-P9RD".
 * 12 × log2(31) ≈ 59.4 bits of randomness. The server stores only its SHA-256
 * (shop/download-codes.server.ts); see docs/decisions/034-download-codes.md.
 */
import { formSchema, emailAddress } from "../../core/form-schema";

/** Digits 2–9 and the capital letters but I, L and O. */
export const DOWNLOAD_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const DOWNLOAD_CODE_LENGTH = 12;
export const DOWNLOAD_CODE_GROUP = 4;
/** Anything longer is refused before it is read: a pasted page is no code. */
const MAX_TYPED_LENGTH = 64;

export const REDEEM_PATH = "/redeem";

export const REDEEM_MESSAGES = {
  codeRequired: "Please enter your download code.",
  wrong: "This download code does not exist. Please check it and try again.",
  used: "This download code has already been used.",
  revoked: "This download code is no longer valid.",
  itemGone: "This download is no longer available. Please contact us.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
  sent: (email: string) =>
    `Your download links are on their way to ${email}. Please check your inbox (and spam folder) in a few minutes.`,
} as const;

/** Bits of randomness in a code of `length` characters from `alphabetSize`. */
export function codeEntropyBits(
  alphabetSize = DOWNLOAD_CODE_ALPHABET.length,
  length = DOWNLOAD_CODE_LENGTH,
): number {
  return length * Math.log2(alphabetSize);
}

/** "7KQM3XWAP9RD" → "7KQM-3XWA-P9RD". */
export function formatDownloadCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += DOWNLOAD_CODE_GROUP) {
    groups.push(code.slice(i, i + DOWNLOAD_CODE_GROUP));
  }
  return groups.join("-");
}

/**
 * Turns random bytes into a code by rejection sampling: a byte counts only below the
 * largest multiple of the alphabet's size (248 for 31), so every character is equally
 * likely. Returns null when the bytes ran out (the caller draws more).
 */
export function codeFromRandomBytes(bytes: Uint8Array): string | null {
  const size = DOWNLOAD_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = "";
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += DOWNLOAD_CODE_ALPHABET[byte % size];
    if (code.length === DOWNLOAD_CODE_LENGTH) return code;
  }
  return null;
}

export type DownloadCodeReading = { ok: true; code: string } | { ok: false; message: string };

/**
 * Reads what a fan typed: spaces, dashes and case do not matter ("7kqm 3xwa-p9rd").
 * Anything that cannot be one of ours, whatever its length, is simply a wrong code.
 */
export function readDownloadCode(raw: string): DownloadCodeReading {
  if (raw.length > MAX_TYPED_LENGTH) return { ok: false, message: REDEEM_MESSAGES.wrong };
  const code = raw.replace(/[\s-]+/g, "").toUpperCase();
  if (code === "") return { ok: false, message: REDEEM_MESSAGES.codeRequired };
  const shape = new RegExp(`^[${DOWNLOAD_CODE_ALPHABET}]{${DOWNLOAD_CODE_LENGTH}}$`);
  if (!shape.test(code)) return { ok: false, message: REDEEM_MESSAGES.wrong };
  return { ok: true, code };
}

export interface RedeemEmailInput {
  email: string;
}

/** The e-mail half of the /redeem form, checked alike in the browser and on the server. */
export const redeemEmailSchema = formSchema<RedeemEmailInput>({
  email: emailAddress(
    { required: REDEEM_MESSAGES.emailRequired, invalid: REDEEM_MESSAGES.emailInvalid },
    { lowerCase: true },
  ),
});
