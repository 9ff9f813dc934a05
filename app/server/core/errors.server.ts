/**
 * Expected failures as typed errors, turned into responses in one place, and the
 * admin spec's mapping of PostgreSQL error codes (§8 "Generic database code mapping").
 */
import { data } from "react-router";

export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
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
    super(message, 400);
  }
}
export class NotFound extends AppError {
  constructor(message = "Item Not Found") {
    super(message, 404);
  }
}
export class Forbidden extends AppError {
  constructor(message = "Permission Denied") {
    super(message, 403);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(message, 409);
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

export function databaseErrorTitle(error: unknown): string {
  switch (pgErrorCode(error)) {
    case "23505":
      return "Duplicate Entry";
    case "23514":
      return "Invalid Data";
    case "23503":
      return "Referenced Item Not Found";
    case "42501":
      return "Permission Denied";
    case "25P02":
      return "Transaction Failed";
    default:
      return "Database Error";
  }
}

/** Turns an expected error into a JSON response body with its status; rethrows the unexpected. */
export function toErrorResponse(error: unknown) {
  if (error instanceof ValidationError) {
    return data({ error: error.message, fieldErrors: error.fieldErrors }, { status: 400 });
  }
  if (error instanceof AppError) return data({ error: error.message }, { status: error.status });
  throw error;
}
