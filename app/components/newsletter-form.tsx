import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { Check, Loader2, Send } from "lucide-react";
import { cn } from "~/lib/cn";
import {
  NEWSLETTER_TEXT,
  SUBSCRIBED_STATE_MS,
  newsletterProblem,
  type NewsletterResponse,
} from "~/domain/audience/newsletter/signup";
import { Button } from "./ui/button";
import { CityPicker, type PickedCity } from "./city-picker";

export interface NewsletterFormProps {
  className?: string;
  heading?: string;
  description?: string;
}

type FormState = "idle" | "submitting" | "subscribed";

/** What a form posted without JavaScript came back with (?newsletter=…). */
const NO_SCRIPT_OUTCOMES: Record<string, { text: string; ok: boolean }> = {
  subscribed: {
    text: `${NEWSLETTER_TEXT.successTitle} ${NEWSLETTER_TEXT.successDescription}`,
    ok: true,
  },
  already: { text: NEWSLETTER_TEXT.alreadySubscribed, ok: true },
  invalid: { text: NEWSLETTER_TEXT.invalidDescription, ok: false },
  error: { text: NEWSLETTER_TEXT.failedDescription, ok: false },
};

/**
 * The one newsletter sign-up (home, contact, shop maintenance): idle, submitting,
 * "Subscribed!" for 3 s, then idle again (spec §4). Without JavaScript the form posts
 * to the same endpoint, which sends the visitor back here with the outcome.
 */
export function NewsletterForm({ className, heading, description }: NewsletterFormProps) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<FormState>("idle");
  const [city, setCity] = useState<PickedCity | null>(null);
  // Bumped after a sign-up, so the city field starts empty again.
  const [cityField, setCityField] = useState(0);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [searchParams] = useSearchParams();
  const noScriptOutcome = NO_SCRIPT_OUTCOMES[searchParams.get("newsletter") ?? ""];
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const headingId = `${id}-heading`;

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === "submitting") return;
    const problem = newsletterProblem(email);
    if (problem) {
      const [title, text] =
        problem === "required"
          ? [NEWSLETTER_TEXT.requiredTitle, NEWSLETTER_TEXT.requiredDescription]
          : [NEWSLETTER_TEXT.invalidTitle, NEWSLETTER_TEXT.invalidDescription];
      setFieldError(text);
      toast.error(title, { description: text });
      return;
    }
    setFieldError(null);
    setState("submitting");
    try {
      const response = await fetch("/api/newsletter-subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(city ? { email, cityId: city.id } : { email }),
      });
      const body = (await response.json().catch(() => null)) as NewsletterResponse | null;
      if (response.ok && body && "success" in body && body.success) {
        toast.success(NEWSLETTER_TEXT.successTitle, {
          description: NEWSLETTER_TEXT.successDescription,
        });
        setEmail("");
        setCity(null);
        setCityField((n) => n + 1);
        setState("subscribed");
        clearTimeout(resetTimer.current);
        resetTimer.current = setTimeout(() => setState("idle"), SUBSCRIBED_STATE_MS);
        return;
      }
      if (response.ok && body && "error" in body) {
        toast(NEWSLETTER_TEXT.alreadyTitle, { description: body.error });
      } else {
        toast.error(NEWSLETTER_TEXT.failedTitle, {
          description: NEWSLETTER_TEXT.failedDescription,
        });
      }
    } catch {
      toast.error(NEWSLETTER_TEXT.failedTitle, { description: NEWSLETTER_TEXT.failedDescription });
    }
    setState("idle");
  }

  return (
    <div
      id="newsletter"
      className={cn("w-full scroll-mt-24", className)}
      aria-labelledby={heading ? headingId : undefined}
      role={heading ? "region" : undefined}
    >
      {heading && (
        <h2 id={headingId} className="text-2xl sm:text-3xl">
          {heading}
        </h2>
      )}
      {description && <p className="mt-3 leading-relaxed text-muted-foreground">{description}</p>}
      <form
        method="post"
        action="/api/newsletter-subscribe"
        onSubmit={onSubmit}
        noValidate
        className={cn("flex flex-col gap-4", (heading || description) && "mt-6")}
        data-testid="newsletter-form"
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="flex-1">
            <label htmlFor={inputId} className="sr-only">
              Email address
            </label>
            <input
              id={inputId}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="your@email.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError) setFieldError(null);
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              className="h-12 w-full rounded-full border border-border bg-background/60 px-5 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-primary"
            />
            {fieldError && (
              <p id={errorId} className="mt-2 px-5 text-sm text-destructive">
                {fieldError}
              </p>
            )}
          </div>
          <Button
            type="submit"
            size="lg"
            className="h-12 min-w-40"
            disabled={state === "submitting"}
            aria-live="polite"
          >
            {state === "submitting" ? (
              <>
                <Loader2 aria-hidden className="animate-spin" /> Subscribing...
              </>
            ) : state === "subscribed" ? (
              <>
                <Check aria-hidden /> {NEWSLETTER_TEXT.subscribedButton}
              </>
            ) : (
              <>
                <Send aria-hidden /> Subscribe
              </>
            )}
          </Button>
        </div>
        <CityPicker
          key={cityField}
          label={NEWSLETTER_TEXT.cityLabel}
          idName="cityId"
          onPick={setCity}
          className="text-left"
          inputClassName="rounded-full px-5"
        />
      </form>
      {noScriptOutcome && state === "idle" && (
        <p
          role="status"
          className={cn(
            "mt-3 px-5 text-sm",
            noScriptOutcome.ok ? "text-primary" : "text-destructive",
          )}
        >
          {noScriptOutcome.text}
        </p>
      )}
    </div>
  );
}
