/**
 * The shop's mails: the order confirmation with download links, the late-capture
 * refund notice, the refund notice, the answer to "Lost your download links?" and the shipping notice.
 * All go through the outbox, so a dead SMTP server delays them but never loses them.
 */
import { REDEEM_PATH } from "~/domain/shop/downloads/download-code";
import { shortOrderId } from "~/domain/shop/downloads/downloads";
import { formatPrice } from "~/domain/core/money";
import { preorderMailSentence, releaseMovedSentence } from "~/domain/shop/catalogue/preorder";
import {
  formatShippingAddress,
  type ShippingAddress,
} from "~/domain/shop/shipping/shipping-address";
import { countryName } from "~/domain/shop/shipping/shipping-rates";
import { SITE_NAME } from "~/domain/core/site";
import type { MailMessage } from "./mail.server";
import { renderMail } from "./mail-template.server";

export const RECOVER_PATH = "/downloads/recover";

export interface MailLine {
  title: string;
  quantity: number;
  lineTotal: number;
}

export interface MailDownload {
  title: string;
  url: string;
  downloadLimit: number;
  expiresAt: Date;
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});

function linkRules(downloads: readonly MailDownload[]): string {
  const first = downloads[0]!;
  const same = downloads.every(
    (d) => d.downloadLimit === first.downloadLimit && +d.expiresAt === +first.expiresAt,
  );
  return same
    ? `Each link works ${first.downloadLimit} ${first.downloadLimit === 1 ? "time" : "times"} until ${dateFormat.format(first.expiresAt)}.`
    : "Each link works a limited number of times and until the date shown beside it.";
}

function downloadLinks(downloads: readonly MailDownload[]) {
  const same = downloads.every(
    (d) =>
      d.downloadLimit === downloads[0]!.downloadLimit && +d.expiresAt === +downloads[0]!.expiresAt,
  );
  return downloads.map((d) => ({
    label: same
      ? `Download: ${d.title}`
      : `Download: ${d.title} (${d.downloadLimit}×, until ${dateFormat.format(d.expiresAt)})`,
    url: d.url,
  }));
}

export function orderConfirmationMail(input: {
  to: string;
  orderId: string;
  total: number;
  lines: readonly MailLine[];
  downloads: readonly MailDownload[];
  demo: boolean;
  siteUrl: string;
  /** Physical orders: where the goods go. */
  shippingAddress?: ShippingAddress | null;
  /** Records with a digital twin: the download codes that come with them (issue 23). */
  twinCodes?: readonly { title: string; codes: readonly string[] }[];
  /** Shipping charged (in the total) and the country it was charged for. */
  shipping?: { amount: number; country: string } | null;
  /** Pre-ordered lines (issue 24): when their files come or their parcel is sent. */
  preorders?: readonly { title: string; releaseDate: string; physical: boolean }[];
}): MailMessage {
  const ref = shortOrderId(input.orderId);
  const twinCodes = input.twinCodes ?? [];
  const preorders = input.preorders ?? [];
  const paragraphs = [
    input.demo
      ? `Thank you! This was a demo order ${ref}: no money moved.`
      : `Thank you for your order ${ref}. Your payment of ${formatPrice(input.total)} is complete.`,
    ...input.lines.map((l) => `${l.quantity} × ${l.title} — ${formatPrice(l.lineTotal)}`),
    ...(input.shipping
      ? [
          `Shipping to ${countryName(input.shipping.country)} — ${input.shipping.amount === 0 ? "free" : formatPrice(input.shipping.amount)}`,
        ]
      : []),
    `Total: ${formatPrice(input.total)}`,
  ];
  if (input.shippingAddress) {
    paragraphs.push(
      `We will send your order to: ${formatShippingAddress(input.shippingAddress).join(", ")}. You will get another e-mail when it is on its way.`,
    );
  }
  for (const preorder of preorders) paragraphs.push(preorderMailSentence(preorder));
  if (input.downloads.length) {
    paragraphs.push(
      `Your download ${input.downloads.length === 1 ? "link is" : "links are"} below. ${linkRules(input.downloads)} Each PDF is licensed to you and carries your e-mail address.`,
    );
  }
  for (const twin of twinCodes) {
    const one = twin.codes.length === 1;
    paragraphs.push(
      `Your record comes with its download: ${twin.title}. Your download ${one ? "code is" : "codes are"} ${twin.codes.join(", ")}. Redeem ${one ? "it" : "each"} at ${input.siteUrl}${REDEEM_PATH}, or give ${one ? "it" : "them"} to a friend: each code works once.`,
    );
  }
  return renderMail({
    to: input.to,
    subject: input.downloads.length
      ? `Your download links – order ${ref}`
      : `Your order ${ref} from ${SITE_NAME}`,
    heading: input.downloads.length ? "Your music is ready" : "Thank you for your order",
    paragraphs,
    links: [
      ...downloadLinks(input.downloads),
      ...(twinCodes.length
        ? [{ label: "Redeem a download code", url: `${input.siteUrl}${REDEEM_PATH}` }]
        : []),
    ],
    footer: `${SITE_NAME} · Lost your links? ${input.siteUrl}${RECOVER_PATH}`,
  });
}

export function lateCaptureRefundMail(input: {
  to: string;
  orderId: string;
  total: number;
  soldOutTitle: string;
  captureId: string;
  siteUrl: string;
}): MailMessage {
  const ref = shortOrderId(input.orderId);
  return renderMail({
    to: input.to,
    subject: `Your payment was refunded – order ${ref}`,
    heading: "Sorry: it sold out",
    paragraphs: [
      `"${input.soldOutTitle}" sold out before your payment for order ${ref} reached us, so we could not complete the order.`,
      `We have refunded your payment of ${formatPrice(input.total)} in full to your PayPal account (transaction ${input.captureId}). PayPal usually shows refunds within a few days.`,
      "Nothing else is needed from you. We are sorry for the trouble.",
    ],
    action: { label: "Back to the shop", url: `${input.siteUrl}/shop` },
  });
}

/**
 * The buyer's notice of a full refund (from the back office or PayPal's dashboard):
 * what was refunded, how much, and, when the order had downloads, that its links no
 * longer work, so a dead link is explained before it is clicked.
 */
export function orderRefundedMail(input: {
  to: string;
  orderId: string;
  total: number;
  lines: readonly MailLine[];
  /** The order had download links, which the refund ended. */
  hadDownloads: boolean;
  demo: boolean;
  siteUrl: string;
}): MailMessage {
  const ref = shortOrderId(input.orderId);
  const paragraphs = [
    input.demo
      ? `Your demo order ${ref} has been refunded. No money moved.`
      : `Your order ${ref} has been refunded in full: ${formatPrice(input.total)} goes back to the account you paid with. PayPal usually shows refunds within a few days.`,
    "What was refunded:",
    ...input.lines.map((l) => `${l.quantity} × ${l.title} — ${formatPrice(l.lineTotal)}`),
    `Total refunded: ${formatPrice(input.total)}`,
  ];
  if (input.hadDownloads) {
    paragraphs.push("The download links of this order no longer work.");
  }
  paragraphs.push(
    `If you have a question about this refund, please write to us: ${input.siteUrl}/contact`,
  );
  return renderMail({
    to: input.to,
    subject: `Your order ${ref} has been refunded`,
    heading: "Your order has been refunded",
    paragraphs,
    action: { label: "Visit the shop", url: `${input.siteUrl}/shop` },
  });
}

export function recoveredLinksMail(input: {
  to: string;
  downloads: readonly (MailDownload & { orderId: string })[];
  siteUrl: string;
}): MailMessage {
  if (!input.downloads.length) {
    return renderMail({
      to: input.to,
      subject: `Your download links from ${SITE_NAME}`,
      heading: "No downloads found",
      paragraphs: [
        "Someone (hopefully you) asked for fresh download links for this address.",
        "We have no completed orders with downloads for it. If you bought with another e-mail address, please ask again with that one. If you did not ask, you can ignore this mail.",
      ],
      action: { label: "Visit the shop", url: `${input.siteUrl}/shop` },
    });
  }
  return renderMail({
    to: input.to,
    subject: `Your fresh download links from ${SITE_NAME}`,
    heading: "Your fresh download links",
    paragraphs: [
      "Here are new links for everything you bought with this address. Older links no longer work.",
      linkRules(input.downloads),
    ],
    links: downloadLinks(input.downloads).map((link, i) => ({
      ...link,
      label: `${link.label} (order ${shortOrderId(input.downloads[i]!.orderId)})`,
    })),
  });
}

/** The buyer's notice that the physical goods of an order are on their way. */
export function orderShippedMail(input: {
  to: string;
  orderId: string;
  lines: readonly Pick<MailLine, "title" | "quantity">[];
  shippingAddress: ShippingAddress | null;
  carrier: string | null;
  trackingNumber: string | null;
  siteUrl: string;
}): MailMessage {
  const ref = shortOrderId(input.orderId);
  const paragraphs = [
    `Good news: your order ${ref} has been shipped.`,
    ...input.lines.map((l) => `${l.quantity} × ${l.title}`),
  ];
  if (input.shippingAddress) {
    paragraphs.push(
      `It is on its way to: ${formatShippingAddress(input.shippingAddress).join(", ")}.`,
    );
  }
  if (input.carrier && input.trackingNumber) {
    paragraphs.push(`Carrier: ${input.carrier}. Tracking number: ${input.trackingNumber}.`);
  } else if (input.carrier) {
    paragraphs.push(`Carrier: ${input.carrier}.`);
  } else if (input.trackingNumber) {
    paragraphs.push(`Tracking number: ${input.trackingNumber}.`);
  }
  paragraphs.push(
    `If anything arrives damaged or does not arrive, please write to us: ${input.siteUrl}/contact`,
  );
  return renderMail({
    to: input.to,
    subject: `Your order ${ref} has shipped`,
    heading: "Your order is on its way",
    paragraphs,
    action: { label: "Visit the shop", url: `${input.siteUrl}/shop` },
  });
}

/** The answer to a redeemed download code: the item's links, its limit and expiry. */
export function redeemedCodeMail(input: {
  to: string;
  title: string;
  downloads: readonly MailDownload[];
  siteUrl: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `Your download: ${input.title}`,
    heading: "Your music is ready",
    paragraphs: [
      `Thank you for redeeming your download code for "${input.title}".`,
      `Your download ${input.downloads.length === 1 ? "link is" : "links are"} below. ${linkRules(input.downloads)} Each PDF is licensed to you and carries your e-mail address.`,
    ],
    links: downloadLinks(input.downloads),
    footer: `${SITE_NAME} · Lost your links? ${input.siteUrl}${RECOVER_PATH}`,
  });
}

/**
 * A pre-order's release day has come (issue 24): the download links and twin codes of
 * the lines released, which the order confirmation could not carry yet.
 */
export function preorderReleasedMail(input: {
  to: string;
  orderId: string;
  titles: readonly string[];
  downloads: readonly MailDownload[];
  twinCodes: readonly { title: string; codes: readonly string[] }[];
  siteUrl: string;
}): MailMessage {
  const ref = shortOrderId(input.orderId);
  const paragraphs = [
    `Release day: ${input.titles.map((t) => `"${t}"`).join(", ")}, which you pre-ordered with order ${ref}, is out today.`,
  ];
  if (input.downloads.length) {
    paragraphs.push(
      `Your download ${input.downloads.length === 1 ? "link is" : "links are"} below. ${linkRules(input.downloads)} Each PDF is licensed to you and carries your e-mail address.`,
    );
  }
  for (const twin of input.twinCodes) {
    const one = twin.codes.length === 1;
    paragraphs.push(
      `Your record comes with its download: ${twin.title}. Your download ${one ? "code is" : "codes are"} ${twin.codes.join(", ")}. Redeem ${one ? "it" : "each"} at ${input.siteUrl}${REDEEM_PATH}, or give ${one ? "it" : "them"} to a friend: each code works once.`,
    );
  }
  return renderMail({
    to: input.to,
    subject: `Released today: your download – order ${ref}`,
    heading: "Your pre-order is out",
    paragraphs,
    links: [
      ...downloadLinks(input.downloads),
      ...(input.twinCodes.length
        ? [{ label: "Redeem a download code", url: `${input.siteUrl}${REDEEM_PATH}` }]
        : []),
    ],
    footer: `${SITE_NAME} · Lost your links? ${input.siteUrl}${RECOVER_PATH}`,
  });
}

/** The artist moved a pre-order's release day: its buyers are told the new one. */
export function releaseDateMovedMail(input: {
  to: string;
  orderId: string;
  title: string;
  from: string;
  releaseDate: string;
  physical: boolean;
  siteUrl: string;
}): MailMessage {
  const ref = shortOrderId(input.orderId);
  return renderMail({
    to: input.to,
    subject: `New release date for your pre-order – order ${ref}`,
    heading: "Your pre-order has a new release date",
    paragraphs: [
      releaseMovedSentence({
        title: input.title,
        from: input.from,
        to: input.releaseDate,
        physical: input.physical,
      }),
      `Your order ${ref} stays as it is: nothing is needed from you. If you have a question, please write to us: ${input.siteUrl}/contact`,
    ],
    action: { label: "Visit the shop", url: `${input.siteUrl}/shop` },
  });
}
