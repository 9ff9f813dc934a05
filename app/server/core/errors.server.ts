/**
 * Expected failures as typed errors, and the one mapping from any error to what a
 * person is told (admin spec §8 "Generic database code mapping"): a status, a toast
 * title and a message. Resource routes, the admin action helper and the public
 * sections all describe errors through `describeError`, so a code means the same
 * words everywhere.
 */
import { CONTROL_CHARACTERS_MESSAGE } from "~/domain/core/control-characters";

export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The toast title; the message is its description. */
    readonly title = "Error",
    /** The form field the message belongs beside, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message, 400, "Invalid Data");
  }
}
export class NotFound extends AppError {
  constructor(message = "The item could not be found. It may have been deleted.") {
    super(message, 404, "Item Not Found");
  }
}
export class Forbidden extends AppError {
  constructor(message = "You do not have permission to do this. Please contact an administrator.") {
    super(message, 403, "Permission Denied");
  }
}
export class Conflict extends AppError {
  constructor(message: string, field?: string) {
    super(message, 409, "Error", field);
  }
}

/** The SQLSTATE of a PostgreSQL error, also when the driver or Drizzle wraps it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface ErrorDescription {
  status: number;
  title: string;
  message: string;
  /** False for failures nobody planned for: the caller logs them. */
  expected: boolean;
}

/** PostgreSQL codes of admin spec §8, with the status and words they get. */
const DATABASE_ERRORS: Record<string, Omit<ErrorDescription, "expected">> = {
  "23505": {
    status: 409,
    title: "Duplicate Entry",
    message: "An item with this information already exists.",
  },
  "23514": {
    status: 400,
    title: "Invalid Data",
    message: "Invalid data provided. Please check all fields and try again.",
  },
  "23503": {
    status: 409,
    title: "Referenced Item Not Found",
    message: "A related item no longer exists. Please reload and try again.",
  },
  // A number past its column's range (a quantity or an amount no form should allow).
  "22003": {
    status: 400,
    title: "Invalid Data",
    message: "A number is out of range. Please check the amounts and try again.",
  },
  // Text PostgreSQL cannot store: a NUL in text (22021) or in jsonb (22P05). The forms
  // refuse control characters first; this keeps anything that slips past a 400.
  "22021": {
    status: 400,
    title: "Invalid Data",
    message: CONTROL_CHARACTERS_MESSAGE,
  },
  "22P05": {
    status: 400,
    title: "Invalid Data",
    message: CONTROL_CHARACTERS_MESSAGE,
  },
  "42501": {
    status: 403,
    title: "Permission Denied",
    message: "You do not have permission to do this. Please contact an administrator.",
  },
  "25P02": {
    status: 500,
    title: "Transaction Failed",
    message: "The change could not be completed. Nothing was saved. Please try again.",
  },
};

const UNEXPECTED: ErrorDescription = {
  status: 500,
  title: "Unexpected Error",
  message: "An error occurred. Please try again later.",
  expected: false,
};

export function describeError(error: unknown): ErrorDescription {
  if (error instanceof AppError) {
    return { status: error.status, title: error.title, message: error.message, expected: true };
  }
  const code = pgErrorCode(error);
  if (code) {
    const known = DATABASE_ERRORS[code];
    // A constraint the form should have caught is still the artist's input, not a bug;
    // a failed transaction or an unknown code is worth a look in the log.
    if (known) return { ...known, expected: known.status < 500 };
    return { ...UNEXPECTED, title: "Database Error" };
  }
  return UNEXPECTED;
}
