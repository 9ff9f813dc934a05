import { cn } from "~/lib/cn";

/**
 * The LOE emblem, drawn inline so it takes the theme's colours and the page's own
 * display font, and costs no extra request above the fold.
 */
export function LoeLogo({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 200 200"
      role="img"
      aria-label="LOE logo"
      className={cn("text-primary", className)}
    >
      <circle cx="100" cy="100" r="94" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle
        cx="100"
        cy="100"
        r="84"
        fill="none"
        stroke="currentColor"
        strokeWidth="1"
        strokeDasharray="2 5"
        opacity="0.7"
      />
      <text
        x="100"
        y="116"
        textAnchor="middle"
        fill="currentColor"
        style={{ fontFamily: "var(--font-display)", fontSize: "56px", letterSpacing: "4px" }}
      >
        LOE
      </text>
      {/* A trombone slide under the letters. */}
      <path
        d="M52 134 H148 M52 142 H148 M148 134 a4 4 0 0 1 0 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        opacity="0.85"
      />
      <circle cx="100" cy="62" r="3" fill="currentColor" />
    </svg>
  );
}
