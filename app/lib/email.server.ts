/**
 * Transactional e-mail over HTTP (Resend-compatible `POST {EMAIL_API_URL}/emails`).
 * Locally EMAIL_API_URL points at the fake mailbox.
 */
import type { AppContext } from "~workers/load-context";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Resend's attachments: a file name and its content, base64. */
  attachments?: { filename: string; content: string }[];
  /** Resend's `Idempotency-Key`: the same key within 24 hours is delivered once. */
  idempotencyKey?: string;
  /** Extra message headers (Resend's `headers`), e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export async function sendEmail(app: AppContext, message: EmailMessage): Promise<void> {
  const { env } = app;
  const res = await fetch(`${env.EMAIL_API_URL.replace(/\/$/, "")}/emails`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${env.EMAIL_API_KEY ?? ""}`,
      ...(message.idempotencyKey ? { "Idempotency-Key": message.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      from: env.EMAIL_FROM,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    }),
  });
  if (!res.ok) throw new Error(`e-mail API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain e-mail with one call-to-action link. */
export function actionEmail(opts: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): EmailMessage {
  return {
    to: opts.to,
    subject: opts.subject,
    text: `${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}`,
    html: `<p>${escapeHtml(opts.intro)}</p><p><a href="${escapeHtml(opts.url)}">${escapeHtml(opts.action)}</a></p><p>${escapeHtml(opts.outro)}</p>`,
  };
}
