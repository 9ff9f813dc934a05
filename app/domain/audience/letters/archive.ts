/** The public newsletter archive's words (issue 22): /newsletter and /newsletter/<slug>. */
export const NEWSLETTER_ARCHIVE_TEXT = {
  title: "Newsletter",
  description: "Letters sent to the mailing list: new music, concerts and news, as they went out.",
  empty: "No letters have been published yet. Sign up below the page to get the next one.",
  back: "← All letters",
} as const;
