/**
 * zod must never try `new Function` (our CSP has no 'unsafe-eval'; the try is reported as
 * a violation on every admin page): building and parsing the admin schemas compiles
 * nothing. The browser side of this is checked in tests/e2e/admin-privileges.e2e.ts.
 */
import { afterEach, describe, expect, it } from "vitest";

const RealFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = RealFunction;
});

describe("zod as the schemas load it", () => {
  it("never constructs a Function while schemas are built and forms parsed", async () => {
    const made: string[] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        made.push(args.join(","));
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args: string[]) {
        made.push(args.join(","));
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    const { rowIdSchema } = await import("../admin/collection-rows");
    const { shopItemCreateSchema } = await import("../shop/catalogue/shop-item-form");
    const { addAllowedEmailSchema } = await import("../admin/admin-screens");
    for (let i = 0; i < 3; i++) {
      addAllowedEmailSchema.safeParse({ intent: "add", email: "a@example.com" });
      shopItemCreateSchema.safeParse({ title: "Shirt", category: "merchandise", price: "10" });
    }
    expect(rowIdSchema.safeParse({ id: "nope" }).success).toBe(false);
    expect(made).toEqual([]);
  });
});
