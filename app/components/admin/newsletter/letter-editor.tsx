/**
 * The letter editor of /admin/newsletter: subject, preview line, the Markdown body with
 * buttons that insert the site's own cards, the audience with its live count, the two
 * switches, and a live preview of the mail (HTML in a sandboxed frame at phone and
 * desktop width, and the plain text). Then Send test, Send now, Schedule. A letter that
 * went out shows its figures, clicks per link and what it sent.
 */
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { CalendarClock, CalendarX, FlaskConical, RotateCcw, Save, Send } from "lucide-react";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DetailDialog } from "~/components/admin/kit/detail-dialog";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { formatDateTime } from "~/components/admin/kit/format";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { useUnsavedChanges } from "~/components/admin/kit/use-unsaved-changes";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import {
  campaignFieldsSchema,
  campaignSlug,
  isEditableStatus,
  type CampaignFieldsInput,
} from "~/domain/audience/letters/campaign-form";
import {
  CARD_KINDS,
  cardKey,
  cardLine,
  renderLetter,
  type CardKind,
  type LetterCard,
  type LetterPalette,
} from "~/domain/audience/letters/letter";
import {
  AUDIENCE_RADIUS_KM,
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_PREHEADER_MAX,
  CAMPAIGN_SUBJECT_MAX,
  TOUR_MAIL_DEFAULT_RADIUS_KM,
} from "~/domain/audience/letters/campaign";
import type { CampaignListRow, OpenCampaign } from "./newsletter-screen";
import { FailureReason, FiguresLine, ProgressBar, StatusBadge } from "./newsletter-screen";

type Values = {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  audienceKind: "all" | "near-event" | "product-buyers";
  eventId: string;
  radiusKm: string;
  itemId: string;
  clickTracking: boolean;
  publishOnWeb: boolean;
};

const EMPTY: Values = {
  subject: "",
  preheader: "",
  bodyMarkdown: "",
  audienceKind: "all",
  eventId: "",
  radiusKm: String(TOUR_MAIL_DEFAULT_RADIUS_KM),
  itemId: "",
  clickTracking: false,
  publishOnWeb: true,
};

function valuesOf(fields: CampaignFieldsInput | undefined): Values {
  if (!fields) return EMPTY;
  return {
    ...EMPTY,
    ...fields,
    preheader: fields.preheader ?? "",
    bodyMarkdown: fields.bodyMarkdown ?? "",
    audienceKind: (fields.audienceKind as Values["audienceKind"]) ?? "all",
    eventId: fields.eventId ?? "",
    radiusKm: fields.radiusKm ?? EMPTY.radiusKm,
    itemId: fields.itemId ?? "",
    clickTracking: fields.clickTracking === true || fields.clickTracking === "on",
    publishOnWeb: fields.publishOnWeb === true || fields.publishOnWeb === "on",
  };
}

const toForm = (v: Values): Record<string, string> => ({
  subject: v.subject,
  preheader: v.preheader,
  bodyMarkdown: v.bodyMarkdown,
  audienceKind: v.audienceKind,
  eventId: v.eventId,
  radiusKm: v.radiusKm,
  itemId: v.itemId,
  clickTracking: v.clickTracking ? "on" : "",
  publishOnWeb: v.publishOnWeb ? "on" : "",
});

const KIND_LABELS: Record<CardKind, string> = {
  event: "Event",
  product: "Product",
  track: "Track",
  video: "Video",
};

function cardSummary(card: LetterCard): string {
  switch (card.kind) {
    case "event":
      return `${card.when} · ${card.venue}, ${card.city}`;
    case "product":
      return card.price;
    case "track":
      return card.artist ?? "";
    case "video":
      return "";
  }
}

export interface LetterEditorProps {
  /** The list row of the open letter; null for a new one. */
  campaign: CampaignListRow | null;
  open: OpenCampaign | null;
  cards: Record<CardKind, LetterCard[]>;
  /** The active theme's letter colours: the preview uses the same as the sent mail. */
  palette: LetterPalette;
  timeZone: string;
  siteUrl: string;
  siteName: string;
  newAudienceCount: number;
}

export function LetterEditor(props: LetterEditorProps) {
  const { campaign, open } = props;
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(open?.fields), [open?.fields]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState("write");
  const [picker, setPicker] = useState<CardKind | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const [scheduleAt, setScheduleAt] = useState({ date: "", time: "" });
  const body = useRef<HTMLTextAreaElement>(null);
  const editable = !campaign || isEditableStatus(campaign.status);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const prompt = useUnsavedChanges(dirty && editable ? ["the letter"] : []);

  const save = useAdminFetcher<{ id: string; created: boolean }>({
    onSuccess: (data) => {
      const result = data?.ok ? data.result : undefined;
      if (result?.created)
        navigate(`?letter=${result.id}`, { preventScrollReset: true, replace: true });
    },
  });
  const counter = useAdminFetcher<{ count: number; problem: string | null }>({ quiet: true });
  const act = useAdminFetcher();
  const serverErrors = { ...save.fieldErrors, ...act.fieldErrors };
  const shown = { ...serverErrors, ...errors };

  const counted = counter.data?.ok ? counter.data.result : undefined;
  const audienceCount = counted ? counted.count : (open?.audienceCount ?? props.newAudienceCount);
  // "This concert's city has no map position…": shown as soon as the draft opens.
  const audienceProblem = counted ? counted.problem : (open?.audienceProblem ?? null);

  const allCards = useMemo(() => {
    const map = new Map<string, LetterCard>();
    for (const kind of CARD_KINDS)
      for (const card of props.cards[kind]) map.set(cardKey(kind, card.id), card);
    return map;
  }, [props.cards]);

  // The links carry the campaign as they will when the letter leaves (its slug is fixed
  // when it is scheduled or sent; until then it follows the subject).
  const utmCampaign = campaign
    ? (campaign.slug ?? campaignSlug(values.subject, campaign.id))
    : null;
  const preview = useMemo(
    () =>
      renderLetter(values, {
        siteUrl: props.siteUrl,
        siteName: props.siteName,
        cards: allCards,
        mode: "preview",
        palette: props.palette,
        campaign: utmCampaign,
        footerLinks: {
          unsubscribe: `${props.siteUrl}/newsletter/unsubscribe`,
          location: `${props.siteUrl}/newsletter/location`,
        },
      }),
    [values, allCards, props.siteUrl, props.siteName, props.palette, utmCampaign],
  );

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  const recount = (next: Values) => {
    void counter.fetcher.submit(
      {
        intent: "count",
        audienceKind: next.audienceKind,
        eventId: next.eventId,
        radiusKm: next.radiusKm,
        itemId: next.itemId,
      },
      { method: "post" },
    );
  };
  const setAudience = (patch: Partial<Values>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors({});
    recount(next);
  };

  function submitSave() {
    const parsed = campaignFieldsSchema.safeParse(toForm(values));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.reverse().map((i) => [String(i.path[0]), i.message]),
        ),
      );
      return;
    }
    setErrors({});
    void save.fetcher.submit(
      { intent: "save", id: campaign?.id ?? "", ...toForm(values) },
      { method: "post" },
    );
  }

  function insertCard(kind: CardKind, id: string) {
    const area = body.current;
    const text = values.bodyMarkdown;
    const at = area ? area.selectionStart : text.length;
    const before = text.slice(0, at);
    const after = text.slice(at);
    const line = cardLine(kind, id);
    const lead =
      before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    const tail = after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
    const next = `${before}${lead}${line}${tail}${after}`;
    set("bodyMarkdown", next);
    setPicker(null);
    const caret = (before + lead + line + tail).length;
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  }

  const status = campaign?.status ?? "draft";
  const heading = campaign ? campaign.subject : "New letter";
  const sentLike =
    status === "sending" || status === "sent" || status === "failed" || status === "cancelled";

  return (
    <AdminSection title={campaign ? `Letter: ${heading}` : "New letter"}>
      {prompt}
      <div className="space-y-6 rounded-2xl border border-border bg-card p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          {campaign && <StatusBadge status={campaign.status} />}
          {campaign?.status === "scheduled" && campaign.scheduledAt && (
            <span className="text-sm text-muted-foreground">
              Goes out {formatDateTime(campaign.scheduledAt, props.timeZone)} ({props.timeZone})
            </span>
          )}
          {campaign && campaign.figures.recipients > 0 && (
            <FiguresLine f={campaign.figures} clickTracking={campaign.clickTracking} />
          )}
        </div>
        {campaign && <FailureReason row={campaign} className="text-sm" />}
        {campaign?.status === "sending" && (
          <ProgressBar figures={campaign.figures} label={`Sending "${campaign.subject}"`} />
        )}

        {sentLike && campaign && open ? (
          <SentView campaign={campaign} open={open} />
        ) : (
          <>
            <FormAlert message={save.failure?.description ?? act.failure?.description} />
            <div className="grid gap-5 lg:grid-cols-2">
              <FormField id="letter-subject" label="Subject" error={shown.subject}>
                {(control) => (
                  <Input
                    {...control}
                    value={values.subject}
                    maxLength={CAMPAIGN_SUBJECT_MAX + 50}
                    onChange={(e) => set("subject", e.target.value)}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <FormField
                id="letter-preheader"
                label="Preview line"
                error={shown.preheader}
                hint="Shown after the subject in most inboxes. Optional."
              >
                {(control) => (
                  <Input
                    {...control}
                    value={values.preheader}
                    maxLength={CAMPAIGN_PREHEADER_MAX + 50}
                    onChange={(e) => set("preheader", e.target.value)}
                    autoComplete="off"
                  />
                )}
              </FormField>
            </div>

            <Tabs value={tab} onValueChange={setTab}>
              <TabsList aria-label="Write or preview">
                <TabsTrigger value="write">Write</TabsTrigger>
                <TabsTrigger value="preview">Preview</TabsTrigger>
              </TabsList>
              <TabsContent value="write" className="space-y-3">
                <div
                  className="flex flex-wrap items-center gap-2"
                  role="toolbar"
                  aria-label="Insert from the site"
                >
                  <span className="text-sm text-muted-foreground">Insert:</span>
                  {CARD_KINDS.map((kind) => (
                    <Button key={kind} variant="outline" size="sm" onClick={() => setPicker(kind)}>
                      {KIND_LABELS[kind]}
                    </Button>
                  ))}
                </div>
                <FormField
                  id="letter-body"
                  label="Letter"
                  error={shown.bodyMarkdown}
                  hint="Markdown: # heading, **bold**, *italic*, [text](https://…), - lists, > quotes, --- a line, ![description](image address). HTML is shown as text."
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      ref={body}
                      rows={16}
                      value={values.bodyMarkdown}
                      maxLength={CAMPAIGN_BODY_MAX + 1_000}
                      onChange={(e) => set("bodyMarkdown", e.target.value)}
                      className="font-mono text-sm"
                    />
                  )}
                </FormField>
                {preview.refusedLinks.length > 0 && !shown.bodyMarkdown && (
                  <p role="status" className="text-sm text-destructive">
                    This link will be shown as text, not as a link: “{preview.refusedLinks[0]}”.
                    Links must start with https://, http:// or mailto:.
                  </p>
                )}
                {preview.missingCards.length > 0 && (
                  <p role="status" className="text-sm text-muted-foreground">
                    {preview.missingCards.length === 1
                      ? "One card names"
                      : `${preview.missingCards.length} cards name`}{" "}
                    something that no longer exists; it is left out of the letter.
                  </p>
                )}
              </TabsContent>
              <TabsContent value="preview">
                <LetterPreview
                  html={preview.html}
                  text={preview.text}
                  subject={values.subject}
                  background={props.palette.page}
                />
              </TabsContent>
            </Tabs>

            <fieldset className="space-y-3">
              <legend className="mb-2 font-medium">Who receives it</legend>
              <AudienceChoice
                id="audience-all"
                checked={values.audienceKind === "all"}
                onChange={() => setAudience({ audienceKind: "all" })}
                label="Every confirmed subscriber"
              />
              <AudienceChoice
                id="audience-near"
                checked={values.audienceKind === "near-event"}
                onChange={() => setAudience({ audienceKind: "near-event" })}
                label="Confirmed subscribers near a concert"
              />
              {values.audienceKind === "near-event" && (
                <div className="grid gap-4 pl-7 sm:grid-cols-[1fr_10rem]">
                  <FormField id="audience-event" label="Concert" error={shown.eventId}>
                    {(control) => (
                      <Select
                        {...control}
                        value={values.eventId}
                        onChange={(e) => setAudience({ eventId: e.target.value })}
                      >
                        <option value="">Choose a concert</option>
                        {props.cards.event.map((e) =>
                          e.kind === "event" ? (
                            <option key={e.id} value={e.id}>
                              {e.title} · {e.city}
                            </option>
                          ) : null,
                        )}
                      </Select>
                    )}
                  </FormField>
                  <FormField id="audience-radius" label="Within (km)" error={shown.radiusKm}>
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="numeric"
                        value={values.radiusKm}
                        min={AUDIENCE_RADIUS_KM.min}
                        max={AUDIENCE_RADIUS_KM.max}
                        onChange={(e) => setAudience({ radiusKm: e.target.value })}
                      />
                    )}
                  </FormField>
                </div>
              )}
              <AudienceChoice
                id="audience-buyers"
                checked={values.audienceKind === "product-buyers"}
                onChange={() => setAudience({ audienceKind: "product-buyers" })}
                label="Confirmed subscribers who bought a product"
              />
              {values.audienceKind === "product-buyers" && (
                <div className="pl-7">
                  <FormField id="audience-item" label="Product" error={shown.itemId}>
                    {(control) => (
                      <Select
                        {...control}
                        value={values.itemId}
                        onChange={(e) => setAudience({ itemId: e.target.value })}
                      >
                        <option value="">Choose a product</option>
                        {props.cards.product.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.title}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                </div>
              )}
              <p
                role="status"
                aria-live="polite"
                className={
                  audienceProblem && !counter.busy ? "text-destructive" : "font-medium text-primary"
                }
              >
                {counter.busy
                  ? "Counting..."
                  : (audienceProblem ??
                    `${audienceCount.toLocaleString("en-US")} ${audienceCount === 1 ? "subscriber" : "subscribers"} will receive it`)}
              </p>
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <SwitchRow
                id="letter-click-tracking"
                label="Count clicks"
                hint="Links go through this site, which counts clicks per link and day (never per person)."
                checked={values.clickTracking}
                onChange={(v) => set("clickTracking", v)}
              />
              <SwitchRow
                id="letter-publish"
                label="Publish on the web"
                hint="Once sent, the letter is also a page in the newsletter archive."
                checked={values.publishOnWeb}
                onChange={(v) => set("publishOnWeb", v)}
              />
            </div>

            <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:flex-wrap">
              <Button onClick={submitSave} disabled={save.busy || !editable}>
                <Save aria-hidden />
                {save.busy ? "Saving..." : campaign ? "Save" : "Save draft"}
              </Button>
              {campaign && (
                <>
                  <Button
                    variant="outline"
                    disabled={dirty || act.busy}
                    onClick={() =>
                      void act.fetcher.submit(
                        { intent: "send-test", id: campaign.id },
                        { method: "post" },
                      )
                    }
                  >
                    <FlaskConical aria-hidden />
                    Send test
                  </Button>
                  <Button
                    variant="outline"
                    disabled={dirty || act.busy}
                    onClick={() => setConfirmSend(true)}
                  >
                    <Send aria-hidden />
                    Send now
                  </Button>
                </>
              )}
            </div>
            {campaign && dirty && (
              <p className="text-sm text-muted-foreground">
                Save your changes to test, send or schedule them.
              </p>
            )}
            {!campaign && (
              <p className="text-sm text-muted-foreground">
                Save the draft to test, send or schedule it.
              </p>
            )}

            {campaign && (
              <div className="space-y-3 border-t border-border pt-5">
                <h3 className="text-lg">Schedule</h3>
                {campaign.status === "scheduled" ? (
                  <Button
                    variant="outline"
                    disabled={act.busy}
                    onClick={() =>
                      void act.fetcher.submit(
                        { intent: "cancel-schedule", id: campaign.id },
                        { method: "post" },
                      )
                    }
                  >
                    <CalendarX aria-hidden />
                    Cancel schedule
                  </Button>
                ) : (
                  <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
                    <FormField id="schedule-date" label="Day" error={shown.date}>
                      {(control) => (
                        <Input
                          {...control}
                          type="date"
                          value={scheduleAt.date}
                          onChange={(e) => setScheduleAt((s) => ({ ...s, date: e.target.value }))}
                        />
                      )}
                    </FormField>
                    <FormField id="schedule-time" label={`Time (${props.timeZone})`}>
                      {(control) => (
                        <Input
                          {...control}
                          type="time"
                          value={scheduleAt.time}
                          onChange={(e) => setScheduleAt((s) => ({ ...s, time: e.target.value }))}
                        />
                      )}
                    </FormField>
                    <Button
                      variant="outline"
                      className="sm:mt-7"
                      disabled={dirty || act.busy}
                      onClick={() =>
                        void act.fetcher.submit(
                          { intent: "schedule", id: campaign.id, ...scheduleAt },
                          { method: "post" },
                        )
                      }
                    >
                      <CalendarClock aria-hidden />
                      Schedule
                    </Button>
                  </div>
                )}
              </div>
            )}
          </>
        )}
      </div>

      <DetailDialog
        open={picker !== null}
        onClose={() => setPicker(null)}
        title={picker ? `Insert ${KIND_LABELS[picker].toLowerCase()}` : "Insert"}
        description="Its card is made from the site's own content when the letter is sent."
      >
        {picker && !props.cards[picker].length ? (
          <p className="text-sm text-muted-foreground">Nothing of this kind on the site yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {picker &&
              props.cards[picker].map((card) => (
                <li key={card.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{card.title}</p>
                    <p className="text-sm text-muted-foreground">{cardSummary(card)}</p>
                  </div>
                  <Button
                    size="sm"
                    onClick={() => insertCard(picker, card.id)}
                    aria-label={`Insert "${card.title}"`}
                  >
                    Insert
                  </Button>
                </li>
              ))}
          </ul>
        )}
      </DetailDialog>

      {campaign && (
        <ConfirmDialog
          open={confirmSend}
          onOpenChange={setConfirmSend}
          title="Send this letter now?"
          description={`"${campaign.subject}" goes to ${audienceCount.toLocaleString("en-US")} ${audienceCount === 1 ? "subscriber" : "subscribers"} now. A letter is sent once and cannot be called back.`}
          confirmLabel={`Send to ${audienceCount.toLocaleString("en-US")}`}
          pendingLabel="Starting..."
          confirmVariant="primary"
          icon={<Send aria-hidden />}
          fields={{ intent: "send-now", id: campaign.id }}
        />
      )}
    </AdminSection>
  );
}

function AudienceChoice(props: {
  id: string;
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <input
        type="radio"
        id={props.id}
        name="audienceKind"
        checked={props.checked}
        onChange={props.onChange}
        className="size-4 accent-[hsl(var(--primary))]"
      />
      <Label htmlFor={props.id}>{props.label}</Label>
    </div>
  );
}

function SwitchRow(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border p-4">
      <Switch
        id={props.id}
        checked={props.checked}
        aria-describedby={`${props.id}-hint`}
        onClick={() => props.onChange(!props.checked)}
      />
      <div>
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      </div>
    </div>
  );
}

export function LetterPreview({
  html,
  text,
  subject,
  background,
}: {
  html: string;
  text: string;
  subject: string;
  /** Behind the frame while it loads: the letter's own page colour. */
  background?: string;
}) {
  const [width, setWidth] = useState<"phone" | "desktop">("phone");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Preview width">
        <Button
          size="sm"
          variant={width === "phone" ? "primary" : "outline"}
          aria-pressed={width === "phone"}
          onClick={() => setWidth("phone")}
        >
          Phone (375 px)
        </Button>
        <Button
          size="sm"
          variant={width === "desktop" ? "primary" : "outline"}
          aria-pressed={width === "desktop"}
          onClick={() => setWidth("desktop")}
        >
          Desktop (640 px)
        </Button>
      </div>
      {/* Scrolls sideways when the desktop width is wider than the screen: reachable by keyboard. */}
      <div
        role="group"
        aria-label="Mail preview"
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-border bg-background p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
      >
        <iframe
          title={`Preview of the mail "${subject || "(no subject)"}" at ${width === "phone" ? "phone" : "desktop"} width`}
          sandbox=""
          srcDoc={html}
          data-width={width}
          className="mx-auto block h-[36rem] rounded-lg border-0 bg-background"
          style={{ width: width === "phone" ? 375 : 640, maxWidth: "none", background }}
        />
      </div>
      <details className="rounded-xl border border-border p-4">
        <summary className="cursor-pointer font-medium">Plain-text version</summary>
        <pre className="mt-3 whitespace-pre-wrap break-words font-mono text-sm text-muted-foreground">
          {text}
        </pre>
      </details>
    </div>
  );
}

function SentView({ campaign, open }: { campaign: CampaignListRow; open: OpenCampaign }) {
  const resend = useAdminFetcher();
  const [confirm, setConfirm] = useState(false);
  const f = campaign.figures;
  const cells: [string, number][] = [
    ["Recipients", f.recipients],
    ["Sent", f.sent],
    ["Failed", f.failed],
    ["Bounced", f.bounced],
    ["Unknown", f.unknown],
    ["Unsubscribed", f.unsubscribed],
    ...(campaign.clickTracking ? ([["Clicks", f.clicks]] as [string, number][]) : []),
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cells.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border p-3">
            <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {f.unknown > 0 && (
        <div className="space-y-2 rounded-xl border border-border p-4">
          <p className="text-sm">
            {f.unknown.toLocaleString("en-US")} {f.unknown === 1 ? "mail was" : "mails were"} being
            handed to the mail server when the site stopped: they may or may not have arrived, so
            they are never sent again on their own.
          </p>
          <Button variant="outline" onClick={() => setConfirm(true)} disabled={resend.busy}>
            <RotateCcw aria-hidden />
            Send again to these {f.unknown.toLocaleString("en-US")}
          </Button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title="Send again?"
            description={`The letter goes again to the ${f.unknown} addresses whose mail may not have arrived. Some of them may get it twice.`}
            confirmLabel="Send again"
            confirmVariant="primary"
            icon={<RotateCcw aria-hidden />}
            fields={{ intent: "resend-unknown", id: campaign.id }}
          />
        </div>
      )}
      {campaign.clickTracking && (
        <div className="space-y-2">
          <h3 className="text-lg">Clicks per link</h3>
          {open.clicks.length ? (
            <ul className="divide-y divide-border rounded-xl border border-border">
              {open.clicks.map((c) => (
                <li
                  key={c.url}
                  className="flex items-center justify-between gap-4 px-4 py-2 text-sm"
                >
                  <span className="min-w-0 break-all">{c.url}</span>
                  <span className="font-semibold">{c.clicks.toLocaleString("en-US")}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No clicks yet.</p>
          )}
        </div>
      )}
      {open.sentHtml && (
        <LetterPreview html={open.sentHtml} text={open.sentText ?? ""} subject={campaign.subject} />
      )}
    </div>
  );
}
