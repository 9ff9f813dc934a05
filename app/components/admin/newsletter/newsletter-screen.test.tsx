/** The campaign screen as the server renders it: what the artist reads before clicking anything. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NO_FIGURES } from "~/domain/audience/letters/campaign-form";
import { letterPalette } from "~/domain/audience/letters/palette";
import { CAMPAIGN_SENDING_TEXT } from "~/domain/audience/letters/sending";
import {
  NewsletterScreen,
  type CampaignListRow,
  type NewsletterScreenProps,
} from "./newsletter-screen";

const row = (over: Partial<CampaignListRow> = {}): CampaignListRow => ({
  id: "7b6f0a4e-8c1d-4c55-9a53-1f0f4a1c2d3e",
  subject: "Spring dates",
  status: "draft",
  scheduledAt: null,
  startedAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  slug: null,
  publishOnWeb: true,
  clickTracking: false,
  failureReason: null,
  figures: { ...NO_FIGURES },
  ...over,
});

function render(props: Partial<NewsletterScreenProps> = {}) {
  const all: NewsletterScreenProps = {
    campaigns: [],
    loadFailed: null,
    cards: { event: [], product: [], track: [], video: [] },
    palette: letterPalette(null),
    timeZone: "America/Los_Angeles",
    siteUrl: "https://artist.example",
    siteName: "Silas Lowenthorne",
    editing: null,
    open: null,
    newAudienceCount: 0,
    wantedMissing: false,
    ...props,
  };
  const Stub = createRoutesStub([
    { path: "/admin/newsletter", Component: () => <NewsletterScreen {...all} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/newsletter"]} />);
}

describe("the newsletter screen", () => {
  it("opens a tour-mail draft for a concert with no map position with the reason, not a count", () => {
    const draft = row({ subject: "Live in Port Alder: Lowlight Walk" });
    const html = render({
      campaigns: [draft],
      editing: draft.id,
      open: {
        id: draft.id,
        fields: {
          subject: draft.subject,
          bodyMarkdown: "Dear friends,",
          audienceKind: "near-event",
          eventId: "0b6f0a4e-8c1d-4c55-9a53-1f0f4a1c2d3e",
          radiusKm: "150",
        },
        sentHtml: null,
        sentText: null,
        clicks: [],
        audienceCount: 0,
        audienceProblem: CAMPAIGN_SENDING_TEXT.eventWithoutPosition,
      },
    });
    expect(html).toContain("This concert&#x27;s city has no map position");
    expect(html).not.toContain("will receive it");
  });

  it("says beside a failed letter why it was not sent", () => {
    const html = render({
      campaigns: [
        row({
          status: "failed",
          scheduledAt: "2026-03-02T10:00:00.000Z",
          failureReason: CAMPAIGN_SENDING_TEXT.scheduledWithoutMailServer,
        }),
      ],
    });
    expect(html).toContain("Failed");
    expect(html).toContain("Not sent: no mail server was configured (SMTP_URL) when it was due.");
  });
});
