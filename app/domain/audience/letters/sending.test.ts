import { describe, expect, it } from "vitest";
import {
  MAX_SEND_ATTEMPTS,
  campaignMessageId,
  campaignSlugBase,
  classifySmtpFailure,
  fillRecipientLinks,
  listUnsubscribeHeaders,
  mailAddressOf,
  rateBudget,
  ratePauseMs,
  sendRetryDelayMs,
  smtpFailureText,
  uniqueSlug,
} from "./sending";
import { LETTER_LINK_MARKERS } from "./campaign";

const smtpError = (responseCode?: number, code?: string) =>
  Object.assign(new Error(`${responseCode ?? code}`), { responseCode, code });

describe("SMTP failures", () => {
  it("bounces on a 5xx answer, retries on a 4xx answer or when no connection was made", () => {
    expect(classifySmtpFailure(smtpError(550, "EENVELOPE"))).toBe("permanent");
    expect(classifySmtpFailure(smtpError(554, "EMESSAGE"))).toBe("permanent");
    expect(classifySmtpFailure(smtpError(421))).toBe("temporary");
    expect(classifySmtpFailure(smtpError(451, "EENVELOPE"))).toBe("temporary");
    expect(classifySmtpFailure(smtpError(undefined, "ECONNECTION"))).toBe("temporary");
    expect(classifySmtpFailure(smtpError(undefined, "ECONNREFUSED"))).toBe("temporary");
    expect(classifySmtpFailure(smtpError(undefined, "EDNS"))).toBe("temporary");
  });

  it("calls a connection lost without an answer unknown: the mail may have arrived", () => {
    expect(classifySmtpFailure(smtpError(undefined, "ETIMEDOUT"))).toBe("unknown");
    expect(classifySmtpFailure(smtpError(undefined, "ESOCKET"))).toBe("unknown");
    expect(classifySmtpFailure(new Error("something else"))).toBe("unknown");
    expect(classifySmtpFailure(null)).toBe("unknown");
    expect(classifySmtpFailure(smtpError(250))).toBe("unknown");
  });

  it("keeps the server's words short enough for a table cell", () => {
    expect(smtpFailureText(new Error("451 try later"))).toBe("451 try later");
    expect(smtpFailureText("x".repeat(2000))).toHaveLength(500);
  });
});

describe("backoff", () => {
  it("doubles from one minute and stops at one hour", () => {
    expect([1, 2, 3, 4, 5].map(sendRetryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000,
    ]);
    expect(sendRetryDelayMs(0)).toBe(60_000);
    expect(sendRetryDelayMs(20)).toBe(3_600_000);
    expect(MAX_SEND_ATTEMPTS).toBeGreaterThan(1);
  });
});

describe("rate pacing", () => {
  it("allows what is left of the second, never more than a batch; 0 means no limit", () => {
    expect(rateBudget(0, 999, 50)).toBe(50);
    expect(rateBudget(10, 0, 50)).toBe(10);
    expect(rateBudget(10, 7, 50)).toBe(3);
    expect(rateBudget(10, 10, 50)).toBe(0);
    expect(rateBudget(10, 12, 50)).toBe(0);
    expect(rateBudget(1000, 0, 50)).toBe(50);
  });

  it("waits a slot's time before asking again, between 20 ms and a second", () => {
    expect(ratePauseMs(0)).toBe(0);
    expect(ratePauseMs(10)).toBe(100);
    expect(ratePauseMs(1)).toBe(1000);
    expect(ratePauseMs(0.5)).toBe(1000);
    expect(ratePauseMs(10_000)).toBe(20);
  });
});

describe("one recipient's mail", () => {
  it("fills every marker with the recipient's links", () => {
    const template = `a ${LETTER_LINK_MARKERS.unsubscribe} b ${LETTER_LINK_MARKERS.location} c ${LETTER_LINK_MARKERS.unsubscribe}`;
    expect(
      fillRecipientLinks(template, { unsubscribe: "https://u/?t=$1", location: "https://l/?t=$&" }),
    ).toBe("a https://u/?t=$1 b https://l/?t=$& c https://u/?t=$1");
  });

  it("writes the RFC 8058 headers with the https link and a mailto to the sender", () => {
    expect(mailAddressOf("Silas Lowenthorne <letters@silas.example>")).toBe(
      "letters@silas.example",
    );
    expect(mailAddressOf("letters@silas.example")).toBe("letters@silas.example");
    expect(
      listUnsubscribeHeaders(
        "https://silas.example/newsletter/unsubscribe?token=abc",
        "S <l@s.example>",
      ),
    ).toEqual({
      "List-Unsubscribe":
        "<https://silas.example/newsletter/unsubscribe?token=abc>, <mailto:l@s.example?subject=unsubscribe>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("puts the Message-ID on the site's domain", () => {
    expect(campaignMessageId("https://www.silas.example:8443/x", "c1", "r1")).toBe(
      "<c1.r1@www.silas.example>",
    );
  });
});

describe("web version address", () => {
  it("makes a slug from the subject, never empty", () => {
    expect(campaignSlugBase("Spring Tour: 12 dates!")).toBe("spring-tour-12-dates");
    expect(campaignSlugBase("Café Société — Été")).toBe("cafe-societe-ete");
    expect(campaignSlugBase("!!!")).toBe("letter");
    expect(campaignSlugBase("a ".repeat(100)).length).toBeLessThanOrEqual(80);
    expect(campaignSlugBase("a ".repeat(100))).not.toMatch(/-$/);
  });

  it("takes the first free one", () => {
    expect(uniqueSlug("news", new Set())).toBe("news");
    expect(uniqueSlug("news", new Set(["news", "news-2"]))).toBe("news-3");
  });
});
