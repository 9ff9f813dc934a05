/**
 * "Tell fans nearby" (issue 22, tour mail) on an event's row in /admin/events: makes a
 * draft letter with the event's card for the confirmed subscribers within 150 km of its
 * city, then opens it in /admin/newsletter, where the distance can be changed and the
 * count is shown. Posting needs Admin privileges, as the newsletter screen does.
 */
import { useNavigate } from "react-router";
import { Megaphone } from "lucide-react";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Button } from "~/components/ui/button";

export const NEWSLETTER_SCREEN_PATH = "/admin/newsletter";

export function TellFansButton({ eventId, title }: { eventId: string; title: string }) {
  const navigate = useNavigate();
  const { fetcher, busy } = useAdminFetcher<{ id: string }>({
    onSuccess: (data) => {
      const id = data?.ok ? data.result?.id : undefined;
      if (id) navigate(`${NEWSLETTER_SCREEN_PATH}?letter=${id}`);
    },
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={`Tell fans nearby about "${title}"`}
      onClick={() =>
        void fetcher.submit(
          { intent: "tell-fans", eventId },
          { method: "post", action: NEWSLETTER_SCREEN_PATH },
        )
      }
    >
      <Megaphone aria-hidden />
      {busy ? "Making the letter..." : "Tell fans nearby"}
    </Button>
  );
}
