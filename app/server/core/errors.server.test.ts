import { describe, expect, it } from "vitest";
import {
  AppError,
  Conflict,
  Forbidden,
  NotFound,
  describeError,
  pgErrorCode,
} from "./errors.server";

const pgError = (code: string) => Object.assign(new Error("db said no"), { code });
/** Drizzle wraps the driver's error: the code sits on `cause`. */
const wrapped = (code: string) => new Error("Failed query", { cause: pgError(code) });

describe("describeError", () => {
  it.each([
    ["23505", 409, "Duplicate Entry"],
    ["23514", 400, "Invalid Data"],
    ["22003", 400, "Invalid Data"],
    ["23503", 409, "Referenced Item Not Found"],
    ["42501", 403, "Permission Denied"],
    // A NUL in text (22021) or jsonb (22P05): the words say what to change.
    ["22021", 400, "Invalid Data"],
    ["22P05", 400, "Invalid Data"],
  ])("maps PostgreSQL %s to %i %s, as an expected failure", (code, status, title) => {
    for (const error of [pgError(code), wrapped(code)]) {
      expect(describeError(error)).toMatchObject({ status, title, expected: true });
    }
  });

  it("tells what to change about text PostgreSQL cannot store", () => {
    expect(describeError(wrapped("22021")).message).toMatch(/control characters/);
  });

  it("treats a failed transaction and unknown codes as unexpected, with the spec's titles", () => {
    expect(describeError(pgError("25P02"))).toMatchObject({
      status: 500,
      title: "Transaction Failed",
      expected: false,
    });
    expect(describeError(wrapped("57014"))).toMatchObject({
      status: 500,
      title: "Database Error",
      expected: false,
    });
  });

  it("passes our own errors through with their status, title and words", () => {
    expect(describeError(new NotFound())).toMatchObject({
      status: 404,
      title: "Item Not Found",
      expected: true,
    });
    expect(describeError(new Forbidden("Nope"))).toEqual({
      status: 403,
      title: "Permission Denied",
      message: "Nope",
      expected: true,
    });
    expect(describeError(new Conflict("Already there", "email"))).toMatchObject({
      status: 409,
      message: "Already there",
    });
    expect(new Conflict("Already there", "email").field).toBe("email");
    expect(describeError(new AppError("Too big", 413))).toMatchObject({
      status: 413,
      title: "Error",
    });
  });

  it("says nothing of an unexpected error's internals", () => {
    const described = describeError(new TypeError("cannot read secret of undefined"));
    expect(described).toEqual({
      status: 500,
      title: "Unexpected Error",
      message: "An error occurred. Please try again later.",
      expected: false,
    });
  });
});

describe("pgErrorCode", () => {
  it("finds a SQLSTATE a few causes deep, and ignores other codes", () => {
    expect(pgErrorCode(new Error("a", { cause: wrapped("23505") }))).toBe("23505");
    expect(pgErrorCode(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });
});
