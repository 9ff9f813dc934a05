/**
 * What a pasted SoundCloud link is (spec §5 "Audio form"): "Short link", "Private link",
 * "Playlist"; and for a playlist its title and track count, when the server could read
 * them from SoundCloud (asked once the typing settles; nothing shows when it could not).
 */
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import type { SoundCloudPlaylistInfo } from "~/domain/content/loe/loe-audio-track";
import { LOE_INTENTS, canLookUpPlaylist, soundCloudFlags, trackCountLabel } from "./loe-admin";

/** How long the typing must rest before SoundCloud is asked about a playlist. */
const LOOKUP_DELAY_MS = 600;

export function SoundCloudLinkNote({ url, hint }: { url: string; hint: React.ReactNode }) {
  const link = url.trim();
  const flags = soundCloudFlags(link);
  const info = usePlaylistInfo(link);
  if (flags.length === 0) return hint;
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="soundcloud-flags">
      {flags.map((flag) => (
        <Badge key={flag} variant="gold">
          {flag}
        </Badge>
      ))}
      {info?.title && <span className="text-foreground/90">{info.title}</span>}
      {info?.trackCount != null && <span>· {trackCountLabel(info.trackCount)}</span>}
    </span>
  );
}

function usePlaylistInfo(link: string): SoundCloudPlaylistInfo | null {
  const { fetcher } = useAdminFetcher<{ url: string; info: SoundCloudPlaylistInfo | null }>({
    quiet: true,
  });
  const { submit } = fetcher;
  const [asked, setAsked] = useState<string | null>(null);
  const wanted = canLookUpPlaylist(link);

  useEffect(() => {
    if (!wanted || asked === link) return;
    const timer = setTimeout(() => {
      setAsked(link);
      void submit(
        { [INTENT_FIELD]: LOE_INTENTS.audio.soundCloudInfo, url: link },
        { method: "post" },
      );
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, asked, link, submit]);

  const answer = fetcher.data;
  if (!wanted || !answer?.ok || answer.result?.url !== link) return null;
  return answer.result.info;
}
