/**
 * Every mail in the site's look: dark, warm gold, serif headings. Text and HTML parts
 * are made from the same content so they never disagree.
 */
import { SITE_NAME } from "~/domain/core/site";
import type { MailMessage } from "./mail.server";

export interface MailContent {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Extra lines under the action, e.g. a list of download links. */
  links?: { label: string; url: string }[];
  footer?: string;
  headers?: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function renderMail(content: MailContent): MailMessage {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.links ?? []).map((l) => `${l.label}: ${l.url}`),
    ...(content.links?.length ? [""] : []),
    "—",
    content.footer ?? SITE_NAME,
  ].join("\n");

  const gold = "#f5c542";
  const html = `<!doctype html><html><body style="margin:0;background:#0f0f0f;color:#f3eee4;font-family:Inter,Segoe UI,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0f0f0f;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#181716;border:1px solid #3a3329;border-radius:16px;padding:36px">
<tr><td style="font-family:'Playfair Display',Georgia,serif;font-size:14px;letter-spacing:3px;text-transform:uppercase;color:${gold}">${escapeHtml(SITE_NAME)}</td></tr>
<tr><td style="padding-top:16px;font-family:'Playfair Display',Georgia,serif;font-size:26px;color:#f3eee4">${escapeHtml(content.heading)}</td></tr>
${content.paragraphs.map((p) => `<tr><td style="padding-top:14px;font-size:15px;line-height:1.6;color:#d8d1c4">${escapeHtml(p)}</td></tr>`).join("\n")}
${content.action ? `<tr><td style="padding-top:26px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${gold};color:#0f0f0f;text-decoration:none;font-weight:600;padding:12px 26px;border-radius:999px">${escapeHtml(content.action.label)}</a></td></tr>` : ""}
${(content.links ?? []).map((l) => `<tr><td style="padding-top:10px;font-size:15px"><a href="${escapeHtml(l.url)}" style="color:${gold}">${escapeHtml(l.label)}</a></td></tr>`).join("\n")}
<tr><td style="padding-top:30px;border-top:1px solid #3a3329;margin-top:30px;font-size:12px;color:#8f877a">${escapeHtml(content.footer ?? SITE_NAME)}</td></tr>
</table></td></tr></table></body></html>`;

  return { to: content.to, subject: content.subject, text, html, headers: content.headers };
}
