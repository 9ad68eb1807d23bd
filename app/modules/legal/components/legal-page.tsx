import type { ReactNode } from "react";

/** The frame of /privacy and /terms: one readable column, comfortable on a phone. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <div className="mt-2 text-gray-600">{intro}</div>
      <div className="mt-6 space-y-8 leading-relaxed text-gray-800">{children}</div>
    </main>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900 sm:text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const list = "list-disc space-y-1.5 pl-5";

export function SupportLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="break-all font-medium text-brand underline">
      {email}
    </a>
  );
}
