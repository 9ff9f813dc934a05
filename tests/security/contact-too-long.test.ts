/**
 * A contact message over the endpoint's body cap is refused with words that say what
 * to change, not "please try again" (which cannot work).
 */
import { describe, expect, it } from "vitest";
import { CONTACT_TEXT } from "~/domain/audience/contact/contact-form";
import { action } from "~/routes/api.send-contact-email";

const post = (body: string) =>
  action({
    request: new Request("http://localhost/api/send-contact-email", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
      body,
    }),
    params: {},
    context: { cspNonce: "n", clientAddress: "203.0.113.9" },
  } as never) as Promise<Response>;

describe("POST /api/send-contact-email with a 100 KB message", () => {
  it("answers 413 saying the message is too long, beside the message field", async () => {
    const response = await post(
      JSON.stringify({
        name: "Long Writer",
        email: "long@example.com",
        subject: "A long one",
        message: "x".repeat(100 * 1024),
      }),
    );
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: string; fieldErrors: { message: string } };
    expect(body.error).toBe(CONTACT_TEXT.tooLong);
    expect(body.error).not.toContain("try again");
    expect(body.fieldErrors.message).toBe(CONTACT_TEXT.tooLong);
  });
});
