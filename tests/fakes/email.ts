/**
 * Fake e-mail provider speaking Resend's `POST /emails` (with its
 * `Idempotency-Key` header: a key seen before answers the first message's id
 * and delivers nothing more), plus a mailbox: JSON at /email/messages and an
 * HTML inbox at /email. Fault injection: `POST /_control/email/fail-next`
 * `{count?: 1, status?: 500}` makes the next `count` sends answer `status`
 * and deliver nothing.
 */
import { randomUUID } from "node:crypto";
import type { FakesConfig } from "./config.js";
import {
  bearerToken,
  escapeHtml,
  html,
  isRecord,
  json,
  page,
  params,
  str,
  strList,
  type FakeRequest,
  type Fields,
  type Provider,
  type Reply,
  type Router,
} from "./http.js";

const MAX_RECIPIENTS = 50;

export interface EmailMessage {
  id: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** Resend's `attachments` as sent: file name and base64 content. */
  attachments: { filename: string; content: string }[];
  /** Resend's `headers` as sent (List-Unsubscribe …). */
  headers: Record<string, string>;
  created_at: string;
}

export interface EmailState {
  /** Oldest first. */
  messages: EmailMessage[];
  /** Sends still to fail (fault injection) and with what status. */
  failNext: { count: number; status: number };
  /** Idempotency-Key → the id of the message it delivered. */
  idempotency: Map<string, string>;
}

const resendError = (statusCode: number, name: string, message: string): Reply =>
  json(statusCode, { statusCode, name, message });
const validationError = (message: string): Reply => resendError(422, "validation_error", message);

/** `a@b.c` or `Name <a@b.c>` */
const ADDRESS = /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** The bare address of `Name <a@b.c>`, lower-cased, for matching. */
const bareAddress = (address: string): string =>
  (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

function validate(body: Fields): Reply | Omit<EmailMessage, "id" | "created_at"> {
  const from = str(body, "from");
  if (!from) return validationError("Missing `from` field.");
  if (!ADDRESS.test(from.trim())) {
    return validationError(
      "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.",
    );
  }
  const to = strList(body, "to");
  if (to.length === 0) return validationError("Missing `to` field.");
  if (to.length > MAX_RECIPIENTS)
    return validationError(`Too many recipients. The maximum is ${MAX_RECIPIENTS}.`);
  const invalid = to.find((address) => !ADDRESS.test(address.trim()));
  if (invalid !== undefined)
    return validationError(
      `Invalid \`to\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
    );
  const subject = str(body, "subject");
  if (!subject) return validationError("Missing `subject` field.");
  const htmlBody = str(body, "html") ?? null;
  const text = str(body, "text") ?? null;
  if (htmlBody === null && text === null) return validationError("Missing `html` or `text` field.");
  const rawAttachments = Array.isArray(body.attachments) ? (body.attachments as unknown[]) : [];
  const attachments: { filename: string; content: string }[] = [];
  for (const item of rawAttachments) {
    const filename = isRecord(item) && typeof item.filename === "string" ? item.filename : "";
    const content = isRecord(item) && typeof item.content === "string" ? item.content : "";
    if (!filename || !/^[A-Za-z0-9+/=\s]*$/.test(content))
      return validationError("Invalid `attachments` field: each needs a `filename` and base64 `content`.");
    attachments.push({ filename, content });
  }
  return {
    from,
    to,
    cc: strList(body, "cc"),
    bcc: strList(body, "bcc"),
    reply_to: [...strList(body, "reply_to"), ...strList(body, "replyTo")],
    subject,
    html: htmlBody,
    text,
    attachments,
    headers: isRecord(body.headers)
      ? Object.fromEntries(
          Object.entries(body.headers).filter((e): e is [string, string] => typeof e[1] === "string"),
        )
      : {},
  };
}

/** Escapes text and turns URLs into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

const MIME: Record<string, string> = { svg: "image/svg+xml", ics: "text/calendar", png: "image/png" };

/** Attachments as download links; images shown too. */
function attachmentList(message: EmailMessage): string {
  if (message.attachments.length === 0) return "";
  const items = message.attachments.map((a) => {
    const type = MIME[a.filename.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
    const href = `data:${type};base64,${a.content}`;
    const image = type.startsWith("image/")
      ? `<img class="attachment-image" alt="${escapeHtml(a.filename)}" src="${href}" width="180">`
      : "";
    return `<li>${image}<a download="${escapeHtml(a.filename)}" href="${href}">${escapeHtml(a.filename)}</a></li>`;
  });
  return `<ul class="attachments" aria-label="Attachments">${items.join("")}</ul>`;
}

function mailboxPage(messages: EmailMessage[]): string {
  const items = messages
    .map(
      (message) => `<article class="message" data-id="${escapeHtml(message.id)}">
  <header>
    <h2 class="subject">${escapeHtml(message.subject)}</h2>
    <dl>
      <dt>From</dt><dd class="from">${escapeHtml(message.from)}</dd>
      <dt>To</dt><dd class="to">${escapeHtml(message.to.join(", "))}</dd>
      <dt>Sent</dt><dd><time datetime="${message.created_at}">${escapeHtml(message.created_at.replace("T", " ").replace(/\.\d+Z$/, " UTC"))}</time></dd>
      ${Object.entries(message.headers)
        .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd class="header">${escapeHtml(value)}</dd>`)
        .join("")}
    </dl>
  </header>
  <div class="body">${message.html ?? `<pre>${linkify(message.text ?? "")}</pre>`}</div>
  ${attachmentList(message)}
</article>`,
    )
    .join("\n");
  const content = `<main class="mailbox">
  <h1>Mailbox <span class="muted">(${messages.length} message${messages.length === 1 ? "" : "s"}, newest first · <a href="/email/messages">JSON</a>)</span></h1>
  ${items || '<p class="empty muted">No messages yet.</p>'}
</main>`;
  const style = `
.mailbox{max-width:820px;margin:24px auto;padding:0 16px}
.message{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);margin:16px 0;overflow:hidden}
.message header{padding:14px 18px;border-bottom:1px solid #eee}.subject{font-size:18px;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 8px;margin:0;font-size:13px}dt{color:#6d6d78}dd{margin:0}
.body{padding:14px 18px}.body pre{white-space:pre-wrap;font:inherit;margin:0}
.attachments{list-style:none;margin:0;padding:0 18px 14px;display:flex;gap:16px;flex-wrap:wrap}
.attachments li{display:flex;flex-direction:column;gap:4px;font-size:13px}`;
  return page("Mailbox | fake e-mail", content, style);
}

export function createEmail(config: FakesConfig): Provider<EmailState> {
  const state: EmailState = { messages: [], failNext: { count: 0, status: 500 }, idempotency: new Map() };

  function authorize(req: FakeRequest): Reply | undefined {
    const key = bearerToken(req);
    if (key === undefined) {
      return resendError(
        401,
        "missing_api_key",
        "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY",
      );
    }
    return key === config.EMAIL_API_KEY
      ? undefined
      : resendError(401, "invalid_api_key", "API key is invalid");
  }

  /** Messages for `?to=` (any recipient, case-insensitive), newest first. */
  function query(req: FakeRequest): EmailMessage[] {
    const to = str(params(req), "to")?.toLowerCase();
    const newestFirst = [...state.messages].reverse();
    return to === undefined
      ? newestFirst
      : newestFirst.filter((message) =>
          message.to.some((address) => bareAddress(address) === bareAddress(to)),
        );
  }

  function register(router: Router): void {
    router.post("/email/emails", (req) => {
      const denied = authorize(req);
      if (denied) return denied;
      if (state.failNext.count > 0) {
        state.failNext.count--;
        return resendError(state.failNext.status, "application_error", "Injected failure (fake e-mail)");
      }
      const fields = validate(req.body);
      if ("status" in fields) return fields;
      const rawKey = req.headers["idempotency-key"];
      const key = typeof rawKey === "string" ? rawKey : undefined;
      const earlier = key === undefined ? undefined : state.idempotency.get(key);
      if (earlier !== undefined) return json(200, { id: earlier });
      const message: EmailMessage = { id: randomUUID(), ...fields, created_at: new Date().toISOString() };
      state.messages.push(message);
      if (key !== undefined) state.idempotency.set(key, message.id);
      return json(200, { id: message.id });
    });

    router.post("/_control/email/fail-next", (req) => {
      const count = Number(req.body.count ?? 1);
      const status = Number(req.body.status ?? 500);
      if (!Number.isInteger(count) || count < 0 || !Number.isInteger(status) || status < 400 || status > 599)
        return json(400, { error: "count must be a whole number >= 0, status 400-599" });
      state.failNext = { count, status };
      return json(200, state.failNext);
    });

    router.get("/email/emails/:id", (req, { id }) => {
      const denied = authorize(req);
      if (denied) return denied;
      const message = state.messages.find((candidate) => candidate.id === id);
      return message
        ? json(200, { object: "email", ...message, last_event: "delivered" })
        : resendError(404, "not_found", "Email not found");
    });

    router.get("/email/messages", (req) => json(200, query(req)));

    router.get("/email/messages/latest", (req) => {
      const [latest] = query(req);
      return latest ? json(200, latest) : json(404, { error: "no messages" });
    });

    router.delete("/email/messages", () => {
      const deleted = state.messages.length;
      state.messages = [];
      return json(200, { deleted });
    });

    router.get("/email", (req) => html(200, mailboxPage(query(req))));
  }

  return {
    state,
    register,
    reset: () => {
      state.messages = [];
      state.failNext = { count: 0, status: 500 };
      state.idempotency.clear();
    },
  };
}
