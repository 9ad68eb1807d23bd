/** The events module's plain e-mails: text plus the same lines as HTML paragraphs; a failed send is logged, never thrown. */
import type { AppContext } from "~workers/load-context";
import { sendEmail } from "~/lib/email.server";

export async function mail(app: AppContext, to: string, subject: string, lines: string[]) {
  const text = lines.join("\n\n");
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  try {
    await sendEmail(app, {
      to,
      subject,
      text,
      html: lines.map((l) => `<p>${escape(l)}</p>`).join(""),
    });
  } catch (error) {
    console.error(`events: could not e-mail "${subject}"`, error);
  }
}
