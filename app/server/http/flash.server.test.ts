import { describe, expect, it } from "vitest";
import { newToast, readFlashToast, withFlashToast } from "./flash.server";

describe("flash toasts", () => {
  it("survive one redirect as an HttpOnly cookie and are cleared when read", () => {
    const toast = newToast("success", "Welcome back!", "Successfully signed in.");
    const setCookie = withFlashToast(toast).getSetCookie()[0]!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const request = new Request("http://localhost/admin", {
      headers: { cookie: `other=1; ${setCookie.split(";")[0]}` },
    });
    const { toast: read, headers } = readFlashToast(request);
    expect(read).toEqual(toast);
    expect(headers.getSetCookie()[0]).toMatch(/^flash_toast=;.*Max-Age=0/);
  });

  it("ignore a tampered or missing cookie", () => {
    const forged = new Request("http://localhost/admin", {
      headers: { cookie: "flash_toast=%7B%22type%22%3A%22evil%22%7D" },
    });
    expect(readFlashToast(forged).toast).toBeNull();
    expect(readFlashToast(new Request("http://localhost/admin")).toast).toBeNull();
  });
});
