/**
 * The image URL check under the shop dialog's image field (admin spec §5): an address
 * longer than 10 characters is sent to the screen's action (intent check-image), whose
 * server makes the HEAD request (never the browser: it must not reach the server's own
 * network, see image-url-check.server.ts). Shows 'Valid image URL' or 'Invalid image URL'.
 */
import { useEffect } from "react";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import { SHOP_ITEM_TEXT, shouldProbeImageUrl } from "~/domain/shop/catalogue/shop-item-form";

export const CHECK_IMAGE_INTENT = "check-image";
/** Wait for typing to pause before asking the server. */
const CHECK_DELAY_MS = 500;

export interface ImageCheckResult {
  url: string;
  ok: boolean;
}

export function ImageUrlStatus({ url }: { url: string }) {
  return (
    <span role="status" data-slot="image-url-status">
      <ImageUrlCheckText url={url} />
    </span>
  );
}

function ImageUrlCheckText({ url }: { url: string }) {
  const { fetcher } = useAdminFetcher<ImageCheckResult>({ quiet: true });
  const wanted = url.trim();
  const probe = shouldProbeImageUrl(wanted);
  const { submit } = fetcher;

  useEffect(() => {
    if (!probe) return;
    const timer = setTimeout(() => {
      const form = new FormData();
      form.set(INTENT_FIELD, CHECK_IMAGE_INTENT);
      form.set("url", wanted);
      void submit(form, { method: "post" });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [probe, wanted, submit]);

  if (!probe) return "An image address, or a JPEG, PNG or WebP under 10 MB.";
  const answer = fetcher.data?.ok ? fetcher.data.result : undefined;
  // Only the answer for the address in the field counts; an older one is stale.
  const current = answer && answer.url === wanted ? answer : null;
  if (fetcher.state !== "idle" || !current) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Loader2 aria-hidden className="size-3.5 animate-spin" />
        Checking the image address…
      </span>
    );
  }
  return current.ok ? (
    <span className="inline-flex items-center gap-1.5 text-foreground/90">
      <CheckCircle2 aria-hidden className="size-3.5 text-primary" />
      {SHOP_ITEM_TEXT.imageProbeOk}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-destructive">
      <XCircle aria-hidden className="size-3.5" />
      {SHOP_ITEM_TEXT.imageProbeFailed}
    </span>
  );
}
