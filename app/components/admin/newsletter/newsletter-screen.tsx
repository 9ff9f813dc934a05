/**
 * /admin/newsletter (issue 22): the letters with their status and figures, a live
 * progress bar while one is sending (the loader is read again every 2 s, and no more
 * once nothing sends), and the editor of the open letter (?letter=<id> or ?letter=new).
 * docs/decisions/038-newsletter-letters.md.
 */
import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { Copy, PenLine, Plus, Trash2 } from "lucide-react";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { formatDateTime } from "~/components/admin/kit/format";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_TEXT,
  PROGRESS_POLL_MS,
  sendProgress,
  type CampaignFieldsInput,
  type CampaignFigures,
} from "~/domain/audience/letters/campaign-form";
import type { CardKind, LetterCard, LetterPalette } from "~/domain/audience/letters/letter";
import type { CampaignStatus } from "~/domain/audience/letters/campaign";
import { LetterEditor } from "./letter-editor";

export const NEWSLETTER_PATH = "/admin/newsletter";

export interface CampaignListRow {
  id: string;
  subject: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  createdAt: string;
  slug: string | null;
  publishOnWeb: boolean;
  clickTracking: boolean;
  /** Why a "failed" letter failed (a schedule that could not be kept, every mail refused). */
  failureReason: string | null;
  figures: CampaignFigures;
}

export interface OpenCampaign {
  id: string;
  fields: CampaignFieldsInput;
  sentHtml: string | null;
  sentText: string | null;
  clicks: readonly { url: string; clicks: number }[];
  audienceCount: number;
  /** Why the audience reaches nobody it could (a concert with no map position), or null. */
  audienceProblem: string | null;
}

export interface NewsletterScreenProps {
  campaigns: readonly CampaignListRow[];
  loadFailed: string | null;
  cards: Record<CardKind, LetterCard[]>;
  /** The letter's colours from the active theme, as the sent mail has them. */
  palette: LetterPalette;
  timeZone: string;
  siteUrl: string;
  siteName: string;
  editing: "new" | string | null;
  open: OpenCampaign | null;
  newAudienceCount: number;
  wantedMissing: boolean;
}

const STATUS_VARIANT: Record<CampaignStatus, "gold" | "muted" | "success" | "destructive"> = {
  draft: "muted",
  scheduled: "gold",
  sending: "gold",
  sent: "success",
  cancelled: "muted",
  failed: "destructive",
};

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}

export function ProgressBar({ figures, label }: { figures: CampaignFigures; label: string }) {
  const percent = sendProgress(figures);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {percent}% · {figures.sent.toLocaleString("en-US")} of{" "}
        {figures.recipients.toLocaleString("en-US")} sent
      </p>
    </div>
  );
}

const n = (v: number) => v.toLocaleString("en-US");

/** Why a letter failed, beside its "Failed" badge. */
export function FailureReason({ row, className }: { row: CampaignListRow; className?: string }) {
  if (row.status !== "failed" || !row.failureReason) return null;
  return <p className={cn("max-w-prose text-destructive", className)}>{row.failureReason}</p>;
}

export function FiguresLine({ f, clickTracking }: { f: CampaignFigures; clickTracking: boolean }) {
  const parts = [
    `${n(f.recipients)} recipients`,
    `${n(f.sent)} sent`,
    ...(f.failed ? [`${n(f.failed)} failed`] : []),
    ...(f.bounced ? [`${n(f.bounced)} bounced`] : []),
    ...(f.unknown ? [`${n(f.unknown)} unknown`] : []),
    ...(f.unsubscribed ? [`${n(f.unsubscribed)} unsubscribed`] : []),
    ...(clickTracking ? [`${n(f.clicks)} clicks`] : []),
  ];
  return <span className="text-sm text-muted-foreground">{parts.join(" · ")}</span>;
}

/** While anything is sending, the loader is read again every 2 s. */
function usePollWhileSending(sending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [sending, revalidate, state]);
}

export function NewsletterScreen(props: NewsletterScreenProps) {
  const [deleting, setDeleting] = useState<CampaignListRow | null>(null);
  const navigate = useNavigate();
  const duplicate = useAdminFetcher<{ id: string }>();
  const anySending = props.campaigns.some((c) => c.status === "sending");
  usePollWhileSending(anySending);

  const columns: DataTableColumn<CampaignListRow>[] = [
    {
      id: "subject",
      header: "Letter",
      cell: (row) => (
        <div className="min-w-0 space-y-1">
          <Link
            to={`?letter=${row.id}`}
            preventScrollReset
            className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
          >
            {row.subject}
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={row.status} />
            {row.status === "scheduled" && row.scheduledAt && (
              <span className="text-xs text-muted-foreground">
                {formatDateTime(row.scheduledAt, props.timeZone)}
              </span>
            )}
            {(row.status === "sent" || row.status === "sending") && row.startedAt && (
              <span className="text-xs text-muted-foreground">
                {formatDateTime(row.startedAt, props.timeZone)}
              </span>
            )}
          </div>
          <FailureReason row={row} className="text-xs" />
        </div>
      ),
    },
    {
      id: "figures",
      header: "Figures",
      className: "max-sm:basis-full",
      cell: (row) =>
        row.status === "sending" ? (
          <ProgressBar figures={row.figures} label={`Sending "${row.subject}"`} />
        ) : row.figures.recipients ? (
          <FiguresLine f={row.figures} clickTracking={row.clickTracking} />
        ) : (
          <span className="text-sm text-muted-foreground">Not sent yet</span>
        ),
    },
  ];

  const editorOpen = props.editing !== null;
  return (
    <AdminScreen
      title={CAMPAIGN_TEXT.title}
      description={CAMPAIGN_TEXT.description}
      primaryAction={
        <Link to="?letter=new" preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden />
          New letter
        </Link>
      }
    >
      {props.wantedMissing && (
        <p role="alert" className="rounded-2xl border border-border bg-card px-5 py-4 text-sm">
          {CAMPAIGN_TEXT.notFound}
        </p>
      )}
      {editorOpen && (
        <LetterEditor
          key={props.editing ?? "none"}
          campaign={
            props.editing === "new"
              ? null
              : (props.campaigns.find((c) => c.id === props.editing) ?? null)
          }
          open={props.open}
          cards={props.cards}
          palette={props.palette}
          timeZone={props.timeZone}
          siteUrl={props.siteUrl}
          siteName={props.siteName}
          newAudienceCount={props.newAudienceCount}
        />
      )}
      <AdminSection title="Letters">
        <DataTable
          columns={columns}
          rows={props.campaigns}
          rowLabel={(row) => row.subject}
          emptyMessage={CAMPAIGN_TEXT.empty}
          loadFailed={props.loadFailed}
          actionsHeader="Actions"
          rowActions={{
            extra: (row) => (
              <>
                <Link
                  to={`?letter=${row.id}`}
                  preventScrollReset
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  aria-label={`Open "${row.subject}"`}
                >
                  <PenLine aria-hidden />
                  Open
                </Link>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Duplicate "${row.subject}"`}
                  disabled={duplicate.busy}
                  onClick={() =>
                    void duplicate.fetcher.submit(
                      { intent: "duplicate", id: row.id },
                      { method: "post" },
                    )
                  }
                >
                  <Copy aria-hidden />
                  Duplicate
                </Button>
                {(row.status === "draft" || row.status === "cancelled") && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete "${row.subject}"`}
                    onClick={() => setDeleting(row)}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                )}
              </>
            ),
          }}
        />
        <p className="mt-4 text-sm text-muted-foreground">{CAMPAIGN_TEXT.noOpenTracking}</p>
      </AdminSection>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete letter"
        description={
          deleting ? `The draft "${deleting.subject}" will be deleted. This cannot be undone.` : ""
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        fields={deleting ? { intent: "delete", id: deleting.id } : undefined}
        // The open letter deleted: back to the list rather than "no longer exists".
        onDone={() => {
          if (deleting && deleting.id === props.editing)
            navigate(NEWSLETTER_PATH, { replace: true, preventScrollReset: true });
        }}
      />
    </AdminScreen>
  );
}
