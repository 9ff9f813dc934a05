import { describe, expect, it } from "vitest";
import { NEWSLETTER_TEXT, newsletterProblem, newsletterSchema } from "./newsletter/signup";
import { contactFieldErrors, contactSchema } from "./contact/contact-form";

describe("newsletter schema", () => {
  it("lower-cases and trims the address", () => {
    expect(newsletterSchema.parse({ email: "  Fan@Example.ORG " })).toEqual({
      email: "fan@example.org",
    });
  });

  it("tells an empty address from an invalid one, with the spec's texts", () => {
    expect(newsletterProblem("   ")).toBe("required");
    expect(newsletterProblem("not-an-address")).toBe("invalid");
    expect(newsletterProblem("fan@example.org")).toBeNull();
    const empty = newsletterSchema.safeParse({ email: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(NEWSLETTER_TEXT.requiredDescription);
    const invalid = newsletterSchema.safeParse({ email: "a@b" });
    expect(invalid.error?.issues[0]?.message).toBe(NEWSLETTER_TEXT.invalidDescription);
    expect(newsletterSchema.safeParse({}).success).toBe(false);
  });
});

describe("contact schema", () => {
  const valid = {
    name: "Ada",
    email: "ada@example.org",
    subject: "Booking",
    message: "Can LOE play on 12 June?",
  };

  it("accepts a complete message and trims it", () => {
    expect(contactSchema.parse({ ...valid, name: "  Ada  " }).name).toBe("Ada");
  });

  it("requires every field and a valid e-mail, one message per field", () => {
    const result = contactSchema.safeParse({ name: " ", email: "nope", subject: "", message: "" });
    expect(result.success).toBe(false);
    expect(contactFieldErrors(result.error!)).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      subject: "Please enter a subject.",
      message: "Please enter a message.",
    });
  });

  it("refuses overly long input", () => {
    const result = contactSchema.safeParse({ ...valid, message: "x".repeat(5001) });
    expect(contactFieldErrors(result.error!).message).toMatch(/under 5000/);
  });
});

describe("contact page links", async () => {
  const { instagramLink, youtubeLink, phoneHref } =
    await import("../content/page-content/contact-links");

  it("turns URLs and handles into links with a short label", () => {
    expect(instagramLink("https://www.instagram.com/silas")).toEqual({
      href: "https://www.instagram.com/silas",
      label: "@silas",
    });
    expect(instagramLink("@silas")).toEqual({
      href: "https://www.instagram.com/silas",
      label: "@silas",
    });
    expect(youtubeLink("https://www.youtube.com/@silas")?.label).toBe("@silas");
    expect(youtubeLink("silas")?.href).toBe("https://www.youtube.com/@silas");
    expect(instagramLink("javascript:alert(1)")).toBeNull();
    expect(instagramLink(null)).toBeNull();
  });

  it("dials digits only", () => {
    expect(phoneHref("+1 (555) 014-2290")).toBe("tel:+15550142290");
  });
});
