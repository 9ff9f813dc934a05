import { describe, expect, it } from "vitest";
import { MAIL_DROP_REASONS, mailDropReason, parseMailConditions } from "./mail-validity";

const NOW = new Date("2026-11-27T12:00:00Z");

describe("which queued mails are still worth sending (issue 26, item 13)", () => {
  it("always sends a mail with no conditions: a message to the artist, a refund notice", () => {
    expect(mailDropReason([], [], NOW)).toBeNull();
  });

  it("sends order mails while the order stands and at least one link works", () => {
    const conditions = [
      { kind: "orderPaid" as const, orderId: "o1" },
      { kind: "downloads" as const, tokenIds: ["t1", "t2"] },
    ];
    expect(
      mailDropReason(
        conditions,
        [
          { kind: "orderPaid", status: "completed" },
          { kind: "downloads", live: 1 },
        ],
        NOW,
      ),
    ).toBeNull();
    // Links replaced ("Resend links", "Lost your links?") or revoked.
    expect(
      mailDropReason(
        conditions,
        [
          { kind: "orderPaid", status: "completed" },
          { kind: "downloads", live: 0 },
        ],
        NOW,
      ),
    ).toBe(MAIL_DROP_REASONS.downloadsGone);
    // Refunded since: the confirmation (and the shipping notice) would mislead.
    expect(
      mailDropReason(conditions, [{ kind: "orderPaid", status: "refunded" }, undefined], NOW),
    ).toBe(MAIL_DROP_REASONS.orderRefunded);
    expect(mailDropReason(conditions, [{ kind: "orderPaid", status: null }], NOW)).toBe(
      MAIL_DROP_REASONS.orderGone,
    );
  });

  it("drops account links that expired, were used, or whose address was verified meanwhile", () => {
    const until = { kind: "until" as const, expiresAt: "2026-11-27T13:00:00Z" };
    expect(mailDropReason([until], [{ kind: "until" }], NOW)).toBeNull();
    expect(mailDropReason([until], [{ kind: "until" }], new Date("2026-11-27T13:00:00Z"))).toBe(
      MAIL_DROP_REASONS.expired,
    );

    const reset = [{ kind: "oneTimeLink" as const, identifier: "reset:abc" }];
    expect(
      mailDropReason(
        reset,
        [{ kind: "oneTimeLink", expiresAt: new Date("2026-11-27T13:00Z") }],
        NOW,
      ),
    ).toBeNull();
    expect(mailDropReason(reset, [{ kind: "oneTimeLink", expiresAt: null }], NOW)).toBe(
      MAIL_DROP_REASONS.linkUsed,
    );
    expect(
      mailDropReason(
        reset,
        [{ kind: "oneTimeLink", expiresAt: new Date("2026-11-27T11:00Z") }],
        NOW,
      ),
    ).toBe(MAIL_DROP_REASONS.expired);

    const verify = [{ kind: "unverified" as const, email: "a@example.com" }];
    expect(mailDropReason(verify, [{ kind: "unverified", verified: false }], NOW)).toBeNull();
    expect(mailDropReason(verify, [{ kind: "unverified", verified: true }], NOW)).toBe(
      MAIL_DROP_REASONS.verified,
    );
  });

  it("reads stored conditions leniently", () => {
    expect(parseMailConditions(null)).toEqual([]);
    expect(parseMailConditions([{ kind: "until", expiresAt: "x" }, 3, null])).toEqual([
      { kind: "until", expiresAt: "x" },
    ]);
  });
});
