/**
 * Helpers for browser tests against the PayPal-mode server (global-setup's shop
 * block): buy through the shop's own endpoints with the fake PayPal approving, and
 * read what the site mailed from the SMTP catcher.
 */
import { expect, inject } from "vitest";
import type { E2EShopItem } from "./global-setup";
import { readCaughtMail, type CaughtMail } from "~/server/testing/smtp-catcher.server";

export function paypalMode() {
  return {
    appUrl: inject("paypalAppUrl"),
    fakeUrl: inject("fakePaypalUrl"),
    mailDir: inject("paypalMailDir"),
    items: inject("paypalShopItems"),
  };
}

export function shopItem(title: string): E2EShopItem {
  const item = paypalMode().items.find((i) => i.title === title);
  if (!item) throw new Error(`No demo shop item "${title}"`);
  return item;
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** create-provider-order, the buyer approves at the fake PayPal, create-order. */
export async function buyThroughApi(
  lines: { item: E2EShopItem; quantity: number }[],
  customerEmail: string,
) {
  const { appUrl, fakeUrl } = paypalMode();
  const created = await postJson(`${appUrl}/api/create-provider-order`, {
    items: lines.map(({ item, quantity }) => ({
      id: item.id,
      title: item.title,
      price: item.price,
      quantity,
      category: item.category,
    })),
    customerEmail,
    // The demo's shipping zones price physical items to a destination (decision 039).
    shippingCountry: "US",
  });
  expect(created.status).toBe(200);
  const { orderID } = created.json as { orderID: string };
  const approved = await fetch(`${fakeUrl}/__test/approve/${orderID}`, { method: "POST" });
  expect(approved.status).toBe(200);
  const items = lines.map(({ item, quantity }) => ({
    shopItemId: item.id,
    quantity,
    pricePerItem: item.price,
  }));
  const recorded = await postJson(`${appUrl}/api/create-order`, {
    customerEmail,
    paypalOrderId: orderID,
    items,
    totalAmount: Math.round(items.reduce((s, i) => s + i.pricePerItem * i.quantity, 0) * 100) / 100,
  });
  expect(recorded).toMatchObject({ status: 200, json: { success: true } });
  return { orderID, result: recorded.json };
}

/** Waits until the catcher holds a mail to `to` that `matches`, and returns it. */
export async function waitForMail(
  to: string,
  matches: (mail: CaughtMail) => boolean,
  timeoutMs = 20_000,
): Promise<CaughtMail> {
  const { mailDir } = paypalMode();
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readCaughtMail(mailDir).find((m) => m.to.includes(address) && matches(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The /download/<token> links in a mail, as paths. */
export function downloadPaths(mail: CaughtMail): string[] {
  return [...new Set([...mail.body.matchAll(/\/download\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0]))];
}
